import { financeApi, reportApi } from '@lending/contract';
import { and, eq, sql } from 'drizzle-orm';
import { addDays } from '@lending/lending';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { manualGateways } from '../../integrations/testing/manual-gateways.js';
import { indiaDateOf, startOfIndiaDate } from '../../shared/india-date.js';
import { queryRows } from '../../shared/sql-rows.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { callEndpoint, loginAs } from '../../testing/factories.js';
import { ensureVirtualAccount } from '../collections/index.js';
import { collectionCredits } from '../collections/tables.js';
import { runDayEnd } from '../day-end/index.js';
import { checkLedger, findOrder, postRepayment, type LoanBookDeps } from '../loan-book/index.js';
import { loanBookDeps, makeActiveOrder, makeProduct } from '../../testing/loan-book.factories.js';
import { repayments } from '../loan-book/repayments.table.js';
import { reconciliationBreaks } from './finance.table.js';
import type { ReconciliationDeps } from './reconciliation.service.js';
import { runScheduledReconciliation } from './scheduled-reconciliation.js';

/**
 * A credit whose webhook was lost and that reconciliation finds days later is valued on the day
 * the borrower paid (decision 0065): the order ends as if the webhook had come on time.
 */
let t: TestApp;
let deps: LoanBookDeps;
let reconciliation: ReconciliationDeps;
let productId: number;
const gateways = manualGateways(() => t.app);

beforeAll(async () => {
  t = await buildTestApp({ demoData: false, gateways });
  deps = loanBookDeps(t.db, t.clock);
  reconciliation = {
    db: t.db,
    clock: t.clock,
    loanBook: deps,
    collections: t.app.integrations.collections,
    payouts: t.app.integrations.payouts.gateway,
  };
  productId = (await makeProduct(deps)).id;
}, 60_000);
afterAll(() => t.close());
afterEach(async () => {
  const check = await checkLedger(t.db);
  expect(check.unbalancedJournals).toEqual([]);
  expect(check.mismatchedOrders).toEqual([]);
});

const today = () => indiaDateOf(t.clock.now());
/** Moves the clock to an India date and time (minutes after India midnight). */
const moveTo = (date: string, minutes: number) =>
  t.clock.advance(startOfIndiaDate(date).getTime() + minutes * 60_000 - t.clock.now().getTime());

async function orderWithAccount() {
  const order = await makeActiveOrder(deps, productId);
  const row = (await findOrder(t.db, order.id))!;
  const account = await ensureVirtualAccount(
    t.db,
    t.app.integrations.collections,
    { customerId: row.customerId, name: 'Test' },
    t.clock.now(),
  );
  return { id: order.id, accountNumber: account.accountNumber };
}

