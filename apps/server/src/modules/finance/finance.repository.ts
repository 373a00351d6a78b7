import { and, eq, gte, inArray, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import type {
  orderLoanBodySchema,
  reconciliationBreakBodySchema,
  reconciliationDayBodySchema,
  repaymentOrderBodySchema,
} from '@lending/contract';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  ledgerDailyTotals,
  ledgerEntries,
  ledgerJournals,
  ledgerRollupState,
} from '../ledger/tables.js';
import { customers, loanOrders, payouts, repayments } from '../loan-book/tables.js';
import { staffUsers } from '../user/tables.js';
import type { Executor } from '../../plugins/db.js';
import { inclusiveRange, type ListWhere, orderNoIs, runList } from '../../shared/list-query.js';
import { paiseFromDb } from '../../shared/paise.js';
import { queryRows } from '../../shared/sql-rows.js';
import { creditRefunds } from './credit-refunds.table.js';
import { reconciliationBreaks, reconciliationDays } from './finance.table.js';

/** The conditions a list's filters make (as runList builds them), for the list's totals. */
export function conditionsOf<F>(
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
  // The order by its number in a subquery, not through the join: the totals read payouts alone.
  orderNo: (orderNo) =>
    eq(
      payouts.orderId,
      sql`(select ${loanOrders.id} from ${loanOrders} where ${orderNoIs(loanOrders.orderNo, orderNo)})`,
    ),
  channel: (channel) => eq(payouts.channel, channel),
  status: (status) => eq(payouts.status, status),
};

/**
 * Processed disbursal payouts with their order and borrower. The page is read from
 * payouts_statement_idx in its order; `total` is the statement's count (orderLoanDays).
 */
