import { addDays } from '@lending/lending';
import { and, eq, gte, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../plugins/db.js';
import { startOfIndiaDate } from '../../shared/india-date.js';
import { intFromDb, paiseFromDb } from '../../shared/paise.js';
import { queryRows } from '../../shared/sql-rows.js';
import { reportChannelDays } from './channel-days.table.js';
import type { ReportDays } from './report-days.repository.js';

/**
 * The SQL of the channel reports' read model (decision 0039): each India day's figures per
 * acquisition channel, computed from the book in four grouped queries, and the query the
 * reports read it with. read-models.ts says when it is recomputed.
 */

type Counts = Omit<
  typeof reportChannelDays.$inferInsert,
  'businessDate' | 'channel' | 'refreshedAt'
>;

/**
 * The registrants of each day and channel, and how far each got by now: KYC done (the app's
 * profile made the loan-book customer), any application, any machine pass, any final pass,
 * any payout. A borrower counts once per step however many loans they took.
 */
function registrantsQuery(from: string, to: string) {
  return sql`
    select b.registration_date::text as d, b.channel as ch,
      count(*) as registrations,
      count(b.customer_id) as kyc_completed,
      count(*) filter (where f.first_applied = b.registration_date) as applied_same_day,
      count(*) filter (where f.first_applied is not null) as applied,
      count(*) filter (where f.machine_passed) as machine_passed,
      count(*) filter (where f.approved) as approved,
      count(*) filter (where f.disbursed) as disbursed
    from borrower_accounts b
    left join lateral (
      select min((o.applied_at at time zone 'Asia/Kolkata')::date) as first_applied,
        bool_or(o.machine_result = 'pass') as machine_passed,
        bool_or(exists (select 1 from order_status_history h
          where h.order_id = o.id and h.event = 'finalPass')) as approved,
        bool_or(o.disbursal_date is not null) as disbursed
      from loan_orders o where o.customer_id = b.customer_id) f on true
    where b.registration_date >= ${from} and b.registration_date <= ${to}
    group by 1, 2`;
}

/** What the channel's borrowers did on each day: applications, final passes, payouts. */
function activityQuery(from: string, to: string) {
  const start = startOfIndiaDate(from).toISOString();
  const end = startOfIndiaDate(addDays(to, 1)).toISOString();
  return sql`
    with applications as (
      select (o.applied_at at time zone 'Asia/Kolkata')::date::text as d, c.channel as ch,
        count(*) as applications
      from loan_orders o join customers c on c.id = o.customer_id
      where o.applied_at >= ${start} and o.applied_at < ${end} group by 1, 2),
    approvals as (
      select (h.at at time zone 'Asia/Kolkata')::date::text as d, c.channel as ch,
        count(*) as approvals
      from order_status_history h join loan_orders o on o.id = h.order_id
        join customers c on c.id = o.customer_id
      where h.event = 'finalPass' and h.at >= ${start} and h.at < ${end} group by 1, 2),
    payouts as (
      select o.disbursal_date::text as d, c.channel as ch, count(*) as disbursed_count,
        sum(o.principal_paise)::text as disbursed_paise
      from loan_orders o join customers c on c.id = o.customer_id
      where o.disbursal_date >= ${from} and o.disbursal_date <= ${to} group by 1, 2)
    select coalesce(a.d, p.d, l.d) as d, coalesce(a.ch, p.ch, l.ch) as ch,
      a.applications, p.approvals, l.disbursed_count, l.disbursed_paise
    from applications a
      full join approvals p on p.d = a.d and p.ch = a.ch
      full join payouts l on l.d = coalesce(a.d, p.d) and l.ch = coalesce(a.ch, p.ch)`;
}

/**
 * The channel's disbursed loans due on each day, and those not cleared by their due date
 * (counted only once the due date has passed: `today` has not ended yet).
 */
function dueQuery(from: string, to: string, today: string) {
  return sql`
    select o.due_date::text as d, c.channel as ch, count(*) as due_count,
      count(*) filter (where o.due_date < ${today}
        and (o.cleared_date is null or o.cleared_date > o.due_date)) as first_day_overdue
    from loan_orders o join customers c on c.id = o.customer_id
    where o.disbursal_date is not null and o.due_date >= ${from} and o.due_date <= ${to}
    group by 1, 2`;
}

/**
 * The channel's disbursed loans cleared on each day, and those whose borrower had another loan
 * disbursed within 3, 7 and 30 days of the clearing day (a rollover keeps the same loan, so
 * it is never counted as borrowing again).
 */
function clearedQuery(from: string, to: string) {
  const within = (days: number) =>
    sql.raw(`exists (select 1 from loan_orders n
    where n.customer_id = o.customer_id and n.id <> o.id
      and n.disbursal_date >= o.cleared_date and n.disbursal_date <= o.cleared_date + ${days})`);
  return sql`
    select o.cleared_date::text as d, c.channel as ch, count(*) as cleared,
      count(*) filter (where ${within(3)}) as reborrowed_3,
      count(*) filter (where ${within(7)}) as reborrowed_7,
      count(*) filter (where ${within(30)}) as reborrowed_30
    from loan_orders o join customers c on c.id = o.customer_id
    where o.disbursal_date is not null and o.cleared_date >= ${from} and o.cleared_date <= ${to}
    group by 1, 2`;
}

const COLUMNS: Record<keyof Counts, string> = {
  registrations: 'registrations',
  kycCompleted: 'kyc_completed',
  appliedSameDay: 'applied_same_day',
  applied: 'applied',
  machinePassed: 'machine_passed',
  approved: 'approved',
  disbursed: 'disbursed',
  applications: 'applications',
  approvals: 'approvals',
  disbursedCount: 'disbursed_count',
  disbursedPaise: 'disbursed_paise',
  dueCount: 'due_count',
  firstDayOverdue: 'first_day_overdue',
  cleared: 'cleared',
  reborrowed3: 'reborrowed_3',
  reborrowed7: 'reborrowed_7',
  reborrowed30: 'reborrowed_30',
};

/**
 * The figures of the days `from`..`to` (India dates, inclusive) of every channel, from the
 * book, as of `today`. Four grouped queries over the range, not one per day, so the nightly
 * window stays a handful of statements on a large book.
 */
export async function channelDayRows(
  db: Executor,
  days: ReportDays,
  today: string,
  at: Date,
): Promise<(typeof reportChannelDays.$inferInsert)[]> {
  const { from, to } = days;
  const families = [
    await queryRows(db, registrantsQuery(from, to)),
    await queryRows(db, activityQuery(from, to)),
    await queryRows(db, dueQuery(from, to, today)),
    await queryRows(db, clearedQuery(from, to)),
  ];
  const rows = new Map<string, typeof reportChannelDays.$inferInsert>();
  for (const family of families) {
    for (const found of family) {
      const businessDate = String(found.d);
      const channel = String(found.ch ?? '');
      const key = `${businessDate}|${channel}`;
      const row = rows.get(key) ?? { businessDate, channel, refreshedAt: at };
      for (const [field, column] of Object.entries(COLUMNS) as [keyof Counts, string][]) {
        if (!(column in found)) continue;
        (row as Record<string, unknown>)[field] =
          field === 'disbursedPaise' ? paiseFromDb(found[column]) : intFromDb(found[column]);
      }
      rows.set(key, row);
    }
  }
  return [...rows.values()];
}

/** The stored days of a report's range (India dates, inclusive), of one channel or all. */
export function channelDaysIn(
  db: Executor,
  filters: {
    dateFrom?: string | undefined;
    dateTo?: string | undefined;
    channel?: string | undefined;
  },
) {
  const { dateFrom, dateTo, channel } = filters;
  return db
    .select()
    .from(reportChannelDays)
    .where(
      and(
        dateFrom ? gte(reportChannelDays.businessDate, dateFrom) : undefined,
        dateTo ? lte(reportChannelDays.businessDate, dateTo) : undefined,
        channel !== undefined ? eq(reportChannelDays.channel, channel) : undefined,
      ),
    );
}
