import { and, eq, gte, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type {
  orderLoanBodySchema,
  reconciliationBreakBodySchema,
  reconciliationDayBodySchema,
  repaymentOrderBodySchema,
} from '@lending/contract';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  customers,
  ledgerDailyTotals,
  ledgerEntries,
  ledgerJournals,
  ledgerRollupState,
  loanOrders,
  payouts,
  repayments,
  staffUsers,
} from '../../db-schema.js';
import type { Executor } from '../../plugins/db.js';
import { inclusiveRange, type ListWhere, orderNoIs, runList } from '../../shared/list-query.js';
import { paiseFromDb } from '../../shared/paise.js';
import { queryRows } from '../../shared/sql-rows.js';
import { reconciliationBreaks, reconciliationDays } from './finance.table.js';

/** The conditions a list's filters make (as runList builds them), for the list's totals. */
function conditionsOf<F>(
  where: ListWhere<F>,
  filters: F | undefined,
  scope?: SQL,
): SQL | undefined {
  const conditions: SQL[] = scope ? [scope] : [];
  for (const name of Object.keys(filters ?? {}) as (keyof F & string)[]) {
    const value = filters![name];
    if (value === undefined || value === null || value === '') continue;
    const condition = where[name](value as NonNullable<F[typeof name]>, filters!);
    if (condition) conditions.push(condition);
  }
  return and(...conditions);
}

// --- OrderLoan ------------------------------------------------------------------------------

type OrderLoanFilters = NonNullable<z.output<typeof orderLoanBodySchema>['filters']>;

const orderLoanScope = and(
  eq(payouts.purpose, 'disbursal'),
  inArray(payouts.status, ['processed', 'reversed']),
  isNotNull(payouts.processedDate),
)!;

const orderLoanWhere: ListWhere<OrderLoanFilters> = {
  ...inclusiveRange<'dateFrom', 'dateTo', string>(payouts.processedDate, 'dateFrom', 'dateTo'),
  orderNo: (orderNo) => orderNoIs(loanOrders.orderNo, orderNo),
  channel: (channel) => eq(payouts.channel, channel),
  status: (status) => eq(payouts.status, status),
};

/** Processed disbursal payouts with their order's money (a payout pays one order's net). */
export function listOrderLoans(db: Executor, body: z.output<typeof orderLoanBodySchema>) {
  return runList(
    db,
    {
      select: () =>
        db
          .select({
            payout: payouts,
            orderNo: loanOrders.orderNo,
            principal: loanOrders.principalPaise,
            fee: loanOrders.processingFeePaise,
            gst: loanOrders.gstOnFeePaise,
            customerName: customers.name,
          })
          .from(payouts)
          .innerJoin(loanOrders, eq(loanOrders.id, payouts.orderId))
          .innerJoin(customers, eq(customers.id, loanOrders.customerId)),
      scope: orderLoanScope,
      where: orderLoanWhere,
      sortColumns: {
        id: payouts.id,
        date: payouts.processedDate,
        netPaidPaise: payouts.amountPaise,
      },
      defaultSort: { field: 'date', order: 'desc' },
      id: payouts.id,
    },
    body,
  );
}

/** Totals of the filtered statement, overall and for the given days (the page's days). */
export async function orderLoanTotals(
  db: Executor,
  filters: OrderLoanFilters | undefined,
  days: string[],
) {
  const where = conditionsOf(orderLoanWhere, filters, orderLoanScope);
  const figures = {
    count: sql<number>`count(*)::int`,
    principal: sql<string>`coalesce(sum(${loanOrders.principalPaise}), 0)::text`,
    fee: sql<string>`coalesce(sum(${loanOrders.processingFeePaise}), 0)::text`,
    gst: sql<string>`coalesce(sum(${loanOrders.gstOnFeePaise}), 0)::text`,
    net: sql<string>`coalesce(sum(${payouts.amountPaise}), 0)::text`,
  };
  const base = () =>
    db
      .select({ ...figures, date: payouts.processedDate })
      .from(payouts)
      .innerJoin(loanOrders, eq(loanOrders.id, payouts.orderId));
  const [total] = await db
    .select(figures)
    .from(payouts)
    .innerJoin(loanOrders, eq(loanOrders.id, payouts.orderId))
    .where(where);
  const perDay =
    days.length === 0
      ? []
      : await base()
          .where(and(where, inArray(payouts.processedDate, days)))
          .groupBy(payouts.processedDate);
  return { total: total!, perDay };
}