export function listOrderLoans(
  db: Executor,
  body: z.output<typeof orderLoanBodySchema>,
  total: number,
) {
  return runList(
    db,
    {
      select: () =>
        db
          .select({ payout: payouts, orderNo: loanOrders.orderNo, customerName: customers.name })
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
    { total },
  );
}

/**
 * The filtered statement's count and sums per day, in one pass over payouts_statement_idx
 * alone: a payout carries what it paid out against (migration 0029), so no order is read. The
 * range's totals are the sum of its days.
 */
export function orderLoanDays(db: Executor, filters: OrderLoanFilters | undefined) {
  return db
    .select({
      date: sql<string>`${payouts.processedDate}::text`,
      count: sql<number>`count(*)::int`,
      principal: sql<string>`sum(${payouts.grossPaise})::text`,
      fee: sql<string>`sum(${payouts.feeWithheldPaise})::text`,
      gst: sql<string>`sum(${payouts.gstWithheldPaise})::text`,
      net: sql<string>`sum(${payouts.amountPaise})::text`,
    })
    .from(payouts)
    .where(conditionsOf(orderLoanWhere, filters, orderLoanScope))
    .groupBy(payouts.processedDate);
}

// --- RepaymentOrder -------------------------------------------------------------------------

type RepaymentOrderFilters = NonNullable<z.output<typeof repaymentOrderBodySchema>['filters']>;

/** The amounts of a statement line, in the contract's order. */
const LINE_AMOUNTS = {
  amount: repayments.amountPaise,
  principal: repayments.allocatedPrincipalPaise,
  interest: repayments.allocatedInterestPaise,
  fee: repayments.allocatedFeePaise,
  gst: repayments.allocatedGstPaise,
  penal: repayments.allocatedPenalPaise,
  excess: repayments.excessPaise,
};
type LineAmount = keyof typeof LINE_AMOUNTS;

function lineAmounts(negated: boolean) {
  return Object.fromEntries(
    Object.entries(LINE_AMOUNTS).map(([name, column]) => [
      name,
      (negated ? sql<string>`-${column}` : sql<string>`${column}`).as(name),
    ]),
  ) as Record<LineAmount, SQL.Aliased<string>>;
}

/**
 * The statement's lines: each repayment with its journal in effect (money in), and each
 * `reversal` journal undoing a repayment's journal (money back out, amounts negated). The day a
 * line was booked (decision 0073) is the repayment's own day, however often a value-dated
 * posting later replayed its journal (a restatement, not money), or the reversal's own day.
 *
 * Read from the repayments, not by matching every journal of the ledger against them (most
 * journals are accruals): a repayment's journal in effect is always its own money event (a
 * repayment, rollover, or a replay of one), never a reversal nor undoing another; and only a
 * reversed repayment's journal is ever undone by a `reversal` (a bounce marks the repayment
 * reversed as it posts one; a payout is reversed only once no repayment stands). So the lines
 * are those of the ledger join they replace, and the statement's totals still equal the
 * ledger's collected cash (finance.routes.test.ts).
 */
export function repaymentLines(db: Executor) {
  const own = db
    .select({
      journalId: repayments.journalId,
      postedDate: repayments.businessDate,
      reversal: sql<boolean>`false`.as('reversal'),
      repaymentId: repayments.id,
      orderId: repayments.orderId,
      serialNo: repayments.serialNo,
      channel: repayments.channel,
      virtualAccountCode: repayments.virtualAccountCode,
      ...lineAmounts(false),
    })
    .from(repayments);
  const reversals = db
    .select({
      journalId: ledgerJournals.id,
      postedDate: ledgerJournals.businessDate,
      reversal: sql<boolean>`true`.as('reversal'),
      repaymentId: repayments.id,
      orderId: repayments.orderId,
      serialNo: repayments.serialNo,
      channel: repayments.channel,
      virtualAccountCode: repayments.virtualAccountCode,
      ...lineAmounts(true),
    })
    .from(repayments)
    .innerJoin(
      ledgerJournals,
      and(
        eq(ledgerJournals.reversesJournalId, repayments.journalId),
        eq(ledgerJournals.eventType, 'reversal'),
      ),
    )
    .where(eq(repayments.reversed, true));
  return own.unionAll(reversals).as('lines');
}

type RepaymentLines = ReturnType<typeof repaymentLines>;

function repaymentOrderWhere(lines: RepaymentLines): ListWhere<RepaymentOrderFilters> {
  return {
    ...inclusiveRange<'dateFrom', 'dateTo', string>(lines.postedDate, 'dateFrom', 'dateTo'),
    // The order by its number in a subquery, not through the join: the totals read lines alone.
    orderNo: (orderNo) =>
      eq(
        lines.orderId,
        sql`(select ${loanOrders.id} from ${loanOrders} where ${orderNoIs(loanOrders.orderNo, orderNo)})`,
      ),
    channel: (channel) => eq(lines.channel, channel),
    virtualAccountCode: (code) => eq(lines.virtualAccountCode, code),
    // A constant of each branch, so the other branch is not read at all.
    kind: (kind) => (kind === 'reversal' ? sql`${lines.reversal}` : sql`not ${lines.reversal}`),
  };
}

/** The page of lines, newest journal first: `total` is the statement's count (its totals). */
export function listRepaymentOrders(
  db: Executor,
  body: z.output<typeof repaymentOrderBodySchema>,
  total: number,
) {
  const lines = repaymentLines(db);
  const text = (value: SQL.Aliased<string>) => sql<string>`${value}::text`;
  return runList(
    db,
    {
      select: () =>
        db
          .select({
            journalId: lines.journalId,
            // The day the money came (a repayment valued earlier than it was posted, decision
            // 0065); the range filter stays on the day it was booked, as the ledger is.
            valueDate: sql<string>`coalesce(${ledgerJournals.valueDate}, ${ledgerJournals.businessDate})::text`,
            postedDate: sql<string>`${lines.postedDate}::text`,
            reversal: lines.reversal,
            serialNo: lines.serialNo,
            orderId: lines.orderId,
            channel: lines.channel,
            virtualAccountCode: lines.virtualAccountCode,
            orderNo: loanOrders.orderNo,
            amount: text(lines.amount),
            principal: text(lines.principal),
            interest: text(lines.interest),
            fee: text(lines.fee),
            gst: text(lines.gst),
            penal: text(lines.penal),
            excess: text(lines.excess),
          })
          .from(lines)
          .innerJoin(ledgerJournals, eq(ledgerJournals.id, lines.journalId))
          .innerJoin(loanOrders, eq(loanOrders.id, lines.orderId)),
      where: repaymentOrderWhere(lines),
      sortColumns: { id: lines.journalId, valueDate: ledgerJournals.businessDate },
      defaultSort: { field: 'id', order: 'desc' },
      id: lines.journalId,
    },
    body,
    { total },
  );
}

/** The filtered statement's count and sums: one pass over the lines, no order read. */
export async function repaymentOrderTotals(
  db: Executor,
  filters: RepaymentOrderFilters | undefined,
) {
  const lines = repaymentLines(db);
  const sum = (value: SQL.Aliased<string>) => sql<string>`coalesce(sum(${value}), 0)::text`;
  const [total] = await db
    .select({
      count: sql<number>`count(*)::int`,
      amount: sum(lines.amount),
      principal: sum(lines.principal),
      interest: sum(lines.interest),
      fee: sum(lines.fee),
      gst: sum(lines.gst),
      penal: sum(lines.penal),
      excess: sum(lines.excess),
    })
    .from(lines)
    .where(conditionsOf(repaymentOrderWhere(lines), filters));
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
      refundStatus: creditRefunds.status,
    })
    .from(reconciliationBreaks)
    .innerJoin(reconciliationDays, eq(reconciliationDays.id, reconciliationBreaks.dayId))
    .leftJoin(loanOrders, eq(loanOrders.id, reconciliationBreaks.orderId))
    .leftJoin(staffUsers, eq(staffUsers.id, reconciliationBreaks.resolvedBy))
    .leftJoin(creditRefunds, eq(creditRefunds.id, reconciliationBreaks.creditRefundId));
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
          ${total(sql`(${origin} = 'refund' and ${clearing}) or ${origin} = 'unappliedCreditRefund'`, credit)} as refunded,
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
