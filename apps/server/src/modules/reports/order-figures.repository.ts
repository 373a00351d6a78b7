import { addDays } from '@lending/lending';
import { and, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { dailyOrderBodySchema, overdueCohortBodySchema } from '@lending/contract';
import type { z } from 'zod';
import type { Executor } from '../../plugins/db.js';
import { startOfIndiaDate } from '../../shared/india-date.js';
import { inclusiveRange, runList } from '../../shared/list-query.js';
import { intFromDb, paiseFromDb } from '../../shared/paise.js';
import { queryRows } from '../../shared/sql-rows.js';
import { reportDailyOrders, reportDueCohorts, type CustomerType } from './order-figures.table.js';

/**
 * The SQL of the order reports' read models: each day's figures (/report/dailyOrderAnalysis)
 * and each due-date cohort (/report/orderOverdue), computed from the book per customer type,
 * and the reports' queries over them. read-models.ts says when each is recomputed.
 */

/** An order's customer is old when an earlier order of theirs was disbursed, else new. */
const typeOf = (alias: string) =>
  sql.raw(`(case when exists (select 1 from loan_orders prior where prior.customer_id = ${alias}.customer_id
    and prior.id < ${alias}.id and prior.disbursal_date is not null) then 'old' else 'new' end)`);

/**
 * The repayment a journal belongs to: its own journal, or the one a `reversal` undoes (money
 * that went back). An equality on an expression of the journal, so the join is a hash join
 * (an OR here made PostgreSQL compare every repayment with every journal of the day).
 */
const REPAYMENT_JOURNALS = sql.raw(
  `r.journal_id = (case when j.event_type = 'reversal' then j.reverses_journal_id else j.id end)`,
);

/**
 * The day a repayment-statement row counts on (decision 0073), as RepaymentOrder lists it: a
 * repayment on the day it was booked, however often a value-dated posting replayed its journal
 * later; a reversal on its own day. The journal in effect is never booked before that day, so
 * `j.business_date >= day` is added for the index.
 */
const REPAYMENT_DAY = sql.raw(
  `(case when j.reverses_journal_id is null then r.business_date else j.business_date end)`,
);

/**
 * One India day's figures, per customer type and for all, from the book: the applications and
 * review decisions of the day (order history), the disbursals the gateway processed that day
 * (as the disbursement statement shows them), the repayment journals of the day net of
 * reversals, on the days the repayment statement lists them, and the loans cleared.
 */
export async function dailyOrderRows(db: Executor, date: string, at: Date) {
  const from = startOfIndiaDate(date).toISOString();
  const to = startOfIndiaDate(addDays(date, 1)).toISOString();
  const rows = await queryRows(
    db,
    sql`
    with apps as (
      select ${typeOf('o')} as t, count(*) as applications from loan_orders o
      where o.applied_at >= ${from} and o.applied_at < ${to} group by 1),
    decisions as (
      select ${typeOf('o')} as t,
        count(*) filter (where h.event = 'machinePass'
          and d.decision is distinct from 'refer') as machine_pass,
        count(*) filter (where h.event = 'machinePass' and d.decision = 'refer') as machine_refer,
        count(*) filter (where h.event = 'machineReject') as machine_reject,
        count(*) filter (where h.event = 'finalPass') as manual_pass,
        count(*) filter (where h.event in ('firstReject', 'finalReject')) as manual_reject
      from order_status_history h join loan_orders o on o.id = h.order_id
        left join risk_decisions d on d.order_id = h.order_id
      where h.at >= ${from} and h.at < ${to} group by 1),
    paid as (
      select ${typeOf('o')} as t, count(*) as disbursed_count,
        sum(o.principal_paise) as disbursed_paise, sum(p.amount_paise) as net_disbursed_paise,
        sum(o.processing_fee_paise) as fee_paise, sum(o.gst_on_fee_paise) as gst_paise
      from payouts p join loan_orders o on o.id = p.order_id
      where p.purpose = 'disbursal' and p.status in ('processed', 'reversed')
        and p.processed_date = ${date} group by 1),
    repaid as (
      select ${typeOf('o')} as t, count(*) as repayment_count,
        sum(case when j.reverses_journal_id is null then 1 else -1 end * r.amount_paise) as repaid_paise
      from ledger_journals j join repayments r on ${REPAYMENT_JOURNALS}
      join loan_orders o on o.id = r.order_id
      where ${REPAYMENT_DAY} = ${date} and j.business_date >= ${date} group by 1),
    cleared as (
      select ${typeOf('o')} as t, count(*) as cleared from loan_orders o
      where o.cleared_date = ${date} group by 1)
    select v.t, apps.applications, decisions.machine_pass, decisions.machine_refer,
      decisions.machine_reject,
      decisions.manual_pass, decisions.manual_reject, paid.disbursed_count,
      paid.disbursed_paise::text, paid.net_disbursed_paise::text, paid.fee_paise::text,
      paid.gst_paise::text, repaid.repayment_count, repaid.repaid_paise::text, cleared.cleared
    from (values ('new'), ('old')) as v(t)
      left join apps on apps.t = v.t left join decisions on decisions.t = v.t
      left join paid on paid.t = v.t left join repaid on repaid.t = v.t
      left join cleared on cleared.t = v.t`,
  );
  const byType = (type: 'new' | 'old') => rows.find((row) => row.t === type) ?? {};
  const figuresOf = (row: Record<string, unknown>) => ({
    applications: intFromDb(row.applications),
    machinePass: intFromDb(row.machine_pass),
    machineRefer: intFromDb(row.machine_refer),
    machineReject: intFromDb(row.machine_reject),
    manualPass: intFromDb(row.manual_pass),
    manualReject: intFromDb(row.manual_reject),
    disbursedCount: intFromDb(row.disbursed_count),
    disbursedPaise: paiseFromDb(row.disbursed_paise),
    netDisbursedPaise: paiseFromDb(row.net_disbursed_paise),
    feePaise: paiseFromDb(row.fee_paise),
    gstPaise: paiseFromDb(row.gst_paise),
    repaymentCount: intFromDb(row.repayment_count),
    repaidPaise: paiseFromDb(row.repaid_paise),
    cleared: intFromDb(row.cleared),
  });
  return byCustomerType(figuresOf(byType('new')), figuresOf(byType('old'))).map(
    ([customerType, figures]) => ({
      businessDate: date,
      customerType,
      ...figures,
      refreshedAt: at,
    }),
  );
}

type Figures = Record<string, number | bigint>;

/** The rows of new and old customers, and of all: their sum, figure by figure. */
function byCustomerType<F extends Figures>(fresh: F, old: F): [CustomerType, F][] {
  const all = Object.fromEntries(
    Object.entries(fresh).map(([key, value]) => [
      key,
      typeof value === 'bigint' ? value + (old[key] as bigint) : value + (old[key] as number),
    ]),
  ) as F;
  return [
    ['new', fresh],
    ['old', old],
    ['all', all],
  ];
}

/**
 * One due-date cohort as of `today`: the disbursed loans due that day; those not cleared by it
 * (first-day overdue); of those, the ones that went at most 7 days overdue and the ones that
 * reached 8 days and above (docs/product.md §9 bands), counted to the day they cleared or to
 * today; and those cleared after going overdue (recovered). No rows when no loan is due that day.
 */
export async function dueCohortRows(db: Executor, dueDate: string, today: string, at: Date) {
  const rows = await queryRows(
    db,
    sql`
    with loans as (
      select ${typeOf('o')} as t, o.due_amount_paise, o.cleared_date,
        case when o.cleared_date is not null and o.cleared_date <= o.due_date then 0
             else greatest(0, coalesce(o.cleared_date, ${today}::date) - o.due_date) end as reached
      from loan_orders o
      where o.due_date = ${dueDate} and o.disbursal_date is not null)
    select t, count(*) as due_count, sum(due_amount_paise)::text as due_amount_paise,
      count(*) filter (where reached >= 1) as first_day_overdue,
      count(*) filter (where reached between 1 and 7) as overdue_1_to_7,
      count(*) filter (where reached >= 8) as overdue_8_plus,
      count(*) filter (where reached >= 1 and cleared_date is not null) as recovered
    from loans group by t`,
  );
  const figuresOf = (row: Record<string, unknown> | undefined) => ({
    dueCount: intFromDb(row?.due_count),
    dueAmountPaise: paiseFromDb(row?.due_amount_paise),
    firstDayOverdue: intFromDb(row?.first_day_overdue),
    overdue1to7: intFromDb(row?.overdue_1_to_7),
    overdue8plus: intFromDb(row?.overdue_8_plus),
    recovered: intFromDb(row?.recovered),
  });
  const fresh = figuresOf(rows.find((row) => row.t === 'new'));
  const old = figuresOf(rows.find((row) => row.t === 'old'));
  if (fresh.dueCount + old.dueCount === 0) return [];
  return byCustomerType(fresh, old).map(([customerType, figures]) => ({
    dueDate,
    customerType,
    ...figures,
    refreshedAt: at,
  }));
}

type DailyFilters = NonNullable<z.output<typeof dailyOrderBodySchema>['filters']>;

function dailyWhere(filters: DailyFilters | undefined): SQL | undefined {
  return and(
    eq(reportDailyOrders.customerType, filters?.customerType ?? 'all'),
    filters?.dateFrom ? gte(reportDailyOrders.businessDate, filters.dateFrom) : undefined,
    filters?.dateTo ? lte(reportDailyOrders.businessDate, filters.dateTo) : undefined,
  );
}

export async function listDailyOrders(db: Executor, body: z.output<typeof dailyOrderBodySchema>) {
  const filters = { ...body.filters, customerType: body.filters?.customerType ?? 'all' };
  const page = await runList(
    db,
    {
      select: () => db.select().from(reportDailyOrders),
      where: {
        ...inclusiveRange<'dateFrom', 'dateTo', string>(
          reportDailyOrders.businessDate,
          'dateFrom',
          'dateTo',
        ),
        customerType: (type) => eq(reportDailyOrders.customerType, type),
      },
      sortColumns: { date: reportDailyOrders.businessDate },
      defaultSort: { field: 'date', order: 'desc' },
      id: reportDailyOrders.businessDate,
    },
    { ...body, filters },
  );
  const [totals] = await db
    .select({
      applications: sql<string>`coalesce(sum(${reportDailyOrders.applications}), 0)::text`,
      machinePass: sql<string>`coalesce(sum(${reportDailyOrders.machinePass}), 0)::text`,
      machineRefer: sql<string>`coalesce(sum(${reportDailyOrders.machineRefer}), 0)::text`,
      machineReject: sql<string>`coalesce(sum(${reportDailyOrders.machineReject}), 0)::text`,
      manualPass: sql<string>`coalesce(sum(${reportDailyOrders.manualPass}), 0)::text`,
      manualReject: sql<string>`coalesce(sum(${reportDailyOrders.manualReject}), 0)::text`,
      disbursedCount: sql<string>`coalesce(sum(${reportDailyOrders.disbursedCount}), 0)::text`,
      disbursedPaise: sql<string>`coalesce(sum(${reportDailyOrders.disbursedPaise}), 0)::text`,
      netDisbursedPaise: sql<string>`coalesce(sum(${reportDailyOrders.netDisbursedPaise}), 0)::text`,
      feePaise: sql<string>`coalesce(sum(${reportDailyOrders.feePaise}), 0)::text`,
      gstPaise: sql<string>`coalesce(sum(${reportDailyOrders.gstPaise}), 0)::text`,
      repaymentCount: sql<string>`coalesce(sum(${reportDailyOrders.repaymentCount}), 0)::text`,
      repaidPaise: sql<string>`coalesce(sum(${reportDailyOrders.repaidPaise}), 0)::text`,
      cleared: sql<string>`coalesce(sum(${reportDailyOrders.cleared}), 0)::text`,
    })
    .from(reportDailyOrders)
    .where(dailyWhere(filters));
  return { ...page, totals: totals! };
}

export async function listDueCohorts(db: Executor, body: z.output<typeof overdueCohortBodySchema>) {
  const filters = { ...body.filters, customerType: body.filters?.customerType ?? 'all' };
  const page = await runList(
    db,
    {
      select: () => db.select().from(reportDueCohorts),
      where: {
        ...inclusiveRange<'dateFrom', 'dateTo', string>(
          reportDueCohorts.dueDate,
          'dateFrom',
          'dateTo',
        ),
        customerType: (type) => eq(reportDueCohorts.customerType, type),
      },
      sortColumns: { dueDate: reportDueCohorts.dueDate },
      defaultSort: { field: 'dueDate', order: 'desc' },
      id: reportDueCohorts.dueDate,
    },
    { ...body, filters },
  );
  const [totals] = await db
    .select({
      dueCount: sql<string>`coalesce(sum(${reportDueCohorts.dueCount}), 0)::text`,
      dueAmountPaise: sql<string>`coalesce(sum(${reportDueCohorts.dueAmountPaise}), 0)::text`,
      firstDayOverdue: sql<string>`coalesce(sum(${reportDueCohorts.firstDayOverdue}), 0)::text`,
      overdue1to7: sql<string>`coalesce(sum(${reportDueCohorts.overdue1to7}), 0)::text`,
      overdue8plus: sql<string>`coalesce(sum(${reportDueCohorts.overdue8plus}), 0)::text`,
      recovered: sql<string>`coalesce(sum(${reportDueCohorts.recovered}), 0)::text`,
    })
    .from(reportDueCohorts)
    .where(
      and(
        eq(reportDueCohorts.customerType, filters.customerType),
        filters.dateFrom ? gte(reportDueCohorts.dueDate, filters.dateFrom) : undefined,
        filters.dateTo ? lte(reportDueCohorts.dueDate, filters.dateTo) : undefined,
      ),
    );
  return { ...page, totals: totals! };
}