// --- RepaymentOrder -------------------------------------------------------------------------

type RepaymentOrderFilters = NonNullable<z.output<typeof repaymentOrderBodySchema>['filters']>;

/** +1 for the repayment's own journal, -1 for a journal reversing it. */
const sign = sql<number>`(case when ${ledgerJournals.reversesJournalId} is null then 1 else -1 end)`;
const signed = (column: AnyPgColumn) => sql<string>`(${sign} * ${column})::text`;

/**
 * The day a statement row was booked (decision 0073): a repayment's own day, however often a
 * value-dated posting later replayed its journal on another day (a restatement, not money); a
 * `reversal` (money that went back) its journal's day.
 */
const postedDate = sql<string>`(case when ${ledgerJournals.reversesJournalId} is null then ${repayments.businessDate} else ${ledgerJournals.businessDate} end)`;

const postedRange = inclusiveRange<'dateFrom', 'dateTo', string>(postedDate, 'dateFrom', 'dateTo');

const repaymentOrderWhere: ListWhere<RepaymentOrderFilters> = {
  ...postedRange,
  // The journal in effect is never booked before its row's day (a replay comes later), so its
  // business date bounds the range from below too: that bound is the one an index answers.
  dateFrom: (from) => and(gte(ledgerJournals.businessDate, from), postedRange.dateFrom(from))!,
  orderNo: (orderNo) => orderNoIs(loanOrders.orderNo, orderNo),
  channel: (channel) => eq(repayments.channel, channel),
  virtualAccountCode: (code) => eq(repayments.virtualAccountCode, code),
  kind: (kind) =>
    kind === 'repayment'
      ? isNull(ledgerJournals.reversesJournalId)
      : isNotNull(ledgerJournals.reversesJournalId),
};

/**
 * A repayment's journal, or a `reversal` journal undoing it: an equality on an expression of
 * the journal (a hash join), not an OR (which compares every repayment with every journal).
 */
const repaymentJournalJoin = eq(
  repayments.journalId,
  sql`(case when ${ledgerJournals.eventType} = 'reversal' then ${ledgerJournals.reversesJournalId} else ${ledgerJournals.id} end)`,
);

export function listRepaymentOrders(db: Executor, body: z.output<typeof repaymentOrderBodySchema>) {
  return runList(
    db,
    {
      select: () =>
        db
          .select({
            journalId: ledgerJournals.id,
            // The day the money came (a repayment valued earlier than it was posted, decision
            // 0065); the range filter and sort stay on the day it was booked, as the ledger is.
            valueDate: sql<string>`coalesce(${ledgerJournals.valueDate}, ${ledgerJournals.businessDate})::text`,
            postedDate: sql<string>`${postedDate}::text`,
            reversal: sql<boolean>`${ledgerJournals.reversesJournalId} is not null`,
            repayment: repayments,
            orderNo: loanOrders.orderNo,
            amount: signed(repayments.amountPaise),
            principal: signed(repayments.allocatedPrincipalPaise),
            interest: signed(repayments.allocatedInterestPaise),
            fee: signed(repayments.allocatedFeePaise),
            gst: signed(repayments.allocatedGstPaise),
            penal: signed(repayments.allocatedPenalPaise),
            excess: signed(repayments.excessPaise),
          })
          .from(ledgerJournals)
          .innerJoin(repayments, repaymentJournalJoin)
          .innerJoin(loanOrders, eq(loanOrders.id, repayments.orderId)),
      where: repaymentOrderWhere,
      sortColumns: { id: ledgerJournals.id, valueDate: ledgerJournals.businessDate },
      defaultSort: { field: 'id', order: 'desc' },
      id: ledgerJournals.id,
    },
    body,
  );
}

