import { sql } from 'drizzle-orm';
import { addDays } from '@lending/lending';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indiaDateOf } from '../../shared/india-date.js';
import { queryRows } from '../../shared/sql-rows.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { runDayEnd } from '../day-end/index.js';
import { checkDailyTotals, rollUpLedger } from '../ledger/index.js';
import {
  checkLedger,
  postRepayment,
  recordPayoutResult,
  reverseRepayment,
  rollover,
  type LoanBookDeps,
} from '../loan-book/index.js';
import { loanBookDeps, makeActiveOrder, makeProduct } from '../../testing/loan-book.factories.js';
import { cashFlowOf, gstByMonthOf, trialBalanceOf } from './finance.repository.js';

/**
 * The trial balance, GST by month and cash flow read the ledger's daily totals plus the
 * journals above the rollup's horizon (decision 0086): their answers are the same as summing
 * every entry, before a rollup, after one, and after postings on top of one (a journal posted
 * for a day already rolled up among them).
 */
const DAY = 86_400_000;
let t: TestApp;
let deps: LoanBookDeps;
let n = 0;
const key = (label: string) => `${label}-totals-${++n}`;
const today = () => indiaDateOf(t.clock.now());

async function advanceDays(days: number, dayEnd = true) {
  t.clock.advance(days * DAY);
  if (dayEnd) await runDayEnd({ db: t.db, clock: t.clock, holder: 'test' });
}

/** The three reads as they were before the totals: every entry of every journal, summed. */
async function fromEveryEntry(from: string, through: string) {
  const trial = await queryRows(
    t.db,
    sql`select e.account, sum(e.amount_paise)::text as balance
        from ledger_entries e join ledger_journals j on j.id = e.journal_id
        where j.business_date <= ${through} group by e.account order by e.account`,
  );
  const undoing = sql`j.event_type in ('reversal', 'valueDateReversal')`;
  const total = (filter: ReturnType<typeof sql>, credit = true) =>
    sql`coalesce(sum(${credit ? sql`-e.amount_paise` : sql`e.amount_paise`}) filter (where ${filter}), 0)::text`;
  const gst = await queryRows(
    t.db,
    sql`select to_char(j.business_date, 'YYYY-MM') as month,
          ${total(sql`e.account = 'income:processing_fee'`)} as processing_fee,
          ${total(sql`e.account = 'income:rollover_fee'`)} as rollover_fee,
          ${total(sql`e.account = 'liability:gst_payable' and not ${undoing}`)} as gst_charged,
          ${total(sql`e.account = 'liability:gst_payable' and ${undoing}`, false)} as gst_reversed
        from ledger_journals j join ledger_entries e on e.journal_id = j.id
        where j.business_date between ${from} and ${through}
          and e.account in ('income:processing_fee', 'income:rollover_fee', 'liability:gst_payable')
        group by 1 order by 1`,
  );
  const clearing = sql`e.account = 'cash:payout_clearing'`;
  const origin = sql`coalesce(j.reverses_event_type, j.event_type)`;
  const cash = await queryRows(
    t.db,
    sql`select j.business_date::text as date,
          ${total(sql`j.event_type = 'disbursal' and ${clearing}`)} as disbursed,
          ${total(sql`${undoing} and j.reverses_event_type = 'disbursal' and ${clearing}`, false)} as returned,
          ${total(sql`e.account = 'cash:collection'`, false)} as collected,
          ${total(sql`${origin} = 'refund' and ${clearing}`)} as refunded,
          ${total(sql`${origin} = 'walletPayout'`)} as wallet_paid,
          coalesce(sum(e.amount_paise), 0)::text as net
        from ledger_journals j join ledger_entries e on e.journal_id = j.id
        where j.business_date between ${from} and ${through} and e.account like 'cash:%'
        group by j.business_date order by j.business_date`,
  );
  return {
    trial: trial.map((r) => ({ account: String(r.account), balance: BigInt(String(r.balance)) })),
    gst: gst.map((r) => ({
      month: String(r.month),
      processingFee: BigInt(String(r.processing_fee)),
      rolloverFee: BigInt(String(r.rollover_fee)),
      gstCharged: BigInt(String(r.gst_charged)),
      gstReversed: BigInt(String(r.gst_reversed)),
    })),
    cash: cash.map((r) => ({
      date: String(r.date),
      disbursed: BigInt(String(r.disbursed)),
      returned: BigInt(String(r.returned)),
      collected: BigInt(String(r.collected)),
      refunded: BigInt(String(r.refunded)),
      walletPaid: BigInt(String(r.wallet_paid)),
      net: BigInt(String(r.net)),
    })),
  };
}

