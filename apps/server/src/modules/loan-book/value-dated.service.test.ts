import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@lending/lending';
import { AppError } from '../../shared/app-error.js';
import { indiaDateOf } from '../../shared/india-date.js';
import { queryRows } from '../../shared/sql-rows.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { runDayEnd } from '../day-end/index.js';
import { checkLedger, findOrder, postRepayment, type LoanBookDeps } from './index.js';
import { loanBookDeps, makeActiveOrder, makeProduct } from '../../testing/loan-book.factories.js';
import { ledgerJournals } from '../ledger/tables.js';
import { repayments } from './repayments.table.js';

const DAY = 86_400_000;
let t: TestApp;
let deps: LoanBookDeps;
let productId: number;

beforeAll(async () => {
  t = await buildTestApp({ demoData: false });
  deps = loanBookDeps(t.db, t.clock);
  productId = (await makeProduct(deps)).id;
});
afterAll(() => t.close());
afterEach(async () => {
  const check = await checkLedger(t.db);
  expect(check.unbalancedJournals).toEqual([]);
  expect(check.mismatchedOrders).toEqual([]);
});

async function advanceDays(days: number) {
  t.clock.advance(days * DAY);
  await runDayEnd({ db: t.db, clock: t.clock, holder: 'test' });
}

const today = () => indiaDateOf(t.clock.now());
let n = 0;
const key = (label: string) => `${label}-vd-${++n}`;

/** Per account, without accounts that net to zero. */
async function accountTotals(orderId: number): Promise<Record<string, bigint>> {
  const rows = await queryRows(
    t.db,
    sql`select e.account, sum(e.amount_paise)::text as total from ledger_entries e join ledger_journals j on j.id = e.journal_id where j.order_id = ${orderId} group by e.account`,
  );
  return Object.fromEntries(
    rows.map((r) => [String(r.account), BigInt(String(r.total))]).filter(([, v]) => v !== 0n),
  );
}

function standingOf(row: NonNullable<Awaited<ReturnType<typeof findOrder>>>) {
  return {
    status: row.status,
    closureType: row.closureType,
    overdueDays: row.overdueDays,
    overdueBand: row.overdueBand,
    outstanding: [
      row.outstandingPrincipalPaise,
      row.outstandingInterestPaise,
      row.outstandingFeePaise,
      row.outstandingGstPaise,
      row.outstandingPenalPaise,
    ],
    penalCharged: row.penalChargedPaise,
    overpaid: row.overpaidPaise,
  };
}

describe('value-dated repayments on the server (decision 0022)', () => {
  it('paid 4,563.00 on day 14, posted on day 17 with its value date: the same book as posting on day 14', async () => {
    const late = await makeActiveOrder(deps, productId);
    const onTheDay = await makeActiveOrder(deps, productId);
    await advanceDays(14);
    const day14 = today();
    await postRepayment(
      deps,
      { orderId: onTheDay.id, idempotencyKey: key('day14'), amountPaise: 456_300n, channel: 'upi' },
      null,
    );
    await advanceDays(3);
    const beforePosting = await findOrder(t.db, late.id);
    expect(beforePosting).toMatchObject({ status: 'OVERDUE', overdueDays: 3 });
    expect(beforePosting!.outstandingPenalPaise).toBeGreaterThan(0n);

    const input = {
      orderId: late.id,
      idempotencyKey: key('late'),
      amountPaise: 456_300n,
      channel: 'bankTransfer',
      valueDate: day14,
    };
    const posted = await postRepayment(deps, input, 7);
    expect(posted).toMatchObject({
      status: 'CLEARED',
      closureType: 'ON_TIME',
      valueDate: day14,
      excessPaise: 0,
    });
    const a = (await findOrder(t.db, late.id))!;
    const b = (await findOrder(t.db, onTheDay.id))!;
    expect(standingOf(a)).toEqual(standingOf(b));
    expect(a.clearedDate).toBe(day14);
    expect(a.outstandingPenalPaise).toBe(0n);
    expect(a.penalChargedPaise).toBe(0n);
    expect(await accountTotals(late.id)).toEqual(await accountTotals(onTheDay.id));

    // The accruals after day 14 were reversed (booked today, valued on their days), not deleted.
    const reversals = await t.db
      .select()
      .from(ledgerJournals)
      .where(
        and(eq(ledgerJournals.orderId, late.id), eq(ledgerJournals.eventType, 'valueDateReversal')),
      );
    expect(reversals.length).toBeGreaterThan(0);
    for (const r of reversals) {
      expect(r.businessDate).toBe(today());
      expect(r.reversesJournalId).not.toBeNull();
      expect(r.valueDate! >= day14).toBe(true);
    }
    const [row] = await t.db
      .select()
      .from(repayments)
      .where(eq(repayments.id, posted.repaymentId!));
    expect(row).toMatchObject({ valueDate: day14, businessDate: today(), overdueDaysWhenPaid: 0 });

    // The same key again: the same answer, no new journal.
    const journalsBefore = (
      await t.db.select().from(ledgerJournals).where(eq(ledgerJournals.orderId, late.id))
    ).length;
    expect(await postRepayment(deps, input, 7)).toEqual(posted);
    expect(
      (await t.db.select().from(ledgerJournals).where(eq(ledgerJournals.orderId, late.id))).length,
    ).toBe(journalsBefore);
  });

  it('a partial payment valued in the past leaves the order owing with overdue days recounted', async () => {
    const order = await makeActiveOrder(deps, productId);
    await advanceDays(18);
    const valued = addDays(today(), -2);
    const posted = await postRepayment(
      deps,
      {
        orderId: order.id,
        idempotencyKey: key('partial'),
        amountPaise: 100_000n,
        channel: 'cashDeposit',
        valueDate: valued,
      },
      7,
    );
    expect(posted).toMatchObject({ status: 'OVERDUE', valueDate: valued });
    const row = (await findOrder(t.db, order.id))!;
    expect(row.overdueDays).toBe(4);
    const [rep] = await t.db
      .select()
      .from(repayments)
      .where(and(eq(repayments.orderId, order.id), isNotNull(repayments.overdueDaysWhenPaid)));
    expect(rep!.overdueDaysWhenPaid).toBe(2);
  });

  it('refuses a value date in the future or before disbursal, naming valueDate', async () => {
    const order = await makeActiveOrder(deps, productId);
    const disbursed = today();
    await advanceDays(2);
    for (const valueDate of [addDays(today(), 1), addDays(disbursed, -1)]) {
      const error = await postRepayment(
        deps,
        {
          orderId: order.id,
          idempotencyKey: key('bad'),
          amountPaise: 1_000n,
          channel: 'upi',
          valueDate,
        },
        7,
      ).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).key).toBe('validationFailed');
      expect((error as AppError).params.field).toBe('valueDate');
    }
  });
});