export async function repaymentOrderTotals(
  db: Executor,
  filters: RepaymentOrderFilters | undefined,
) {
  const sum = (column: AnyPgColumn) => sql<string>`coalesce(sum(${sign} * ${column}), 0)::text`;
  const [total] = await db
    .select({
      count: sql<number>`count(*)::int`,
      amount: sum(repayments.amountPaise),
      principal: sum(repayments.allocatedPrincipalPaise),
      interest: sum(repayments.allocatedInterestPaise),
      fee: sum(repayments.allocatedFeePaise),
      gst: sum(repayments.allocatedGstPaise),
      penal: sum(repayments.allocatedPenalPaise),
      excess: sum(repayments.excessPaise),
    })
    .from(ledgerJournals)
    .innerJoin(repayments, repaymentJournalJoin)
    .innerJoin(loanOrders, eq(loanOrders.id, repayments.orderId))
    .where(conditionsOf(repaymentOrderWhere, filters));
  return total!;
}

// --- FinancialList --------------------------------------------------------------------------

// Written out qualified: with a single table in FROM, drizzle leaves its columns unqualified,
// which inside this subquery would name the break's own columns.
const openBreaks = sql<number>`(select count(*)::int from reconciliation_breaks b
  where b.day_id = "reconciliation_days"."id" and b.status = 'open')`;
const allBreaks = sql<number>`(select count(*)::int from reconciliation_breaks b
  where b.day_id = "reconciliation_days"."id")`;

/** The audit row of the day's last reconciliation run (by the schedule or a person), if any. */
export type LastRun = { action: string; actorName: string } | null;
const lastRun = sql<LastRun>`(select json_build_object('action', a.action, 'actorName', a.actor_name)
  from audit_events a
  where a.target_type = 'reconciliation_day'
    and a.target_id = "reconciliation_days"."business_date"::text
  order by a.id desc limit 1)`;

export function listReconciliationDays(
  db: Executor,
  body: z.output<typeof reconciliationDayBodySchema>,
) {
  return runList(
    db,
    {
      select: () =>
        db
          .select({ day: reconciliationDays, openBreaks, breaks: allBreaks, lastRun })
          .from(reconciliationDays),
      where: {
        ...inclusiveRange<'dateFrom', 'dateTo', string>(
          reconciliationDays.businessDate,
          'dateFrom',
          'dateTo',
        ),
        side: (side) => eq(reconciliationDays.side, side),
        status: (status) => eq(reconciliationDays.status, status),
      },
      sortColumns: { id: reconciliationDays.id, date: reconciliationDays.businessDate },
      defaultSort: { field: 'date', order: 'desc' },
      id: reconciliationDays.id,
    },
    body,
  );
}

function breakSelect(db: Executor) {
  return db
    .select({
      item: reconciliationBreaks,
      date: reconciliationDays.businessDate,
      side: reconciliationDays.side,
      orderNo: loanOrders.orderNo,
      resolvedBy: staffUsers.name,
    })
    .from(reconciliationBreaks)
    .innerJoin(reconciliationDays, eq(reconciliationDays.id, reconciliationBreaks.dayId))
    .leftJoin(loanOrders, eq(loanOrders.id, reconciliationBreaks.orderId))
    .leftJoin(staffUsers, eq(staffUsers.id, reconciliationBreaks.resolvedBy));
}

export function listReconciliationBreaks(
  db: Executor,
  body: z.output<typeof reconciliationBreakBodySchema>,
) {
  return runList(
    db,
    {
      select: () => breakSelect(db),
      where: {
        dayId: (dayId) => eq(reconciliationBreaks.dayId, dayId),
        kind: (kind) => eq(reconciliationBreaks.kind, kind),
        status: (status) => eq(reconciliationBreaks.status, status),
      },
      sortColumns: { id: reconciliationBreaks.id },
      defaultSort: { field: 'id', order: 'desc' },
      id: reconciliationBreaks.id,
    },
    body,
  );
}