let firstDay: string;

/** Each read over the whole book (and over a window inside it) equals the sum of every entry. */
async function expectSameAnswers() {
  const through = today();
  for (const [from, to] of [
    [firstDay, through],
    [addDays(firstDay, 3), addDays(through, -2)],
  ] as const) {
    const expected = await fromEveryEntry(from, to);
    expect(expected.trial.length).toBeGreaterThan(0);
    expect(expected.cash.length).toBeGreaterThan(0);
    expect(await trialBalanceOf(t.db, to)).toEqual(expected.trial);
    expect(await gstByMonthOf(t.db, from, to)).toEqual(expected.gst);
    expect(await cashFlowOf(t.db, from, to)).toEqual(expected.cash);
  }
  expect(await checkDailyTotals(t.db)).toEqual({ ok: true, mismatched: [] });
  expect((await checkLedger(t.db)).ok).toBe(true);
}

/**
 * After a rollup nothing is left above the horizon on PGlite (one transaction at a time). On a
 * shared PostgreSQL server another connection's open transaction may hold the horizon back:
 * those journals stay above it, still read, and the answers are the same either way.
 */
async function expectAllRolledUp() {
  if (process.env.DATABASE_URL) return;
  expect(await journalsAboveHorizon()).toBe(0);
}

async function journalsAboveHorizon(): Promise<number> {
  const [row] = await queryRows(
    t.db,
    sql`select count(*)::int as n from ledger_journals
        where xact >= (select horizon from ledger_rollup_state)`,
  );
  return Number(row!.n);
}

beforeAll(async () => {
  t = await buildTestApp({ demoData: false });
  deps = loanBookDeps(t.db, t.clock);
  firstDay = today();
  const product = await makeProduct(deps);
  // A random book: which order is repaid, bounced, rolled over or sent back, and when.
  let seed = 86;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const orders: number[] = [];
  for (let day = 0; day < 20; day += 1) {
    for (let k = 0; k < 1 + Math.floor(random() * 2); k += 1)
      orders.push((await makeActiveOrder(deps, product.id)).id);
    const pick = orders[Math.floor(random() * orders.length)]!;
    const action = random();
    if (action < 0.3) {
      const paid = await postRepayment(
        deps,
        { orderId: pick, idempotencyKey: key('pay'), amountPaise: 50_000n, channel: 'upi' },
        null,
      ).catch(() => null);
      if (paid?.repaymentId && random() < 0.5)
        await reverseRepayment(
          deps,
          { repaymentId: paid.repaymentId, idempotencyKey: key('rev'), reason: 'bounced' },
          1,
        ).catch(() => null);
    } else if (action < 0.45 && day > 3) {
      // Value-dated: the money came two days ago.
      await postRepayment(
        deps,
        {
          orderId: pick,
          idempotencyKey: key('vd'),
          amountPaise: 30_000n,
          channel: 'bankTransfer',
          valueDate: addDays(today(), -2),
        },
        7,
      ).catch(() => null);
    } else if (action < 0.6) {
      await rollover(
        deps,
        { orderId: pick, idempotencyKey: key('ro'), amountPaise: 32_850n, channel: 'upi' },
        null,
      ).catch(() => null);
    } else if (action < 0.7) {
      const [payout] = await queryRows(
        t.db,
        sql`select id from payouts where order_id = ${orders.at(-1)!} and purpose = 'disbursal'`,
      );
      await recordPayoutResult(deps, Number(payout!.id), {
        status: 'reversed',
        errorMessage: 'account closed',
      });
    }
    await advanceDays(1);
  }
}, 120_000);
afterAll(() => t.close());

