import { count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { queryRows } from '../../shared/sql-rows.js';
import {
  checkLedger,
  findOrder,
  postRepayment,
  reverseRepayment,
  type LoanBookDeps,
} from '../loan-book/index.js';
import { loanBookDeps, makeActiveOrder, makeProduct } from '../../testing/loan-book.factories.js';
import { ledgerJournals } from '../ledger/tables.js';
import { acquireLease } from '../job-leases/index.js';
import { runDayEnd } from './index.js';
import { dayEndRuns } from './day-end.table.js';

const DAY = 86_400_000;
let t: TestApp;
let deps: LoanBookDeps;

/** Each test gets a fresh database: day-end runs are global to a database. */
beforeEach(async () => {
  await t?.close();
  t = await buildTestApp({ demoData: false });
  deps = loanBookDeps(t.db, t.clock);
});
afterAll(() => t.close());

async function activeOrders(n: number) {
  const product = await makeProduct(deps);
  const orders = [];
  for (let i = 0; i < n; i++) orders.push(await makeActiveOrder(deps, product.id));
  return orders.map((o) => o.id);
}

async function snapshot(ids: number[]) {
  const rows = await queryRows(
    t.db,
    sql`select id, status, outstanding_interest_paise::text as i, outstanding_penal_paise::text as p, accrued_through_date::text as a, day_end_date::text as d, overdue_days as od
        from loan_orders where id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}) order by id`,
  );
  const [journals] = await t.db
    .select({ n: count() })
    .from(ledgerJournals)
    .where(inArray(ledgerJournals.orderId, ids));
  return { rows, journals: journals?.n };
}

const run = (extra: Partial<Parameters<typeof runDayEnd>[0]> = {}) =>
  runDayEnd({ db: t.db, clock: t.clock, holder: 'a', ...extra });

describe('day-end', () => {
  it('moves ACTIVE → DUE on the due date and DUE → OVERDUE after its day-end, accruing daily', async () => {
    const [id] = await activeOrders(1);
    t.clock.advance(13 * DAY);
    await run();
    expect(await findOrder(t.db, id!)).toMatchObject({
      status: 'ACTIVE',
      outstandingInterestPaise: 5_850n,
      overdueDays: 0,
    });
    t.clock.advance(DAY);
    await run();
    expect(await findOrder(t.db, id!)).toMatchObject({
      status: 'DUE',
      outstandingInterestPaise: 6_300n,
      outstandingPenalPaise: 0n,
    });
    t.clock.advance(DAY);
    await run();
    expect(await findOrder(t.db, id!)).toMatchObject({
      status: 'OVERDUE',
      overdueDays: 1,
      outstandingPenalPaise: 2_000n,
      rbiClass: 'SMA-0',
    });
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('running a date twice changes nothing', async () => {
    const ids = await activeOrders(2);
    t.clock.advance(3 * DAY);
    const first = await run();
    expect(first.dates.map((d) => d.businessDate)).toEqual([
      '2025-01-15',
      '2025-01-16',
      '2025-01-17',
    ]);
    const before = await snapshot(ids);
    expect(await run()).toMatchObject({ ran: true, dates: [] });
    await run({ upTo: '2025-01-16' });
    expect(await snapshot(ids)).toEqual(before);
  });

  it('catches up a missed week in order', async () => {
    const ids = await activeOrders(1);
    t.clock.advance(7 * DAY);
    const report = await run();
    expect(report.dates.map((d) => d.businessDate)).toEqual([
      '2025-01-15',
      '2025-01-16',
      '2025-01-17',
      '2025-01-18',
      '2025-01-19',
      '2025-01-20',
      '2025-01-21',
    ]);
    const dates = await queryRows(
      t.db,
      sql`select business_date::text as d from ledger_journals where order_id = ${ids[0]} and event_type = 'interestAccrual' order by id`,
    );
    expect(dates.map((r) => r.d)).toEqual(report.dates.map((d) => d.businessDate));
    expect((await findOrder(t.db, ids[0]!))!.outstandingInterestPaise).toBe(3_150n);
  });

  it('resumes after a crash midway with the exact result of an uninterrupted run', async () => {
    const ids = await activeOrders(5);
    t.clock.advance(16 * DAY);
    await expect(run({ batchSize: 2, failAfterBatches: 7 })).rejects.toThrow(/injected/);
    const [partial] = await t.db.select().from(dayEndRuns).where(eq(dayEndRuns.status, 'running'));
    expect(partial).toBeDefined();
    await run({ holder: 'b', batchSize: 2 });
    const after = await snapshot(ids);
    for (const row of after.rows) {
      expect(row).toMatchObject({
        status: 'OVERDUE',
        i: '7200',
        p: '4000',
        a: '2025-01-30',
        d: '2025-01-30',
        od: 2,
      });
    }
    // 5 orders × (16 interest + 2 penal) accrual journals + 3 disbursal-time journals each.
    expect(after.journals).toBe(5 * (16 + 2 + 3));
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('asked to stop (shutdown), stops between batches and releases its lease: another holder resumes at once', async () => {
    const ids = await activeOrders(5);
    t.clock.advance(3 * DAY);
    const stopping = new AbortController();
    const first = await run({
      holder: 'a',
      batchSize: 2,
      inFlight: 2,
      leaseMs: 300_000,
      signal: stopping.signal,
      // The signal comes while the first batch commits and the second is in flight.
      afterBatch: () => Promise.resolve(stopping.abort()),
    });
    expect(first).toEqual({ ran: true, stopped: true, dates: [] });
    // The batch in flight committed too; the date is left running, part done.
    const [partial] = await t.db.select().from(dayEndRuns);
    expect(partial).toMatchObject({ businessDate: '2025-01-15', status: 'running' });
    expect(partial!.ordersProcessed).toBe(4);
    // Released, not left to lapse after 300 s: another server takes it on this very instant.
    expect(await acquireLease(t.db, 'day-end', 'b', t.clock.now(), 300_000)).toBe(true);
    const second = await run({ holder: 'b', batchSize: 2 });
    expect(second.dates).toEqual([
      { businessDate: '2025-01-15', ordersProcessed: 1 },
      { businessDate: '2025-01-16', ordersProcessed: 5 },
      { businessDate: '2025-01-17', ordersProcessed: 5 },
    ]);
    const after = await snapshot(ids);
    // One accrual per order and date, none twice: 3 days of interest, 3 disbursal-time journals.
    for (const row of after.rows) expect(row).toMatchObject({ i: '1350', d: '2025-01-17' });
    expect(after.journals).toBe(5 * (3 + 3));
    const runs = await t.db.select().from(dayEndRuns).orderBy(dayEndRuns.businessDate);
    expect(runs.map((r) => [r.status, r.ordersProcessed])).toEqual([
      ['completed', 5],
      ['completed', 5],
      ['completed', 5],
    ]);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('closes the date for an order reopened behind the batches while the day-end runs', async () => {
    const [reopened, ...others] = await activeOrders(3);
    const owed = await findOrder(t.db, reopened!);
    const paid = await postRepayment(
      deps,
      {
        orderId: reopened!,
        idempotencyKey: 'repay-before-day-end',
        amountPaise:
          owed!.outstandingPrincipalPaise +
          owed!.outstandingInterestPaise +
          owed!.outstandingFeePaise +
          owed!.outstandingGstPaise,
        channel: 'upi',
      },
      null,
    );
    expect(paid).toMatchObject({ status: 'CLEARED' });
    t.clock.advance(DAY);
    let reversed = false;
    // After the first batch (the lowest open id, past the cleared order), the repayment
    // bounces: the order is open again, behind where the batches have got to.
    const report = await run({
      batchSize: 1,
      afterBatch: async () => {
        if (reversed) return;
        reversed = true;
        await reverseRepayment(
          deps,
          { repaymentId: paid.repaymentId!, idempotencyKey: 'bounce', reason: 'bounced' },
          1,
        );
      },
    });
    // The reversal replays the re-opened loan through the last day-end (decision 0099), so the
    // run finds it done: it processes the other two, and every order ends the date closed.
    expect(report.dates).toEqual([{ businessDate: '2025-01-15', ordersProcessed: 2 }]);
    for (const id of [reopened!, ...others])
      expect(await findOrder(t.db, id), String(id)).toMatchObject({
        status: 'ACTIVE',
        dayEndDate: '2025-01-15',
        accruedThroughDate: '2025-01-15',
      });
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('two runs at once for one date apply it once (lease)', async () => {
    const ids = await activeOrders(3);
    t.clock.advance(2 * DAY);
    const [a, b] = await Promise.all([run({ holder: 'x' }), run({ holder: 'y' })]);
    expect([a.ran, b.ran].filter(Boolean).length).toBeGreaterThanOrEqual(1);
    await Promise.all([run({ holder: 'x' }), run({ holder: 'y' })]);
    const after = await snapshot(ids);
    expect(after.journals).toBe(3 * (2 + 3));
    for (const row of after.rows) expect(row.i).toBe('900');
  });

  it('the lease is taken by one holder until it expires', async () => {
    const now = t.clock.now();
    expect(await acquireLease(t.db, 'test-job', 'a', now, 60_000)).toBe(true);
    expect(await acquireLease(t.db, 'test-job', 'b', now, 60_000)).toBe(false);
    expect(await acquireLease(t.db, 'test-job', 'a', now, 60_000)).toBe(true);
    expect(
      await acquireLease(t.db, 'test-job', 'b', new Date(now.getTime() + 61_000), 60_000),
    ).toBe(true);
  });
});
