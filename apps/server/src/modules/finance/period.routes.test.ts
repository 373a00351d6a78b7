import { financeApi, loanBookApi, opsConfigApi, type LockedPeriodPosting } from '@lending/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../shared/sql-rows.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { callEndpoint, createStaff, loginAs } from '../../testing/factories.js';
import { loanBookDeps, makeActiveOrder, makeProduct } from '../../testing/loan-book.factories.js';
import { ledgerJournals, repayments } from '../../testing/tables.js';
import { runDayEnd } from '../day-end/index.js';
import { lockedThrough } from '../ledger/index.js';
import { checkLedger, postRepayment, type LoanBookDeps } from '../loan-book/index.js';

/**
 * Closed business days, month locks and the adjustments report (migration 0034). One book:
 * three loans paid out on 24 January 2025, the third cleared on the 26th, the day-end run
 * through 2 February; today is 3 February. A value-dated repayment, the catch-up of a cleared
 * loan reopened, January's lock and a value date in it under each setting.
 */
let t: TestApp;
let deps: LoanBookDeps;
let admin: string;
let reader: string;
const orders = {
  a: { id: 0, orderNo: '' },
  b: { id: 0, orderNo: '' },
  c: { id: 0, orderNo: '' },
  d: { id: 0, orderNo: '' },
};
let cRepaymentId = 0;
let dRepaymentId = 0;
const TODAY = '2025-02-03';

const moveTo = (iso: string) => t.clock.advance(Date.parse(iso) - t.clock.now().getTime());
/** 10:00 India time of an India date. */
const indiaMorning = (date: string) => `${date}T04:30:00.000Z`;

const KIND_OF: Record<string, string> = {
  loans_receivable: 'receivablePaise',
  income: 'incomePaise',
  suspense: 'suspensePaise',
  cash: 'cashPaise',
  liability: 'liabilityPaise',
  expense: 'expensePaise',
};

/** The trial balance as of the end of a day: each account's debit minus credit. */
async function trialBalance(date: string): Promise<Record<string, number>> {
  const reply = await callEndpoint(t.app, financeApi.trialBalance, { date }, admin);
  expect(reply.statusCode).toBe(200);
  return Object.fromEntries(
    reply.json().ret.accounts.map((a) => [a.account, a.debitPaise - a.creditPaise]),
  );
}

/** What moved between two trial balances, per kind of account (the report's columns). */
function movedPerKind(before: Record<string, number>, after: Record<string, number>) {
  const moved: Record<string, number> = Object.fromEntries(
    Object.values(KIND_OF).map((kind) => [kind, 0]),
  );
  for (const account of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const kind = KIND_OF[account.split(':')[0]!]!;
    moved[kind]! += (after[account] ?? 0) - (before[account] ?? 0);
  }
  return moved;
}

function adjustments(filters: { dateFrom?: string; dateTo?: string; orderNo?: string }) {
  return callEndpoint(t.app, financeApi.adjustmentList, { page: 1, pageSize: 100, filters }, admin);
}

function valueDated(orderId: number, key: string, valueDate: string, amountPaise = 100_000) {
  return callEndpoint(
    t.app,
    loanBookApi.postRepayment,
    { orderId, idempotencyKey: key, amountPaise, channel: 'bankTransfer', valueDate },
    admin,
  );
}

async function setPosting(mode: LockedPeriodPosting) {
  const reply = await callEndpoint(
    t.app,
    opsConfigApi.saveSetting,
    {
      item: 'locked_period_posting',
      value: mode,
      type: 'string',
      group: 'operations',
      remarks: 'A value-dated posting into a locked month',
    },
    admin,
  );
  expect(reply.statusCode).toBe(200);
}

/** The database's own refusal of a statement, under drizzle's "Failed query" wrapper. */
async function refusal(statement: ReturnType<typeof sql>): Promise<string> {
  const error = await t.db.execute(statement).then(
    () => null,
    (caught: unknown) => caught as Error & { cause?: Error },
  );
  return error?.cause?.message ?? error?.message ?? 'accepted';
}

