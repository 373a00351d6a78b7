import { sql, type SQL } from 'drizzle-orm';
import type {
  PerformanceRow,
  StageFlowRet,
  StageFlowRow,
  performanceBodySchema,
  stageFlowBodySchema,
} from '@lending/contract';
import type { z } from 'zod';
import { intFromDb, paiseFromDb, paiseToApi } from '../../shared/paise.js';
import { queryRows } from '../../shared/sql-rows.js';
import { casesNowSql, promisesNowSql } from './recovery.engine.js';
import { readNow, type RecoveryDeps } from './recovery.service.js';

/*
 * The collection reports' figures (summaryCollectinOrders, performance, performance2): one
 * rate rule and one definition of money recovered, shared by every report.
 */

/** A rate in parts per million, rounded; null when there is nothing to divide by (never a false 0 %). */
export function ratePpm(part: bigint | number, whole: bigint | number): number | null {
  const w = BigInt(whole);
  if (w === 0n) return null;
  const p = BigInt(part) * 1_000_000n;
  return Number((p + w / 2n) / w);
}

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

export async function performance(
  deps: RecoveryDeps,
  body: z.output<typeof performanceBodySchema>,
) {
  // The cases and promises as of now: reads never write (decision 0052).
  const { now, today } = readNow(deps);
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
  const rows = await queryRows(
    deps.db,
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
  const toRow = (k: string, r: Record<string, unknown>): PerformanceRow => {
    const cases = intFromDb(r.cases);
    const owed = paiseFromDb(r.owed);
    const recovered = paiseFromDb(r.recovered);
    const promises = intFromDb(r.promises);
    const kept = intFromDb(r.kept);
    const contacted = intFromDb(r.contacted);
    const rolled = intFromDb(r.rolled);
    const recoveredCases = intFromDb(r.recovered_cases);
    return {
      key: k,
      label: k,
      cases,
      recoveredCases,
      owedPaise: paiseToApi(owed),
      recoveredPaise: paiseToApi(recovered),
      countRatePpm: ratePpm(recoveredCases, cases),
      amountRatePpm: ratePpm(recovered > owed ? owed : recovered, owed),
      promises,
      promisesKept: kept,
      promiseKeptPpm: ratePpm(kept, promises),
      contacted,
      contactRatePpm: ratePpm(contacted, cases),
      rolled,
      rollRatePpm: ratePpm(rolled, cases),
    };
  };
  const list = rows.map((r) => toRow(String(r.k), r));
  const totals: Record<string, unknown> = {
    cases: list.reduce((s, r) => s + r.cases, 0),
    recovered_cases: list.reduce((s, r) => s + r.recoveredCases, 0),
    owed: String(list.reduce((s, r) => s + BigInt(r.owedPaise), 0n)),
    recovered: String(list.reduce((s, r) => s + BigInt(r.recoveredPaise), 0n)),
    promises: list.reduce((s, r) => s + r.promises, 0),
    kept: list.reduce((s, r) => s + r.promisesKept, 0),
    contacted: list.reduce((s, r) => s + r.contacted, 0),
    rolled: list.reduce((s, r) => s + r.rolled, 0),
  };
  return { list, total: toRow('total', totals) };
}

/** `YYYY-MM` moved by `months`. */
export function addMonths(month: string, months: number): string {
  const [y, m] = month.split('-').map(Number);
  const index = y! * 12 + (m! - 1) + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/**
 * performance2, the stage flow (decision 0044): from the case history, each entry of a
 * collection case into a stage (opened there, or rolled into it by the day-end) is one
 * stage stay, ending at the next stage change or the case's close. Per India month of entry
 * and stage: stays entered, rolled on, repaid, still there; owed at entry and received during
 * the stay (capped at owed, stay by stay); contacted; promises made during the stay and kept.
 */
export async function stageFlow(
  deps: RecoveryDeps,
  body: z.output<typeof stageFlowBodySchema>,
): Promise<StageFlowRet> {
  const { now, today } = readNow(deps);
  const promises = promisesNowSql(today, now);
  const monthTo = body.monthTo ?? today.slice(0, 7);
  const monthFrom = body.monthFrom ?? addMonths(monthTo, -5);
  const inStay = (at: SQL) =>
    sql`${at} >= s.entered_at and (s.next_at is null or ${at} < s.next_at) and (s.closed_at is null or ${at} <= s.closed_at)`;
  const received = receivedOnOrderSql(sql`s.order_id`, sql`s.entered_at`, {
    before: sql`s.next_at`,
    through: sql`s.closed_at`,
  });
  const rows = await queryRows(
    deps.db,
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
  const stages = deps.settings.stages.map((s) => s.code);
  const order = (stage: string) => {
    const at = stages.indexOf(stage);
    return at === -1 ? stages.length : at;
  };
  const list = rows
    .map((r): StageFlowRow => {
      const stage = String(r.stage);
      const entered = intFromDb(r.entered);
      const rolled = intFromDb(r.rolled);
      const repaid = intFromDb(r.repaid);
      const owed = paiseFromDb(r.owed);
      const recovered = paiseFromDb(r.recovered);
      const contacted = intFromDb(r.contacted);
      const promises = intFromDb(r.promises);
      const kept = intFromDb(r.kept);
      const at = stages.indexOf(stage);
      return {
        key: `${String(r.month)}:${stage}`,
        month: String(r.month),
        stage,
        nextStage: at === -1 ? null : (stages[at + 1] ?? null),
        entered,
        rolled,
        rollRatePpm: ratePpm(rolled, entered),
        repaid,
        repaidRatePpm: ratePpm(repaid, entered),
        stillOpen: intFromDb(r.still_open),
        owedPaise: paiseToApi(owed),
        recoveredPaise: paiseToApi(recovered),
        amountRatePpm: ratePpm(recovered, owed),
        contacted,
        contactRatePpm: ratePpm(contacted, entered),
        promises,
        promisesKept: kept,
        promiseKeptPpm: ratePpm(kept, promises),
      };
    })
    .sort((a, b) =>
      a.month === b.month
        ? order(a.stage) - order(b.stage) || a.stage.localeCompare(b.stage)
        : a.month.localeCompare(b.month),
    );
  return { monthFrom, monthTo, stages, list };
}
