import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { addDays, clearingAmountOn, rolloverQuote } from '@lending/lending';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { queryRows } from '../../shared/sql-rows.js';
import { indiaDateOf } from '../../shared/india-date.js';
import { AppError } from '../../shared/app-error.js';
import {
  balancesOf,
  checkLedger,
  findOrder,
  postRepayment,
  rollover,
  termsFromJson,
} from '../loan-book/index.js';
import { loanBookDeps, makeActiveOrder, makeProduct } from '../../testing/loan-book.factories.js';
import { runDayEnd } from './index.js';

// Issue #15: batching is only a way of running the day-end, never a different result. The
// same seeded random book is built three times and closed day after day with batches of one
// order, of 7 and of the default size; every row the day-end writes must be the same.

const DAY = 86_400_000;
const DAYS = 9;
const apps: TestApp[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

/** A small seeded generator (mulberry32): the same book on every database and every run. */
function seeded(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
  return { next, int: (below: number) => Math.floor(next() * below) };
}

const PRODUCTS = [
  {},
  { tenorDays: 7, interestPerDayPpm: 1_500, penalPerDayPaise: undefined, penalPerDayPpm: 5_000 },
  { tenorDays: 5, interestPerDayPpm: 700, penalPerDayPaise: 900n, maxRollovers: 1 },
  { tenorDays: 10, penalCapPpm: 20_000, allowOverdueRollover: false },
];

/**
 * Nine business days of a random book: each morning new loans of a random product and
 * amount, part-repayments, full repayments and rollovers of random open orders; each day's
 * day-end (every third day skipped and caught up the next) in batches of `batchSize`.
 */
async function playBook(batchSize: number | undefined): Promise<TestApp> {
  const t = await buildTestApp({ demoData: false });
  apps.push(t);
  const deps = loanBookDeps(t.db, t.clock);
  const random = seeded(15);
  const products = [];
  for (const terms of PRODUCTS) products.push((await makeProduct(deps, terms)).id);
  const open: number[] = [];
  let key = 0;
  const tolerated = async (command: Promise<unknown>) => {
    try {
      await command;
    } catch (error) {
      // A command the order's state refuses is refused alike on every database.
      if (!(error instanceof AppError)) throw error;
    }
  };
  for (let day = 0; day < DAYS; day++) {
    const newLoans = day < 4 ? 2 + random.int(2) : random.int(2);
    for (let i = 0; i < newLoans; i++) {
      const product = products[random.int(products.length)]!;
      const principal = BigInt(100_000 + random.int(40) * 10_000);
      open.push((await makeActiveOrder(deps, product, principal)).id);
    }
    const today = indiaDateOf(t.clock.now());
    for (const orderId of open) {
      const roll = random.next();
      if (roll > 0.3) continue;
      const order = (await findOrder(t.db, orderId))!;
      const channel = 'upi' as const;
      const idempotencyKey = `batching-${(key += 1)}`;
      if (roll < 0.12) {
        const amountPaise = BigInt(1_000 + random.int(50_000));
        await tolerated(
          postRepayment(deps, { orderId, idempotencyKey, amountPaise, channel }, null),
        );
      } else if (roll < 0.2) {
        const loan = balancesOf(order);
        if (!loan) continue;
        const quote = rolloverQuote(loan, termsFromJson(order.terms), today);
        if (!quote.ok) continue;
        await tolerated(
          rollover(deps, { orderId, idempotencyKey, amountPaise: quote.total, channel }, null),
        );
      } else if (roll < 0.23) {
        const loan = balancesOf(order);
        if (!loan) continue;
        const amountPaise = clearingAmountOn(loan, termsFromJson(order.terms), today).total;
        await tolerated(
          postRepayment(deps, { orderId, idempotencyKey, amountPaise, channel }, null),
        );
      }
    }
    t.clock.advance(DAY);
    if (day % 3 !== 2 || day === DAYS - 1)
      await runDayEnd({
        db: t.db,
        clock: t.clock,
        holder: 'batching',
        ...(batchSize ? { batchSize } : {}),
      });
  }
  return t;
}

/** Every row the day-end writes or changes, without ids and in an order of their own keys. */
async function written(t: TestApp) {
  const orders = await queryRows(
    t.db,
    sql`select id as order_id, status, last_event, closure_type, outstanding_principal_paise::text as principal,
          outstanding_interest_paise::text as interest, outstanding_fee_paise::text as fee,
          outstanding_gst_paise::text as gst, outstanding_penal_paise::text as penal,
          penal_charged_paise::text as penal_charged, overpaid_paise::text as overpaid, rollover_count,
          due_date::text, accrued_through_date::text, day_end_date::text, overdue_days, overdue_band,
          rbi_class, cleared_date::text, updated_at
        from loan_orders order by id`,
  );
  const journals = await queryRows(
    t.db,
    sql`select order_id, event_type, reverses_event_type, idempotency_key, business_date::text,
          value_date::text, at
        from ledger_journals where event_type in ('interestAccrual', 'penalAccrual')
        order by idempotency_key`,
  );
  const entries = await queryRows(
    t.db,
    sql`select j.idempotency_key, e.account, e.component, e.amount_paise::text as amount
        from ledger_entries e join ledger_journals j on j.id = e.journal_id
        where j.event_type in ('interestAccrual', 'penalAccrual')
        order by j.idempotency_key, e.id`,
  );
  const history = await queryRows(
    t.db,
    sql`select order_id, from_status, to_status, event, actor_id, at, reason
        from order_status_history order by order_id, id`,
  );
  const runs = await queryRows(
    t.db,
    sql`select business_date::text, status, orders_processed from day_end_runs order by business_date`,
  );
  const [partial] = await queryRows(
    t.db,
    sql`select count(*)::int as n from repayments where type = 'partial'`,
  );
  return { orders, journals, entries, history, runs, partlyPaid: Number(partial?.n) };
}

describe('day-end batching (issue #15)', () => {
  it('writes the same journals, entries, history and order values in any batch size', async () => {
    const one = await written(await playBook(1));
    // The book is not trivial: loans overdue with penal, rolled over, part-paid and cleared.
    const statuses = new Set(one.orders.map((o) => o.status));
    for (const status of ['ACTIVE', 'OVERDUE', 'CLEARED']) expect(statuses).toContain(status);
    expect(one.orders.some((o) => Number(o.rollover_count) > 0)).toBe(true);
    expect(one.journals.some((j) => j.event_type === 'penalAccrual')).toBe(true);
    expect(one.history.some((h) => h.to_status === 'DUE')).toBe(true);
    expect(one.partlyPaid).toBeGreaterThan(0);
    expect(one.runs.map((r) => r.business_date)).toEqual(
      Array.from({ length: DAYS }, (_, i) => addDays('2025-01-15', i)),
    );
    for (const batchSize of [7, undefined]) {
      const t = await playBook(batchSize);
      const batched = await written(t);
      expect(batched.orders, `orders, batch ${batchSize ?? 'default'}`).toEqual(one.orders);
      expect(batched.journals, `journals, batch ${batchSize ?? 'default'}`).toEqual(one.journals);
      expect(batched.entries, `entries, batch ${batchSize ?? 'default'}`).toEqual(one.entries);
      expect(batched.history, `history, batch ${batchSize ?? 'default'}`).toEqual(one.history);
      expect(batched.runs, `day-end runs, batch ${batchSize ?? 'default'}`).toEqual(one.runs);
      expect((await checkLedger(t.db)).ok).toBe(true);
    }
  }, 400_000);
});
