import { sql, type SQL } from 'drizzle-orm';
import type { CaseKind, performanceBodySchema } from '@lending/contract';
import type { z } from 'zod';
import type { Executor } from '../../plugins/db.js';
import { queryRows } from '../../shared/sql-rows.js';
import { casesNowSql, promisesNowSql } from './case-state.repository.js';
import type { ReadAt, Scope } from './cases.repository.js';

/*
 * The SQL of the collection reports (recovery.figures.ts computes their rates and totals):
 * each reads the cases and promises as of now, since reads never write (decision 0052).
 */

/**
 * Money an order received from `from` on (and before `before`, and up to `through`, when
 * given): repayments as allocated (less any excess), reversed ones left out.
 */
export function receivedOnOrderSql(
  orderId: SQL,
  from: SQL,
  window: { before?: SQL; through?: SQL } = {},
): SQL {
  const before = window.before
    ? sql` and (${window.before} is null or r.received_at < ${window.before})`
    : sql``;
  const through = window.through
    ? sql` and (${window.through} is null or r.received_at <= ${window.through})`
    : sql``;
  return sql`(select coalesce(sum(r.amount_paise - r.excess_paise), 0) from repayments r
    where r.order_id = ${orderId} and not r.reversed and r.received_at >= ${from}${before}${through})`;
}

/** Per collector, group, stage or month of opening: cases, money owed and recovered, promises, contacts, rolls. */
export async function performanceRows(
  db: Executor,
  { now, today }: ReadAt,
  body: z.output<typeof performanceBodySchema>,
) {
  const cases = casesNowSql(now);
  const promises = promisesNowSql(today, now);
  const key =
    body.by === 'collector'
      ? sql`coalesce(s.name, '-')`
      : body.by === 'group'
        ? sql`coalesce(g.name, '-')`
        : body.by === 'stage'
          ? sql`c.stage`
          : sql`to_char(c.opened_date, 'YYYY-MM')`;
  return queryRows(
    db,
    sql`select ${key} as k, count(*)::int as cases,
        count(*) filter (where c.status = 'finished')::int as recovered_cases,
        coalesce(sum(c.owed_at_assignment_paise), 0)::text as owed,
        coalesce(sum(coalesce(c.recovered_paise, ${receivedOnOrderSql(sql`c.order_id`, sql`c.opened_at`)})), 0)::text as recovered,
        coalesce(sum((select count(*) from ${promises} p where p.case_id = c.id and p.status in ('kept', 'broken'))), 0)::int as promises,
        coalesce(sum((select count(*) from ${promises} p where p.case_id = c.id and p.status = 'kept')), 0)::int as kept,
        count(*) filter (where c.follow_ups > 0)::int as contacted,
        count(*) filter (where exists (select 1 from recovery_case_moves m where m.case_id = c.id and m.reason = 'stageChange'))::int as rolled
      from ${cases} c
      left join staff_users s on s.id = c.collector_id
      left join recovery_groups g on g.id = c.group_id
      where c.kind = ${body.kind}
        ${body.dateFrom ? sql`and c.opened_date >= ${body.dateFrom}::date` : sql``}
        ${body.dateTo ? sql`and c.opened_date <= ${body.dateTo}::date` : sql``}
      group by 1 order by 1`,
  );
}

/** The stage flow's stays (recovery.figures.ts's stageFlow) counted per India month of entry and stage. */
export async function stageFlowRows(
  db: Executor,
  { now, today }: ReadAt,
  monthFrom: string,
  monthTo: string,
) {
  const promises = promisesNowSql(today, now);
  const inStay = (at: SQL) =>
    sql`${at} >= s.entered_at and (s.next_at is null or ${at} < s.next_at) and (s.closed_at is null or ${at} <= s.closed_at)`;
  const received = receivedOnOrderSql(sql`s.order_id`, sql`s.entered_at`, {
    before: sql`s.next_at`,
    through: sql`s.closed_at`,
  });
  return queryRows(
    db,
    sql`with stays as (
        select m.case_id, m.to_stage as stage, m.owed_paise as owed, m.at as entered_at,
          lead(m.at) over (partition by m.case_id order by m.at, m.id) as next_at,
          c.order_id, c.status, c.closed_at,
          to_char(m.at at time zone 'Asia/Kolkata', 'YYYY-MM') as month
        from recovery_case_moves m join ${casesNowSql(now)} c on c.id = m.case_id
        where c.kind = 'collection' and m.reason in ('opened', 'stageChange'))
      select s.month, s.stage,
        count(*)::int as entered,
        count(*) filter (where s.next_at is not null)::int as rolled,
        count(*) filter (where s.next_at is null and s.status = 'finished')::int as repaid,
        count(*) filter (where s.next_at is null and s.status = 'open')::int as still_open,
        coalesce(sum(s.owed), 0)::text as owed,
        coalesce(sum(case when s.owed is null then null else least(s.owed, ${received}) end), 0)::text as recovered,
        count(*) filter (where exists (select 1 from recovery_follow_ups f
          where f.case_id = s.case_id and not f.refused and ${inStay(sql`f.at`)}))::int as contacted,
        coalesce(sum((select count(*) from ${promises} p where p.case_id = s.case_id
          and p.status in ('kept', 'broken') and ${inStay(sql`p.made_at`)})), 0)::int as promises,
        coalesce(sum((select count(*) from ${promises} p where p.case_id = s.case_id
          and p.status = 'kept' and ${inStay(sql`p.made_at`)})), 0)::int as kept
      from stays s
      where s.month between ${monthFrom} and ${monthTo}
      group by 1, 2`,
  );
}

