import { randomBytes } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { clearingAmountOn, rolloverQuote } from '@lending/lending';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { indiaDateOf } from '../../shared/india-date.js';
import { queryRows } from '../../shared/sql-rows.js';
import {
  balancesOf,
  checkLedger,
  findOrder,
  postRepayment,
  rollover,
  termsFromJson,
  type LoanBookDeps,
} from '../loan-book/index.js';
import { assetClassHistory } from '../loan-book/loan-orders.table.js';
import { loanBookDeps, makeActiveOrder, makeProduct } from '../../testing/loan-book.factories.js';
import { runDayEnd } from './index.js';

/**
 * Asset classification through the day-end (issue #36, decision 0098), on the worked example's
 * terms: ₹4,500 for 14 days at 0.1 % a day (₹4.50), penal ₹20 a day capped at ₹450. The test
 * clock starts on 15 January 2025 at 10:00 India time: a loan disbursed then is due on 29
 * January, so by the RBI's count it is SMA-0 at the day-end of 29 January, SMA-1 of 28
 * February, SMA-2 of 30 March and NPA of 29 April.
 */
const DAY = 86_400_000;
let t: TestApp;
let deps: LoanBookDeps;
let productId: number;

beforeEach(async () => {
  await t?.close();
  t = await buildTestApp({ demoData: false });
  deps = loanBookDeps(t.db, t.clock);
  productId = (await makeProduct(deps)).id;
});
afterAll(() => t.close());

/** Moves the clock to 10:00 India time of `date` and runs every day-end due (through the day before). */
async function dayEndsThrough(date: string) {
  const target = Date.parse(`${date}T04:30:00.000Z`) + DAY;
  t.clock.advance(target - t.clock.now().getTime());
  await runDayEnd({ db: t.db, clock: t.clock, holder: 'test' });
}

function historyOf(orderId: number) {
  return t.db
    .select({
      date: assetClassHistory.businessDate,
      from: assetClassHistory.fromClass,
      to: assetClassHistory.toClass,
      days: assetClassHistory.daysPastDue,
      reason: assetClassHistory.reason,
      cause: assetClassHistory.causeOrderId,
    })
    .from(assetClassHistory)
    .where(eq(assetClassHistory.orderId, orderId))
    .orderBy(asc(assetClassHistory.id));
}

/** One order's balance per account, debit positive, and per event on a business date. */
async function postingsOf(orderId: number, account: string, businessDate?: string) {
  const [row] = await queryRows(
    t.db,
    sql`select coalesce(sum(e.amount_paise), 0)::text as total
        from ledger_entries e join ledger_journals j on j.id = e.journal_id
        where j.order_id = ${orderId} and e.account = ${account}
        ${businessDate ? sql`and j.business_date = ${businessDate}::date` : sql``}`,
  );
  return BigInt(String(row?.total ?? '0'));
}

function pay(orderId: number, amountPaise: bigint) {
  return postRepayment(
    deps,
    { orderId, amountPaise, channel: 'upi', idempotencyKey: randomBytes(6).toString('hex') },
    null,
  );
}

async function payInFull(orderId: number) {
  const order = (await findOrder(t.db, orderId))!;
  const today = indiaDateOf(t.clock.now());
  return pay(
    orderId,
    clearingAmountOn(balancesOf(order)!, termsFromJson(order.terms), today).total,
  );
}

async function expectLedgerBalanced() {
  const check = await checkLedger(t.db);
  expect(check.mismatchedOrders).toEqual([]);
  expect(check.ok).toBe(true);
}