export async function breakById(db: Executor, id: number) {
  const [row] = await breakSelect(db).where(eq(reconciliationBreaks.id, id));
  return row;
}

export type BreakListRow = Awaited<ReturnType<typeof breakById>> & object;

export async function daysByIds(db: Executor, ids: number[]) {
  return db
    .select({ day: reconciliationDays, openBreaks, breaks: allBreaks, lastRun })
    .from(reconciliationDays)
    .where(inArray(reconciliationDays.id, ids));
}

// --- Ledger ---------------------------------------------------------------------------------

/**
 * The ledger reads sum `lines`: the daily totals the rollup keeps (per India business date,
 * account, event and undone event) and the entries of the journals posted since, at or above
 * its horizon (decision 0086). Each total is a sum of entries with the same keys, so any sum
 * filtered by those keys is the same over `lines` as over the entries themselves.
 */
interface LinesRange {
  /** Inclusive India business dates; no `from`: from the first journal. */
  from?: string;
  through: string;
  /** Absent: every account. */
  accounts?: { in: readonly string[] } | { like: string };
}

function linesOf(horizon: bigint, range: LinesRange): SQL {
  const dated = (column: AnyPgColumn) =>
    range.from === undefined
      ? lte(column, range.through)
      : and(gte(column, range.from), lte(column, range.through))!;
  const { accounts } = range;
  const ofAccounts = (column: AnyPgColumn) =>
    accounts === undefined
      ? sql`true`
      : 'like' in accounts
        ? sql`${column} like ${accounts.like}`
        : inArray(column, [...accounts.in]);
  // The horizon is written in as a number so that the planner takes the journals' xact index
  // for the few above it; the stored horizon, read again in this statement's snapshot, leaves
  // out what a rollup committed since summed (readLines retries when it went down instead).
  return sql`(
    select ${ledgerDailyTotals.businessDate} as business_date, ${ledgerDailyTotals.account} as account,
      ${ledgerDailyTotals.eventType} as event_type,
      ${ledgerDailyTotals.reversesEventType} as reverses_event_type,
      ${ledgerDailyTotals.amountPaise} as amount_paise
    from ${ledgerDailyTotals}
    where ${dated(ledgerDailyTotals.businessDate)} and ${ofAccounts(ledgerDailyTotals.account)}
    union all
    select ${ledgerJournals.businessDate}, ${ledgerEntries.account}, ${ledgerJournals.eventType},
      coalesce(${ledgerJournals.reversesEventType}, ''), ${ledgerEntries.amountPaise}
    from ${ledgerJournals}
    join ${ledgerEntries} on ${ledgerEntries.journalId} = ${ledgerJournals.id}
    where ${ledgerJournals.xact} >= ${horizon}
      and ${ledgerJournals.xact} >= (select ${ledgerRollupState.horizon} from ${ledgerRollupState})
      and ${dated(ledgerJournals.businessDate)} and ${ofAccounts(ledgerEntries.account)}
  ) as lines`;
}

/**
 * Runs a ledger read over `lines`, grouped by `key`, in one statement (one snapshot of the
 * totals and the journals alike). The statement answers the horizon it saw beside its rows (a
 * row of nulls when it has none); a horizon other than the one written in means a rollup or a
 * rebuild committed between the two reads, and the read runs again.
 */
async function readLines(
  db: Executor,
  range: LinesRange,
  key: string,
  grouped: (lines: SQL) => SQL,
): Promise<Record<string, unknown>[]> {
  for (;;) {
    const [state] = await queryRows(
      db,
      sql`select ${ledgerRollupState.horizon}::text as horizon from ${ledgerRollupState}`,
    );
    const horizon = String(state!.horizon);
    const rows = await queryRows(
      db,
      sql`select state.horizon::text as seen_horizon, r.*
          from ${ledgerRollupState} state
          left join (${grouped(linesOf(BigInt(horizon), range))}) r on true
          order by r.${sql.identifier(key)}`,
    );
    if (rows[0]?.seen_horizon === horizon) return rows.filter((row) => row[key] !== null);
  }
}