/** Each collector's day on India date `date` (from `from` to `to`), of one kind of case; a collector sees their own. */
export async function dailyProcessRows(
  db: Executor,
  { now, today }: ReadAt,
  kind: CaseKind,
  { date, from, to }: { date: string; from: string; to: string },
  scope: Scope,
) {
  const cases = casesNowSql(now);
  const promises = promisesNowSql(today, now);
  return queryRows(
    db,
    sql`select rc.user_id, s.name, g.name as group_name,
      (select count(*)::int from ${cases} c where c.collector_id = rc.user_id and c.kind = ${kind}
        and c.assigned_at < ${to}::timestamptz and (c.closed_at is null or c.closed_at >= ${from}::timestamptz)) as held,
      (select count(*)::int from recovery_case_moves m join recovery_cases c on c.id = m.case_id
        where m.to_collector_id = rc.user_id and c.kind = ${kind} and m.reason in ('auto', 'manual', 'moveBook')
        and m.at >= ${from}::timestamptz and m.at < ${to}::timestamptz) as new_cases,
      (select count(distinct f.case_id)::int from recovery_follow_ups f join recovery_cases c on c.id = f.case_id
        where f.collector_id = rc.user_id and c.kind = ${kind} and f.india_date = ${date}::date and not f.refused) as contacted,
      (select count(distinct f.case_id)::int from recovery_follow_ups f join recovery_cases c on c.id = f.case_id
        where f.collector_id = rc.user_id and c.kind = ${kind} and f.india_date = ${date}::date and f.result in ('promise', 'connected')) as connected,
      (select count(*)::int from ${promises} p join recovery_cases c on c.id = p.case_id
        where p.collector_id = rc.user_id and c.kind = ${kind} and p.made_at >= ${from}::timestamptz and p.made_at < ${to}::timestamptz) as promises,
      (select count(*)::int from ${promises} p join recovery_cases c on c.id = p.case_id
        where p.collector_id = rc.user_id and c.kind = ${kind} and p.status = 'kept' and p.settled_at >= ${from}::timestamptz and p.settled_at < ${to}::timestamptz) as kept,
      (select coalesce(sum(r.amount_paise - r.excess_paise), 0)::text from repayments r join ${cases} c on c.order_id = r.order_id
        where c.collector_id = rc.user_id and c.kind = ${kind} and not r.reversed and r.received_at >= c.assigned_at
        and (c.closed_at is null or r.received_at <= c.closed_at)
        and r.received_at >= ${from}::timestamptz and r.received_at < ${to}::timestamptz) as recovered,
      (select count(*)::int from ${cases} c where c.collector_id = rc.user_id and c.kind = ${kind} and c.status = 'finished'
        and c.closed_at >= ${from}::timestamptz and c.closed_at < ${to}::timestamptz) as cleared,
      (select count(*)::int from recovery_follow_ups f join recovery_cases c on c.id = f.case_id
        where f.collector_id = rc.user_id and c.kind = ${kind} and f.india_date = ${date}::date and f.refused) as refused
      from recovery_collectors rc join staff_users s on s.id = rc.user_id join recovery_groups g on g.id = rc.group_id
      where g.kind = ${kind} ${scope ? sql`and rc.user_id = ${scope.userId}` : sql``}
      order by g.name, s.name`,
  );
}