describe('ledger reads from the daily totals (decision 0086)', () => {
  it('answer as every entry does before any rollup, after one, and after postings on top', async () => {
    // Before any rollup: the day-ends rolled up, so take the totals away and start over.
    await t.db.execute(sql`delete from ledger_daily_totals`);
    await t.db.execute(sql`update ledger_rollup_state set horizon = 0`);
    await expectSameAnswers();

    const rolled = await rollUpLedger(t.db, t.clock.now());
    expect(rolled?.totals).toBeGreaterThan(0);
    await expectAllRolledUp();
    await expectSameAnswers();

    // On top of the rollup: a repayment today, then two days without a day-end; a repayment of
    // another order rolled up; then a command on a behind order catches up its accruals, posted
    // now for days the totals already hold.
    const product = await makeProduct(deps);
    const behind = await makeActiveOrder(deps, product.id);
    const other = await makeActiveOrder(deps, product.id);
    await rollUpLedger(t.db, t.clock.now());
    await advanceDays(1, false);
    const rolledDay = today();
    await postRepayment(
      deps,
      { orderId: other.id, idempotencyKey: key('pay'), amountPaise: 20_000n, channel: 'upi' },
      null,
    );
    await rollUpLedger(t.db, t.clock.now());
    await advanceDays(2, false);
    await postRepayment(
      deps,
      { orderId: behind.id, idempotencyKey: key('pay'), amountPaise: 20_000n, channel: 'upi' },
      null,
    );
    const [backDated] = await queryRows(
      t.db,
      sql`select count(*)::int as n from ledger_journals
          where order_id = ${behind.id} and business_date = ${rolledDay}
            and xact >= (select horizon from ledger_rollup_state)`,
    );
    expect(Number(backDated!.n)).toBeGreaterThan(0);
    // The day is in the totals already (PGlite; see expectAllRolledUp for PostgreSQL).
    if (!process.env.DATABASE_URL) {
      const [dayTotals] = await queryRows(
        t.db,
        sql`select count(*)::int as n from ledger_daily_totals where business_date = ${rolledDay}`,
      );
      expect(Number(dayTotals!.n)).toBeGreaterThan(0);
    }
    await expectSameAnswers();

    await rollUpLedger(t.db, t.clock.now());
    await expectAllRolledUp();
    await expectSameAnswers();
  }, 60_000);

  it('rebuilds when the stored horizon is above the cluster (a copy restored elsewhere)', async () => {
    // As after a restore: the copied horizon and the journals the old cluster had not rolled
    // up carry ids far above this cluster's; this cluster then posts below that horizon.
    const far = 1n << 40n;
    const product = await makeProduct(deps);
    await makeActiveOrder(deps, product.id);
    await t.db.execute(
      sql`alter table ledger_journals disable trigger ledger_journals_append_only`,
    );
    await t.db.execute(
      sql`update ledger_journals set xact = ${far} + id
          where xact >= (select horizon from ledger_rollup_state)`,
    );
    await t.db.execute(sql`alter table ledger_journals enable trigger ledger_journals_append_only`);
    await t.db.execute(sql`update ledger_rollup_state set horizon = ${far}`);
    await makeActiveOrder(deps, product.id);
    // Without a rebuild the new journals would never be counted.
    expect((await checkDailyTotals(t.db)).ok).toBe(false);

    const rebuilt = await rollUpLedger(t.db, t.clock.now());
    expect(rebuilt).toMatchObject({ rebuilt: true });
    expect(rebuilt!.to).toBeLessThan(far);
    await expectAllRolledUp();
    await expectSameAnswers();

    // A journal posted after the rebuild is counted once, by the reads and the next rollup.
    await makeActiveOrder(deps, product.id);
    expect(await journalsAboveHorizon()).toBeGreaterThan(0);
    await expectSameAnswers();
    expect(await rollUpLedger(t.db, t.clock.now())).toMatchObject({ rebuilt: false });
    await expectSameAnswers();
  }, 60_000);

  it('the rebuild may set a journal’s transaction id to 0 and nothing else', async () => {
    const refused = (statement: ReturnType<typeof sql>) =>
      t.db.execute(statement).then(
        () => 'accepted',
        (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
      );
    expect(await refused(sql`update ledger_journals set xact = 5`)).toMatch(/append-only/);
    expect(await refused(sql`update ledger_journals set xact = 0, event_type = 'x'`)).toMatch(
      /append-only/,
    );
    expect(await refused(sql`update ledger_journals set xact = 0`)).toBe('accepted');
  });
});