/** Each account's balance from every journal up to and including an India business date. */
export async function trialBalanceOf(db: Executor, date: string) {
  const rows = await readLines(
    db,
    { through: date },
    'account',
    (lines) => sql`select lines.account, sum(lines.amount_paise)::text as balance
        from ${lines}
        group by lines.account`,
  );
  return rows.map((row) => ({
    account: String(row.account),
    balance: BigInt(String(row.balance)),
  }));
}

/** Journals that undo another: a bounce or payout reversal, or a value-dating restatement. */
const undoing = sql`lines.event_type in ('reversal', 'valueDateReversal')`;
/** The event a journal moves money for: its own, or for an undoing journal the undone one's. */
const origin = sql`coalesce(nullif(lines.reverses_event_type, ''), lines.event_type)`;
const total = (filter: SQL, amount: SQL = sql`lines.amount_paise`) =>
  sql`coalesce(sum(${amount}) filter (where ${filter}), 0)::text`;
const credit = sql`-lines.amount_paise`;
const isAccount = (account: string) => sql`lines.account = ${account}`;

/**
 * GST on fees per India month (the journals' business dates are India dates): the fee income
 * lines GST is charged on and the GST payable lines, charged by fee postings and taken back
 * by undoing journals.
 */
export async function gstByMonthOf(db: Executor, from: string, through: string) {
  const accounts = ['income:processing_fee', 'income:rollover_fee', 'liability:gst_payable'];
  const rows = await readLines(
    db,
    { from, through, accounts: { in: accounts } },
    'month',
    (lines) => sql`select to_char(lines.business_date, 'YYYY-MM') as month,
          ${total(isAccount('income:processing_fee'), credit)} as processing_fee,
          ${total(isAccount('income:rollover_fee'), credit)} as rollover_fee,
          ${total(sql`${isAccount('liability:gst_payable')} and not ${undoing}`, credit)} as gst_charged,
          ${total(sql`${isAccount('liability:gst_payable')} and ${undoing}`)} as gst_reversed
        from ${lines}
        group by 1`,
  );
  return rows.map((row) => ({
    month: String(row.month),
    processingFee: paiseFromDb(row.processing_fee),
    rolloverFee: paiseFromDb(row.rollover_fee),
    gstCharged: paiseFromDb(row.gst_charged),
    gstReversed: paiseFromDb(row.gst_reversed),
  }));
}

/**
 * Each India day's cash: every line of the `cash:*` accounts of the day's journals, split by
 * what moved the money. Moves between the lender's own cash accounts sum to zero in `net`.
 */
export async function cashFlowOf(db: Executor, from: string, through: string) {
  const clearing = isAccount('cash:payout_clearing');
  const rows = await readLines(
    db,
    { from, through, accounts: { like: 'cash:%' } },
    'date',
    (lines) => sql`select lines.business_date::text as date,
          ${total(sql`lines.event_type = 'disbursal' and ${clearing}`, credit)} as disbursed,
          ${total(sql`${undoing} and lines.reverses_event_type = 'disbursal' and ${clearing}`)} as returned,
          ${total(isAccount('cash:collection'))} as collected,
          ${total(sql`${origin} = 'refund' and ${clearing}`, credit)} as refunded,
          ${total(sql`${origin} = 'walletPayout'`, credit)} as wallet_paid,
          coalesce(sum(lines.amount_paise), 0)::text as net
        from ${lines}
        group by lines.business_date`,
  );
  return rows.map((row) => ({
    date: String(row.date),
    disbursed: paiseFromDb(row.disbursed),
    returned: paiseFromDb(row.returned),
    collected: paiseFromDb(row.collected),
    refunded: paiseFromDb(row.refunded),
    walletPaid: paiseFromDb(row.wallet_paid),
    net: paiseFromDb(row.net),
  }));
}