describe('asset classification at the day-end', () => {
  // One life for both (a hundred and ten day-ends are the test's cost): the first loan unpaid
  // from its due date, and a second loan of the same borrower taken on 20 April.
  it('classifies an unpaid loan on the RBI dates, holds its income in suspense from the NPA day, pulls the borrower’s other loan in and upgrades it once no arrears are left', async () => {
    const { id, customerId } = await makeActiveOrder(deps, productId);
    await dayEndsThrough('2025-04-19');
    const second = await makeActiveOrder(deps, productId, undefined, customerId);
    await dayEndsThrough('2025-04-28');
    const beforeNpa = (await findOrder(t.db, id))!;
    expect(beforeNpa).toMatchObject({ rbiClass: 'SMA-2', overdueSince: '2025-01-29' });
    expect(beforeNpa.suspenseInterestPaise).toBe(0n);

    await dayEndsThrough('2025-04-29');
    expect(await historyOf(id)).toEqual([
      {
        date: '2025-01-29',
        from: 'STANDARD',
        to: 'SMA-0',
        days: 1,
        reason: 'daysPastDue',
        cause: null,
      },
      {
        date: '2025-02-28',
        from: 'SMA-0',
        to: 'SMA-1',
        days: 31,
        reason: 'daysPastDue',
        cause: null,
      },
      {
        date: '2025-03-30',
        from: 'SMA-1',
        to: 'SMA-2',
        days: 61,
        reason: 'daysPastDue',
        cause: null,
      },
      {
        date: '2025-04-29',
        from: 'SMA-2',
        to: 'NPA',
        days: 91,
        reason: 'daysPastDue',
        cause: null,
      },
    ]);
    const npa = (await findOrder(t.db, id))!;
    expect(npa).toMatchObject({ rbiClass: 'NPA', classifiedDate: '2025-04-29' });
    // Everything owed of interest and penal at the NPA day left income for suspense that day.
    expect(npa.suspenseInterestPaise).toBe(npa.outstandingInterestPaise);
    expect(npa.suspensePenalPaise).toBe(npa.outstandingPenalPaise);
    expect(npa.outstandingPenalPaise).toBe(45_000n);
    expect(await postingsOf(id, 'suspense:interest', '2025-04-29')).toBe(
      -npa.outstandingInterestPaise,
    );
    // The borrower's other loan, not yet due, is NPA with it, its interest in suspense too.
    const pulled = (await findOrder(t.db, second.id))!;
    expect(pulled).toMatchObject({ status: 'ACTIVE', rbiClass: 'NPA', overdueSince: null });
    expect(pulled.outstandingInterestPaise).toBe(10n * 450n);
    expect(pulled.suspenseInterestPaise).toBe(pulled.outstandingInterestPaise);
    expect(await historyOf(second.id)).toEqual([
      {
        date: '2025-04-29',
        from: 'STANDARD',
        to: 'NPA',
        days: 0,
        reason: 'borrowerNpa',
        cause: id,
      },
    ]);
    const incomeAtNpa = await postingsOf(id, 'income:interest');

    // Two more day-ends: the accruals go to suspense, none to income.
    await dayEndsThrough('2025-05-01');
    const later = (await findOrder(t.db, id))!;
    expect(later.outstandingInterestPaise - npa.outstandingInterestPaise).toBe(2n * 450n);
    expect(later.suspenseInterestPaise).toBe(later.outstandingInterestPaise);
    expect(await postingsOf(id, 'income:interest')).toBe(incomeAtNpa);
    await expectLedgerBalanced();

    // A part payment is income when received, in the allocation order, and upgrades nothing.
    await pay(id, 50_000n);
    const paid = (await findOrder(t.db, id))!;
    expect(paid.outstandingInterestPaise).toBeLessThan(later.outstandingInterestPaise);
    expect(paid.suspenseInterestPaise).toBe(paid.outstandingInterestPaise);
    expect(paid.suspensePenalPaise).toBe(paid.outstandingPenalPaise);
    expect(incomeAtNpa - (await postingsOf(id, 'income:interest'))).toBe(
      later.outstandingInterestPaise - paid.outstandingInterestPaise,
    );
    await dayEndsThrough('2025-05-02');
    expect((await findOrder(t.db, id))!.rbiClass).toBe('NPA');
    expect((await findOrder(t.db, second.id))!.rbiClass).toBe('NPA');

    // Paid off: standard, nothing left in suspense, all of it income now.
    await payInFull(id);
    const closed = (await findOrder(t.db, id))!;
    expect(closed).toMatchObject({ status: 'CLEARED', rbiClass: 'STANDARD', overdueSince: null });
    expect(closed.suspenseInterestPaise).toBe(0n);
    expect(closed.suspensePenalPaise).toBe(0n);
    expect(await postingsOf(id, 'suspense:interest')).toBe(0n);
    expect((await historyOf(id)).at(-1)).toMatchObject({
      from: 'NPA',
      to: 'STANDARD',
      reason: 'paid',
    });

    // At the next day-end the borrower owes no arrears: the second loan is upgraded, and what it
    // owes of interest stays in suspense until it is paid.
    await dayEndsThrough('2025-05-03');
    const upgraded = (await findOrder(t.db, second.id))!;
    expect(upgraded).toMatchObject({ rbiClass: 'STANDARD', classifiedDate: '2025-05-03' });
    expect((await historyOf(second.id)).at(-1)).toMatchObject({
      from: 'NPA',
      to: 'STANDARD',
      reason: 'arrearsPaid',
      days: 0,
    });
    expect(upgraded.suspenseInterestPaise).toBe(upgraded.outstandingInterestPaise);
    // Accrual is income again from the upgrade.
    const incomeBefore = await postingsOf(second.id, 'income:interest');
    await dayEndsThrough('2025-05-04');
    expect(await postingsOf(second.id, 'income:interest')).toBe(incomeBefore - 450n);
    await payInFull(second.id);
    expect((await findOrder(t.db, second.id))!.suspenseInterestPaise).toBe(0n);
    await expectLedgerBalanced();
  });

  it('a rollover once past due is a rescheduling: the days past due run on from the first overdue day', async () => {
    // A product whose rollover buys 45 days, so the rescheduled loan's new due date is still
    // ahead when its days past due reach SMA-1.
    const long = (await makeProduct(deps, { rolloverDays: 45 })).id;
    const rescheduled = await makeActiveOrder(deps, long);
    const renewed = await makeActiveOrder(deps, long);
    await dayEndsThrough('2025-01-27');
    const renew = async (orderId: number) => {
      const order = (await findOrder(t.db, orderId))!;
      const quote = rolloverQuote(
        balancesOf(order)!,
        termsFromJson(order.terms),
        indiaDateOf(t.clock.now()),
      );
      if (!quote.ok) throw new Error(quote.reason);
      await rollover(
        deps,
        { orderId, amountPaise: quote.total, channel: 'upi', idempotencyKey: `roll-${orderId}` },
        null,
      );
    };
    // Before its due date: a renewal, not a rescheduling.
    await renew(renewed.id);
    await dayEndsThrough('2025-02-03');
    // Six days past due (since 29 January), then rolled over to 15 March.
    await renew(rescheduled.id);
    const after = (await findOrder(t.db, rescheduled.id))!;
    expect(after).toMatchObject({
      rescheduled: true,
      overdueSince: '2025-01-29',
      rbiClass: 'SMA-0',
    });
    expect((await historyOf(rescheduled.id)).at(-1)).toMatchObject({
      reason: 'rescheduled',
      from: 'SMA-0',
      to: 'SMA-0',
    });
    // Its new due date is ahead, yet on 28 February it is 31 days past due: SMA-1.
    await dayEndsThrough('2025-02-28');
    expect((await findOrder(t.db, rescheduled.id))!).toMatchObject({
      status: 'ACTIVE',
      dueDate: '2025-03-15',
      rbiClass: 'SMA-1',
      classifiedDate: '2025-02-28',
    });
    expect((await findOrder(t.db, renewed.id))!).toMatchObject({ rescheduled: false });
    expect((await historyOf(renewed.id)).map((h) => h.reason)).not.toContain('rescheduled');
    await expectLedgerBalanced();
  });
});