beforeAll(async () => {
  t = await buildTestApp({ demoData: false });
  deps = loanBookDeps(t.db, t.clock);
  const product = await makeProduct(deps);
  moveTo(indiaMorning('2025-01-24'));
  for (const name of ['a', 'b', 'c', 'd'] as const) {
    const order = await makeActiveOrder(deps, product.id);
    orders[name] = { id: order.id, orderNo: order.orderNo };
  }
  moveTo(indiaMorning('2025-01-26'));
  await runDayEnd({ db: t.db, clock: t.clock, holder: 'test' });
  // Principal and the interest of the day-ends of the 24th and 25th: cleared on the 26th.
  const paid = await postRepayment(
    deps,
    { orderId: orders.c.id, idempotencyKey: 'c-clears', amountPaise: 450_900n, channel: 'upi' },
    null,
  );
  expect(paid.status).toBe('CLEARED');
  cRepaymentId = paid.repaymentId!;
  // A part payment valued in January, which will be locked when it bounces.
  const part = await postRepayment(
    deps,
    { orderId: orders.d.id, idempotencyKey: 'd-part', amountPaise: 100_000n, channel: 'upi' },
    null,
  );
  dRepaymentId = part.repaymentId!;
  moveTo(indiaMorning(TODAY));
  await runDayEnd({ db: t.db, clock: t.clock, holder: 'test' });
  // Signed in today: a session from the 24th would have ended.
  admin = await loginAs(t.app);
  reader = await loginAs(
    t.app,
    await createStaff(t.db, t.clock, {
      interfaces: [financeApi.adjustmentList.id, financeApi.periodLockList.id],
    }),
  );
}, 120_000);

afterAll(async () => {
  const check = await checkLedger(t.db);
  expect(check.unbalancedJournals).toEqual([]);
  expect(check.mismatchedOrders).toEqual([]);
  await t.close();
});