function standingOf(row: NonNullable<Awaited<ReturnType<typeof findOrder>>>) {
  return {
    status: row.status,
    closureType: row.closureType,
    clearedDate: row.clearedDate,
    overdueDays: row.overdueDays,
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

/** Per ledger account, the order's balance (accounts netting to zero left out). */
async function accountTotals(orderId: number): Promise<Record<string, bigint>> {
  const rows = await queryRows(
    t.db,
    sql`select e.account, sum(e.amount_paise)::text as total from ledger_entries e
        join ledger_journals j on j.id = e.journal_id where j.order_id = ${orderId}
        group by e.account`,
  );
  return Object.fromEntries(
    rows.map((r) => [String(r.account), BigInt(String(r.total))]).filter(([, v]) => v !== 0n),
  );
}

async function journalCount(orderId: number) {
  const [row] = await queryRows(
    t.db,
    sql`select count(*)::int as n from ledger_journals where order_id = ${orderId}`,
  );
  return Number(row!.n);
}

async function advanceDayEnds(days: number) {
  for (let i = 0; i < days; i += 1) {
    moveTo(addDays(today(), 1), 30);
    await runDayEnd({ db: t.db, clock: t.clock, holder: 'test' });
  }
}

describe('a credit reconciliation finds late is valued on the day the borrower paid', () => {
  it('found two days late: the same order, balances and ledger as its twin whose webhook came', async () => {
    const onTime = await orderWithAccount();
    const lost = await orderWithAccount();
    await advanceDayEnds(14);
    moveTo(today(), 11 * 60);
    const paidOn = today();

    const sandbox = t.app.integrations.collections;
    sandbox.simulateCredit({ accountNumber: onTime.accountNumber, amountPaise: 456_300n });
    await gateways.scheduler.runAllReversed();
    const { paymentId } = sandbox.simulateCredit({
      accountNumber: lost.accountNumber,
      amountPaise: 456_300n,
    });
    gateways.scheduler.stop(); // its webhook never arrives
    expect(await findOrder(t.db, onTime.id)).toMatchObject({ status: 'CLEARED' });

    // The server is down two nights; the borrower's loan runs overdue in the book meanwhile.
    await advanceDayEnds(2);
    const before = (await findOrder(t.db, lost.id))!;
    expect(before.status).toBe('OVERDUE');
    expect(before.outstandingPenalPaise).toBeGreaterThan(0n);

    moveTo(today(), 3 * 60);
    const run = await runScheduledReconciliation(reconciliation, '02:00');
    expect(run.reconciled).toContain(paidOn);

    const a = (await findOrder(t.db, onTime.id))!;
    const b = (await findOrder(t.db, lost.id))!;
    expect(standingOf(b)).toEqual(standingOf(a));
    expect(b).toMatchObject({ status: 'CLEARED', closureType: 'ON_TIME', clearedDate: paidOn });
    expect(b.penalChargedPaise).toBe(0n);
    expect(await accountTotals(lost.id)).toEqual(await accountTotals(onTime.id));

    const [credit] = await t.db
      .select()
      .from(collectionCredits)
      .where(eq(collectionCredits.paymentId, paymentId));
    expect(credit).toMatchObject({ status: 'applied', orderId: lost.id });
    expect(credit!.note).toContain(`credited ${paidOn}, posted ${today()}`);
    const [repayment] = await t.db
      .select()
      .from(repayments)
      .where(eq(repayments.id, credit!.repaymentId!));
    expect(repayment).toMatchObject({ valueDate: paidOn, businessDate: today() });
    const [found] = await t.db
      .select()
      .from(reconciliationBreaks)
      .where(
        and(
          eq(reconciliationBreaks.reference, paymentId),
          eq(reconciliationBreaks.kind, 'gateway_only'),
        ),
      );
    expect(found).toMatchObject({ status: 'accepted' });

    // The clock moved days: a session of today.
    const admin = await loginAs(t.app);
    // The repayment statement shows the day the money came, and the day it was booked.
    const statement = await callEndpoint(
      t.app,
      financeApi.repaymentOrderList,
      { filters: { orderNo: b.orderNo } },
      admin,
    );
    expect(statement.json().ret.list).toMatchObject([
      { kind: 'repayment', valueDate: paidOn, postedDate: today(), amountPaise: 456_300 },
    ]);

    // Run again, on demand: nothing more is posted and no break is added.
    const journals = await journalCount(lost.id);
    const again = await callEndpoint(t.app, financeApi.runReconciliation, { date: paidOn }, admin);
    expect(again.statusCode).toBe(200);
    expect(await journalCount(lost.id)).toBe(journals);
    const breaks = await t.db
      .select()
      .from(reconciliationBreaks)
      .where(eq(reconciliationBreaks.reference, paymentId));
    expect(breaks).toHaveLength(1);
  });

  it('accepting a larger amount on the statement posts the difference valued on the credit day', async () => {
    const order = await orderWithAccount();
    await advanceDayEnds(14);
    moveTo(today(), 11 * 60);
    const paidOn = today();
    const sandbox = t.app.integrations.collections;
    // The webhook said ₹4,000.00; the bank's statement shows the full ₹4,563.00 the borrower paid.
    const { paymentId } = sandbox.simulateCredit({
      accountNumber: order.accountNumber,
      amountPaise: 400_000n,
    });
    await gateways.scheduler.runAllReversed();
    sandbox.misstate(paymentId, 456_300n);
    await advanceDayEnds(2);
    expect((await findOrder(t.db, order.id))!.outstandingPenalPaise).toBeGreaterThan(0n);

    moveTo(today(), 3 * 60);
    await runScheduledReconciliation(reconciliation, '02:00');
    const [open] = await t.db
      .select()
      .from(reconciliationBreaks)
      .where(eq(reconciliationBreaks.reference, paymentId));
    expect(open).toMatchObject({ kind: 'amount_mismatch', status: 'open' });
    const admin = await loginAs(t.app);
    const accepted = await callEndpoint(
      t.app,
      financeApi.resolveBreak,
      { breakId: open!.id, action: 'accept', idempotencyKey: `accept-${open!.id}` },
      admin,
    );
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().ret.break.note).toContain(`valued ${paidOn}`);
    // Paid in full on the due date, as the statement shows: no penal charge is left standing.
    expect(await findOrder(t.db, order.id)).toMatchObject({
      status: 'CLEARED',
      closureType: 'ON_TIME',
      clearedDate: paidOn,
      penalChargedPaise: 0n,
    });
  });
});

describe('a repayment a value-dated posting replays stays on the day it was booked', () => {
  it('the statement and the daily order analysis list it once, on its own day (decision 0073)', async () => {
    const order = await orderWithAccount();
    await advanceDayEnds(3);
    moveTo(today(), 11 * 60);
    const first = today();
    const early = await postRepayment(
      deps,
      { orderId: order.id, idempotencyKey: 'booked-first', channel: 'upi', amountPaise: 100_000n },
      null,
    );
    await advanceDayEnds(1); // the day-end writes the first day's figures
    moveTo(today(), 11 * 60);
    const second = today();
    // Money found today that came the day before the first repayment: the first is replayed.
    await postRepayment(
      deps,
      {
        orderId: order.id,
        idempotencyKey: 'valued-before-it',
        channel: 'neft',
        amountPaise: 50_000n,
        valueDate: addDays(first, -1),
      },
      null,
    );
    const [replayed] = await queryRows(
      t.db,
      sql`select j.business_date::text as booked from repayments r
          join ledger_journals j on j.id = r.journal_id where r.id = ${early.repaymentId!}`,
    );
    expect(replayed!.booked).toBe(second); // its journal in effect is today's replay
    await advanceDayEnds(1);

    const admin = await loginAs(t.app);
    const statementOf = async (dateFrom: string, dateTo: string) =>
      (
        await callEndpoint(
          t.app,
          financeApi.repaymentOrderList,
          { filters: { orderNo: (await findOrder(t.db, order.id))!.orderNo, dateFrom, dateTo } },
          admin,
        )
      ).json().ret;
    expect((await statementOf(first, first)).list).toMatchObject([
      { kind: 'repayment', postedDate: first, amountPaise: 100_000 },
    ]);
    expect((await statementOf(second, second)).list).toMatchObject([
      { kind: 'repayment', postedDate: second, valueDate: addDays(first, -1), amountPaise: 50_000 },
    ]);
    for (const day of [first, second]) {
      const report = await callEndpoint(
        t.app,
        reportApi.dailyOrderAnalysis,
        { filters: { dateFrom: day, dateTo: day } },
        admin,
      );
      const statement = await callEndpoint(
        t.app,
        financeApi.repaymentOrderList,
        { filters: { dateFrom: day, dateTo: day } },
        admin,
      );
      expect(report.json().ret.totals).toMatchObject({
        repaymentCount: statement.json().ret.totals.count,
        repaidPaise: statement.json().ret.totals.amountPaise,
      });
    }
  });
});