describe('closed business days', () => {
  it('a value-dated repayment after its value date’s day-end leaves that day’s trial balance as it was; today’s shows it, and the adjustments report totals the difference', async () => {
    const [valueDay, yesterday] = [
      await trialBalance('2025-01-28'),
      await trialBalance('2025-02-02'),
    ];
    const todayBefore = await trialBalance(TODAY);

    const posted = await valueDated(orders.a.id, 'a-valued', '2025-01-28');
    expect(posted.statusCode).toBe(200);
    expect(posted.json().ret).toMatchObject({ valueDate: '2025-01-28', status: 'ACTIVE' });

    expect(await trialBalance('2025-01-28')).toEqual(valueDay);
    expect(await trialBalance('2025-02-02')).toEqual(yesterday);
    const todayAfter = await trialBalance(TODAY);
    const moved = movedPerKind(todayBefore, todayAfter);
    // The money came in: cash up ₹1,000.00, and less interest owed since the 28th.
    expect(moved.cashPaise).toBe(100_000);
    expect(moved.incomePaise).toBeGreaterThan(0);

    const report = (await adjustments({ dateFrom: TODAY, dateTo: TODAY })).json().ret;
    expect(report.totals).toEqual({ count: report.list.length, ...moved });
    expect(report.list.map((row) => row.postedDate)).toEqual(report.list.map(() => TODAY));
    const payment = report.list.find((row) => row.event === 'repayment')!;
    expect(payment).toMatchObject({
      valueDate: '2025-01-28',
      orderNo: orders.a.orderNo,
      reason: `value date 2025-01-28, posted ${TODAY}`,
      cashPaise: 100_000,
      receivablePaise: -100_000,
    });
    // The interest of each day from the 28th restated: undone and booked again, valued that day.
    const undone = report.list.filter((row) => row.event === 'valueDateReversal');
    expect(undone.map((row) => row.valueDate).sort()).toEqual([
      '2025-01-28',
      '2025-01-29',
      '2025-01-30',
      '2025-01-31',
      '2025-02-01',
      '2025-02-02',
    ]);
    expect(undone.every((row) => row.reverses === 'interestAccrual')).toBe(true);
    // A journal of the range that belongs to its own day is not an adjustment.
    expect((await adjustments({ dateTo: '2025-02-02' })).json().ret.totals.count).toBe(0);
  });

  it('a cleared loan reopened by a reversal catches up the closed days’ interest on the first open day, valued on each day', async () => {
    const closedDay = await trialBalance('2025-01-30');
    const reversed = await callEndpoint(
      t.app,
      loanBookApi.reverseRepayment,
      { repaymentId: cRepaymentId, idempotencyKey: 'c-bounced', reason: 'bounced' },
      admin,
    );
    expect(reversed.json().ret.status).toBe('ACTIVE');
    // The next money command catches up the day-ends the loan missed while it was cleared.
    const paid = await callEndpoint(
      t.app,
      loanBookApi.postRepayment,
      { orderId: orders.c.id, idempotencyKey: 'c-pays-again', amountPaise: 10_000, channel: 'upi' },
      admin,
    );
    expect(paid.statusCode).toBe(200);
    expect(await trialBalance('2025-01-30')).toEqual(closedDay);

    const caughtUp = (await adjustments({ orderNo: orders.c.orderNo })).json().ret;
    // The reversal replays the loan from the payment's day (decision 0099): the bounce and the
    // eight day-ends the cleared loan missed, all booked today, each valued on its own day.
    expect(caughtUp.list.map((row) => [row.event, row.valueDate]).sort()).toEqual([
      ...['01-26', '01-27', '01-28', '01-29', '01-30', '01-31', '02-01', '02-02'].map((day) => [
        'interestAccrual',
        `2025-${day}`,
      ]),
      ['reversal', '2025-01-26'],
    ]);
    for (const row of caughtUp.list)
      expect(row.reason).toMatch(
        /^reversal: bounced; repayment RP\d+ valued 2025-01-26, replayed from 2025-01-26$/,
      );
    expect(caughtUp.list.every((row) => row.postedDate === TODAY)).toBe(true);
    // ₹4.50 of interest a day on ₹4,500.00 for the eight days, and the ₹4,509.00 that bounced.
    expect(caughtUp.totals).toMatchObject({
      count: 9,
      receivablePaise: 454_500,
      incomePaise: -3_600,
      cashPaise: -450_900,
    });
  });

  it('the database refuses a journal inserted into a closed business day, one check per statement', async () => {
    expect(
      await refusal(sql`insert into ledger_journals (event_type, idempotency_key, business_date, at)
        values ('floatRecharge', 'direct-today', ${TODAY}, now()),
               ('floatRecharge', 'direct-closed', '2025-02-01', now())`),
    ).toMatch(/business date 2025-02-01 is closed \(closed through 2025-02-02\)/);
    const [found] = await queryRows(
      t.db,
      sql`select count(*)::int as n from ledger_journals where idempotency_key like 'direct-%'`,
    );
    expect(found!.n).toBe(0);
  });

  it('a reader of the adjustments and locks cannot lock; a backwards range is refused naming filters.dateTo', async () => {
    const denied = await callEndpoint(
      t.app,
      financeApi.lockMonth,
      { month: '2025-01', reason: 'x' },
      reader,
    );
    expect(denied.statusCode).toBe(403);
    expect(
      (await callEndpoint(t.app, financeApi.adjustmentList, { page: 1, pageSize: 20 }, reader))
        .statusCode,
    ).toBe(200);
    const backwards = await adjustments({ dateFrom: TODAY, dateTo: '2025-02-01' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors![0]!.field).toBe('filters.dateTo');
  });
});

describe('month locks', () => {
  it('refuses a month not yet closed, locks January for good with a reason, and refuses it again', async () => {
    const early = await callEndpoint(
      t.app,
      financeApi.lockMonth,
      { month: '2025-02', reason: 'too soon' },
      admin,
    );
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      code: 4185,
      msg: 'Month 2025-02 cannot be locked until the day-end has closed every day of it (closed through 2025-02-02)',
    });

    const locked = await callEndpoint(
      t.app,
      financeApi.lockMonth,
      { month: '2025-01', reason: 'January reported' },
      admin,
    );
    expect(locked.statusCode).toBe(200);
    expect(locked.json().ret).toMatchObject({
      lockedThrough: '2025-01-31',
      lock: { month: '2025-01', lockedThrough: '2025-01-31', reason: 'January reported' },
    });
    expect(await lockedThrough(t.db)).toBe('2025-01-31');
    const [audited] = await queryRows(
      t.db,
      sql`select action, after from audit_events where target_type = 'period_lock' and target_id = '2025-01'`,
    );
    expect(audited).toMatchObject({
      action: 'finance.lock_month',
      after: { lockedThrough: '2025-01-31', reason: 'January reported' },
    });

    for (const month of ['2025-01', '2024-12']) {
      const again = await callEndpoint(
        t.app,
        financeApi.lockMonth,
        { month, reason: 'again' },
        admin,
      );
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe(4186);
    }
    const list = (
      await callEndpoint(t.app, financeApi.periodLockList, { page: 1, pageSize: 20 }, reader)
    ).json().ret;
    expect(list).toMatchObject({
      total: 1,
      closedThrough: '2025-02-02',
      lockedThrough: '2025-01-31',
      lockableMonth: null,
      postingMode: 'adjust',
    });
  });

  it('a value date in the locked month is refused naming valueDate under refuse, and moved past the lock with a note under adjust', async () => {
    const journalsOfB = () =>
      t.db.select().from(ledgerJournals).where(eq(ledgerJournals.orderId, orders.b.id));
    const before = (await journalsOfB()).length;
    const lastBefore = Math.max(...(await journalsOfB()).map((j) => j.id));
    await setPosting('refuse');
    const refused = await valueDated(orders.b.id, 'b-refused', '2025-01-29');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      { field: 'valueDate', message: 'falls in a period locked through 2025-01-31' },
    ]);
    expect((await journalsOfB()).length).toBe(before);
    const inChinese = await callEndpoint(
      t.app,
      loanBookApi.postRepayment,
      {
        orderId: orders.b.id,
        idempotencyKey: 'b-refused-zh',
        amountPaise: 100_000,
        channel: 'upi',
        valueDate: '2025-01-29',
      },
      admin,
      { language: 'ZH' },
    );
    expect(inChinese.json().errors![0]!.message).toBe('属于已锁定的期间（锁定至 2025-01-31）');

    await setPosting('adjust');
    const moved = await valueDated(orders.b.id, 'b-moved-past', '2025-01-29');
    expect(moved.statusCode).toBe(200);
    expect(moved.json().ret).toMatchObject({
      valueDate: '2025-02-01',
      valueDateNote:
        'valued on 2025-02-01 (the period through 2025-01-31 is locked), not 2025-01-29',
    });
    const [row] = await t.db
      .select()
      .from(repayments)
      .where(eq(repayments.id, moved.json().ret.repaymentId!));
    expect(row).toMatchObject({ valueDate: '2025-02-01', requestedValueDate: '2025-01-29' });
    // Nothing it posted belongs to January: the accruals from 1 February on are restated.
    const posted = (await journalsOfB()).filter((j) => j.id > lastBefore);
    expect(posted.length).toBeGreaterThan(1);
    expect(posted.map((j) => j.valueDate! > '2025-01-31')).not.toContain(false);
  });

  it('a payment valued in the locked month that bounces is never refused: replayed from the day after the lock', async () => {
    const january = await trialBalance('2025-01-26');
    const reversed = await callEndpoint(
      t.app,
      loanBookApi.reverseRepayment,
      { repaymentId: dRepaymentId, idempotencyKey: 'd-bounced', reason: 'bounced' },
      admin,
    );
    expect(reversed.statusCode).toBe(200);
    expect(await trialBalance('2025-01-26')).toEqual(january);
    const rows = (await adjustments({ orderNo: orders.d.orderNo })).json().ret.list;
    expect(rows.map((row) => row.valueDate > '2025-01-31')).not.toContain(false);
    const bounce = rows.find((row) => row.event === 'reversal');
    expect(bounce).toMatchObject({ valueDate: '2025-02-01' });
    expect(bounce!.reason).toMatch(
      /belongs to 2025-01-26, in the period locked through 2025-01-31/,
    );
    // The day-ends from 1 February are restated on the ₹1,000 owed again.
    expect(rows.filter((row) => row.event === 'valueDateReversal').length).toBeGreaterThan(0);
  });

  it('the database refuses a journal that belongs to a locked day, whatever day it is booked on', async () => {
    expect(
      await refusal(sql`insert into ledger_journals (event_type, idempotency_key, business_date, value_date, at)
        values ('floatRecharge', 'direct-locked', ${TODAY}, '2025-01-20', now())`),
    ).toMatch(/day 2025-01-20 is in a locked period \(locked through 2025-01-31\)/);
  });
});
