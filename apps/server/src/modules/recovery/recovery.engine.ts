import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { addDays } from '@lending/lending';
import type { Database, Executor } from '../../plugins/db.js';
import type { Clock } from '../../shared/clock.js';
import { indiaDateOf, startOfIndiaDate } from '../../shared/india-date.js';
import { intFromDb, paiseFromDb } from '../../shared/paise.js';
import { queryRows } from '../../shared/sql-rows.js';
import { planDispatch, type DispatchCollector, type DispatchGroup } from './dispatch.js';
import { PRE_STAGE } from './recovery.settings.js';
import type { RecoverySettings } from '@lending/contract';
import {
  recoveryCaseMoves,
  recoveryCases,
  recoveryCollectors,
  recoveryGroups,
  type CaseKind,
} from './recovery.table.js';
import { job, type Job } from '../../shared/jobs.js';
import { brokenPromiseLimit } from '../ops-config/index.js';

/** What an order owes now (sum of the outstanding components). */
export const outstandingSql = sql`(o.outstanding_principal_paise + o.outstanding_interest_paise + o.outstanding_fee_paise + o.outstanding_gst_paise + o.outstanding_penal_paise)`;

function stageCaseSql(settings: RecoverySettings) {
  const arms = settings.stages.map((s) =>
    s.to === null
      ? sql`when o.overdue_days >= ${s.from} then ${s.code}`
      : sql`when o.overdue_days between ${s.from} and ${s.to} then ${s.code}`,
  );
  const last = settings.stages[settings.stages.length - 1]?.code ?? 'S1';
  return sql`(case ${sql.join(arms, sql` `)} else ${last} end)`;
}

/*
 * A case's state as the book has it now. A repayment, rollover or write-off changes the order
 * at once; the case row follows when the refresh job (every minute, and the day-end) closes it.
 * Reads never write (decision 0052): they derive the case's and its promises' state from the
 * order with the same conditions the job writes, through `casesNowSql` and `promisesNowSql`.
 */

/** The open case `c` whose order `o` has left its condition (repaid, rolled over, written off, pre turned overdue). */
export function orderLeftCaseSql(c = 'c', o = 'o'): SQL {
  return sql.raw(`((${c}.kind = 'collection' and (${o}.status <> 'OVERDUE' or ${o}.due_date is distinct from ${c}.due_date)) or
    (${c}.kind = 'pre' and (${o}.status not in ('ACTIVE', 'DUE') or ${o}.due_date is distinct from ${c}.due_date)))`);
}

/** The status a case closes with: finished when its order was repaid in full, else closed. */
export function closedStatusSql(o = 'o'): SQL {
  return sql.raw(
    `(case when ${o}.status in ('CLEARED', 'OVERPAID') then 'finished' else 'closed' end)`,
  );
}

/** Why a case closes. */
export function closedOutcomeSql(c = 'c', o = 'o'): SQL {
  return sql.raw(`(case
    when ${o}.status in ('CLEARED', 'OVERPAID') then 'repaid'
    when ${o}.status = 'WRITTEN_OFF' then 'writtenOff'
    when ${c}.kind = 'pre' and ${o}.status = 'OVERDUE' then 'overdue'
    when ${o}.due_date is distinct from ${c}.due_date then 'rollover'
    else 'other' end)`);
}

/** Money the case's order received since the case opened (as the close fixes it). */
export function recoveredSinceOpenSql(c = 'c'): SQL {
  return sql.raw(`(select coalesce(sum(r.amount_paise - r.excess_paise), 0) from repayments r
    where r.order_id = ${c}.order_id and not r.reversed and r.received_at >= ${c}.opened_at)`);
}

/**
 * recovery_cases as of `at`, for reads in place of the table (`from ${casesNowSql(at)} c`): an
 * open case whose order has left its condition shows closed, with the outcome, close time
 * (`at`) and recovered amount closeSettledCases will write. PostgreSQL flattens the subquery,
 * so the readers' conditions still reach the table's indexes.
 */
export function casesNowSql(at: Date): SQL {
  const left = sql`(c.status = 'open' and ${orderLeftCaseSql()})`;
  return sql`(select c.id, c.kind, c.order_id, c.stage, c.due_date, c.collector_id, c.group_id,
      c.undispatched_reason, c.assigned_at, c.keep_until, c.owed_at_assignment_paise, c.follow_status,
      c.last_contact_at, c.follow_ups, c.priority, c.opened_date, c.opened_at, c.version,
      case when ${left} then ${closedStatusSql()} else c.status end as status,
      case when ${left} then ${closedOutcomeSql()} else c.outcome end as outcome,
      case when ${left} then ${at.toISOString()}::timestamptz else c.closed_at end as closed_at,
      case when ${left} then ${recoveredSinceOpenSql()} else c.recovered_paise end as recovered_paise
    from recovery_cases c join loan_orders o on o.id = c.order_id)`;
}

/** Money the order of promise `p` (of case `pc`) received since the promise was made. */
function receivedSincePromiseSql(p: string, pc: string): SQL {
  return sql.raw(`(select coalesce(sum(r.amount_paise - r.excess_paise), 0) from repayments r
    where r.order_id = ${pc}.order_id and not r.reversed and r.received_at >= ${p}.made_at)`);
}

/** An open promise's state on `today`: kept once the order received its cumulative amount, broken once due passed. */
function promiseStateSql(p: string, pc: string, today: string): SQL {
  return sql`(case when ${sql.raw(p)}.status <> 'open' then ${sql.raw(p)}.status
    when ${receivedSincePromiseSql(p, pc)} >= ${sql.raw(p)}.cumulative_paise then 'kept'
    when ${sql.raw(p)}.due_date < ${today}::date then 'broken' else 'open' end)`;
}

/**
 * recovery_promises as of `at` (India date `today`), for reads in place of the table: an open
 * promise the order has met shows kept, one whose date has passed broken, settled at `at`, as
 * settlePromises will write them.
 */
export function promisesNowSql(today: string, at: Date): SQL {
  const state = promiseStateSql('p', 'pc', today);
  return sql`(select p.id, p.case_id, p.follow_up_id, p.collector_id, p.due_date, p.amount_paise,
      p.cumulative_paise, p.instalment, p.made_at,
      ${state} as status,
      case when p.status <> 'open' then p.settled_at
        when ${state} <> 'open' then ${at.toISOString()}::timestamptz end as settled_at
    from recovery_promises p join recovery_cases pc on pc.id = p.case_id)`;
}

/** Narrows a job statement to some cases (a command's own), or none: every case. */
function onlyCases(column: string, caseIds: number[] | undefined): SQL {
  if (caseIds === undefined) return sql``;
  if (caseIds.length === 0) return sql` and false`;
  return sql` and ${sql.raw(column)} in (${sql.join(
    caseIds.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

/**
 * Closes the open cases whose order has left their condition: repaid in full → finished;
 * rolled over (the due date moved), written off, or a pre case turned overdue → closed. A
 * partial repayment changes nothing. Idempotent: run by the refresh job, the day-end, and a
 * command before it acts on its cases (`caseIds`).
 */
export async function closeSettledCases(
  db: Executor,
  at: Date,
  caseIds?: number[],
): Promise<number> {
  const rows = await queryRows(
    db,
    sql`update recovery_cases c set
        status = ${closedStatusSql()},
        outcome = ${closedOutcomeSql()},
        closed_at = ${at.toISOString()}::timestamptz,
        recovered_paise = ${recoveredSinceOpenSql()},
        priority = 2,
        version = c.version + 1
      from loan_orders o
      where o.id = c.order_id and c.status = 'open' and ${orderLeftCaseSql()}${onlyCases('c.id', caseIds)}
      returning c.id, c.collector_id, c.stage`,
  );
  if (rows.length > 0) {
    await db.insert(recoveryCaseMoves).values(
      rows.map((r) => ({
        caseId: intFromDb(r.id),
        reason: 'closed',
        fromCollectorId: r.collector_id === null ? null : intFromDb(r.collector_id),
        fromStage: String(r.stage),
        at,
      })),
    );
  }
  return rows.length;
}

/** Promises: kept once the order received their cumulative amount since made; broken when due passes. */
export async function settlePromises(
  db: Executor,
  today: string,
  at: Date,
  caseIds?: number[],
): Promise<void> {
  await db.execute(sql`
    update recovery_promises p set status = v.state, settled_at = ${at.toISOString()}::timestamptz
    from (select p2.id, ${promiseStateSql('p2', 'c', today)} as state
      from recovery_promises p2 join recovery_cases c on c.id = p2.case_id
      where p2.status = 'open'${onlyCases('p2.case_id', caseIds)}) v
    where v.id = p.id and v.state <> 'open'`);
}

/**
 * The collector's order of work on `today`: promise due today first (0), then broken promises
 * not yet followed up (1), else 2. Stored, so the collector's list sorts on an index; the
 * refresh job, the day-end and the commands that change it keep it current.
 */
export async function refreshPriorities(
  db: Executor,
  today: string,
  caseIds?: number[],
): Promise<void> {
  await db.execute(sql`
    update recovery_cases c set priority = v.p from (
      select c2.id, case
        when exists (select 1 from recovery_promises p where p.case_id = c2.id and p.status = 'open' and p.due_date = ${today}::date) then 0
        when exists (select 1 from recovery_promises p where p.case_id = c2.id and p.status = 'broken'
          and (c2.last_contact_at is null or p.settled_at > c2.last_contact_at)) then 1
        else 2 end as p
      from recovery_cases c2 where c2.status = 'open'${onlyCases('c2.id', caseIds)}) v
    where c.id = v.id and c.priority <> v.p`);
}

/** Advisory lock key of the refresh job: one server runs it at a time, the others skip. */
const REFRESH_LOCK = 712013;

/**
 * The refresh job's run: writes what reads derive (closed cases, settled promises, the stored
 * priority for `at`'s India date), in one transaction. Another server running it already: skips
 * and answers null.
 */
export async function refreshRecovery(db: Database, at: Date): Promise<{ closed: number } | null> {
  const today = indiaDateOf(at);
  return db.transaction(async (tx) => {
    const [lock] = await queryRows(
      tx,
      sql`select pg_try_advisory_xact_lock(${REFRESH_LOCK}) as ok`,
    );
    if (!lock?.ok) return null;
    const closed = await closeSettledCases(tx, at);
    await settlePromises(tx, today, at);
    await refreshPriorities(tx, today);
    return { closed };
  });
}

/**
 * The job that runs refreshRecovery every `intervalMs` (server.ts's job list); a pass that
 * finds another server refreshing (the advisory lock) does nothing and reports null.
 */
export function recoveryRefreshJob(deps: {
  db: Database;
  clock: Clock;
  intervalMs: number;
}): Job<{ closed: number } | null> {
  return job({
    name: 'recovery_refresh',
    intervalMs: deps.intervalMs,
    pass: () => refreshRecovery(deps.db, deps.clock.now()),
    report: (report, log) => {
      if (report && report.closed > 0) log.info(report, 'collection cases closed');
    },
  });
}

/** Opens pre-collection and collection cases for business date `date` (state as of date + 1). */
export async function openCases(
  db: Executor,
  date: string,
  at: Date,
  settings: RecoverySettings,
): Promise<void> {
  const next = addDays(date, 1);
  const last = addDays(next, settings.preWindowDays);
  const opened = await queryRows(
    db,
    sql`insert into recovery_cases (kind, order_id, stage, due_date, owed_at_assignment_paise, opened_date, opened_at)
      select 'collection', o.id, ${stageCaseSql(settings)}, o.due_date, ${outstandingSql}, ${next}::date, ${at.toISOString()}::timestamptz
      from loan_orders o where o.status = 'OVERDUE' and o.due_date is not null
      union all
      select 'pre', o.id, ${PRE_STAGE}, o.due_date, ${outstandingSql}, ${next}::date, ${at.toISOString()}::timestamptz
      from loan_orders o where o.status in ('ACTIVE', 'DUE') and o.due_date between ${next}::date and ${last}::date
      on conflict do nothing
      returning id, stage, owed_at_assignment_paise`,
  );
  if (opened.length > 0)
    await db.insert(recoveryCaseMoves).values(
      opened.map((r) => ({
        caseId: intFromDb(r.id),
        reason: 'opened',
        toStage: String(r.stage),
        owedPaise: paiseFromDb(r.owed_at_assignment_paise),
        at,
      })),
    );
}

/** A collection case whose order crossed a stage boundary goes back to the pool in its new stage. */
export async function restageCases(db: Executor, at: Date, settings: RecoverySettings) {
  const rows = await queryRows(
    db,
    sql`update recovery_cases c set stage = ${stageCaseSql(settings)}, collector_id = null, group_id = null,
        assigned_at = null, keep_until = null, version = c.version + 1
      from loan_orders o, (select id, stage as old_stage, collector_id as old_collector from recovery_cases) old
      where o.id = c.order_id and old.id = c.id and c.status = 'open' and c.kind = 'collection'
        and c.stage <> ${stageCaseSql(settings)}
      returning c.id, old.old_stage, old.old_collector, c.stage, ${outstandingSql} as owed`,
  );
  if (rows.length > 0)
    await db.insert(recoveryCaseMoves).values(
      rows.map((r) => ({
        caseId: intFromDb(r.id),
        reason: 'stageChange',
        fromCollectorId: r.old_collector === null ? null : intFromDb(r.old_collector),
        fromStage: String(r.old_stage),
        toStage: String(r.stage),
        owedPaise: paiseFromDb(r.owed),
        at,
      })),
    );
}

/** A case kept past its group's keep days goes back to the pool (re-dispatched the same day-end). */
export async function expireKeeps(db: Executor, today: string, at: Date) {
  const rows = await queryRows(
    db,
    sql`update recovery_cases c set collector_id = null, group_id = null, assigned_at = null, keep_until = null,
        version = c.version + 1
      from (select id, collector_id as old_collector from recovery_cases) old
      where old.id = c.id and c.status = 'open' and c.collector_id is not null and c.keep_until < ${today}::date
      returning c.id, old.old_collector, c.stage`,
  );
  if (rows.length > 0)
    await db.insert(recoveryCaseMoves).values(
      rows.map((r) => ({
        caseId: intFromDb(r.id),
        reason: 'keepExpired',
        fromCollectorId: intFromDb(r.old_collector),
        fromStage: String(r.stage),
        toStage: String(r.stage),
        at,
      })),
    );
}

/**
 * A case whose holder let the rule's number of their own promises on it break since it was
 * assigned to them goes back to the pool (move `brokenPromises`, naming how many), to be
 * dispatched the same day-end to anyone but them (decision 0056). The rule is the case's
 * group's own when it has one, else `defaultLimit` (the operations setting, decision 0066); 0:
 * off. Promises made before the assignment, or by someone else, do not count against the holder.
 */
export async function releaseBrokenPromises(db: Executor, defaultLimit: number, at: Date) {
  const rows = await queryRows(
    db,
    sql`update recovery_cases c set collector_id = null, group_id = null, assigned_at = null, keep_until = null,
        version = c.version + 1
      from (select c2.id, c2.collector_id as old_collector, count(p.id)::int as broken,
          coalesce(g.broken_promise_limit, ${defaultLimit}::int) as rule
        from recovery_cases c2 join recovery_promises p on p.case_id = c2.id
          left join recovery_groups g on g.id = c2.group_id
        where c2.status = 'open' and c2.collector_id is not null and p.status = 'broken'
          and p.collector_id = c2.collector_id and p.made_at >= c2.assigned_at
        group by c2.id, c2.collector_id, g.broken_promise_limit
        having coalesce(g.broken_promise_limit, ${defaultLimit}::int) > 0
          and count(p.id) >= coalesce(g.broken_promise_limit, ${defaultLimit}::int)) v
      where v.id = c.id
      returning c.id, v.old_collector, v.broken, v.rule, c.stage`,
  );
  if (rows.length > 0)
    await db.insert(recoveryCaseMoves).values(
      rows.map((r) => ({
        caseId: intFromDb(r.id),
        reason: 'brokenPromises',
        fromCollectorId: intFromDb(r.old_collector),
        fromStage: String(r.stage),
        toStage: String(r.stage),
        note: `${intFromDb(r.broken)} broken promises (limit ${intFromDb(r.rule)})`,
        at,
      })),
    );
}

/** Collectors with their load: open cases and cases taken today (India date). */
export async function collectorLoads(db: Executor, today: string): Promise<DispatchCollector[]> {
  const since = startOfIndiaDate(today).toISOString();
  const rows = await queryRows(
    db,
    sql`select rc.user_id, rc.group_id, rc.on_duty, rc.daily_cap, rc.weight,
        (select count(*) from recovery_cases c where c.collector_id = rc.user_id and c.status = 'open')::int as open_cases,
        (select count(*) from recovery_case_moves m where m.to_collector_id = rc.user_id
          and m.reason in ('auto', 'manual', 'moveBook') and m.at >= ${since}::timestamptz)::int as today
      from recovery_collectors rc`,
  );
  return rows.map((r) => ({
    userId: intFromDb(r.user_id),
    groupId: intFromDb(r.group_id),
    onDuty: Boolean(r.on_duty),
    dailyCap: r.daily_cap === null ? null : intFromDb(r.daily_cap),
    weight: intFromDb(r.weight),
    openCases: intFromDb(r.open_cases),
    assignedToday: intFromDb(r.today),
  }));
}

export async function dispatchGroups(db: Executor): Promise<DispatchGroup[]> {
  const rows = await db.select().from(recoveryGroups);
  return rows.map((g) => ({
    id: g.id,
    kind: g.kind,
    stages: g.stages,
    dailyCap: g.dailyCap,
    mode: g.dispatchMode,
    active: g.active,
    lastCollectorId: g.lastCollectorId,
  }));
}

/**
 * Automatic dispatch of the pool of one kind (or both) by the groups' rules, in one
 * transaction under an advisory lock so two runs never deal the same case twice.
 */
export async function autoDispatch(
  db: Database,
  kinds: CaseKind[],
  at: Date,
  actorId: number | null = null,
) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(712012)`);
    const today = indiaDateOf(at);
    const pool = await tx
      .select({
        id: recoveryCases.id,
        kind: recoveryCases.kind,
        stage: recoveryCases.stage,
        // Taken from its holder for broken promises (the case's last move): anyone but them.
        notCollectorId: sql<
          number | null
        >`(select case when m.reason = 'brokenPromises' then m.from_collector_id end
          from recovery_case_moves m where m.case_id = ${sql.raw('recovery_cases.id')}
          order by m.id desc limit 1)`,
      })
      .from(recoveryCases)
      .where(
        and(
          eq(recoveryCases.status, 'open'),
          isNull(recoveryCases.collectorId),
          inArray(recoveryCases.kind, kinds),
        ),
      )
      .orderBy(recoveryCases.id)
      .for('update');
    const groups = await dispatchGroups(tx);
    const plan = planDispatch(
      pool.map((c) => ({
        ...c,
        notCollectorId: c.notCollectorId === null ? null : intFromDb(c.notCollectorId),
      })),
      groups,
      await collectorLoads(tx, today),
    );
    const keep = new Map(
      (await tx.select().from(recoveryGroups)).map((g) => [g.id, g.keepDays] as const),
    );
    for (const a of plan.assigned) {
      await tx.execute(sql`update recovery_cases c set collector_id = ${a.collectorId}, group_id = ${a.groupId},
          assigned_at = ${at.toISOString()}::timestamptz, keep_until = ${addDays(today, (keep.get(a.groupId) ?? 1) - 1)}::date,
          owed_at_assignment_paise = ${outstandingSql}, undispatched_reason = null, version = c.version + 1
        from loan_orders o where o.id = c.order_id and c.id = ${a.caseId}`);
    }
    if (plan.assigned.length > 0)
      await tx.insert(recoveryCaseMoves).values(
        plan.assigned.map((a) => ({
          caseId: a.caseId,
          reason: 'auto',
          toCollectorId: a.collectorId,
          actorId,
          at,
        })),
      );
    for (const u of plan.undispatched)
      await tx
        .update(recoveryCases)
        .set({ undispatchedReason: u.reason })
        .where(eq(recoveryCases.id, u.caseId));
    for (const [groupId, userId] of plan.cursors)
      await tx
        .update(recoveryGroups)
        .set({ lastCollectorId: userId })
        .where(eq(recoveryGroups.id, groupId));
    return { dispatched: plan.assigned.length, undispatched: plan.undispatched };
  });
}

/**
 * The day-end's collection step for business date `date`: close settled cases, settle
 * promises, open new cases, re-stage, release lapsed keeps and cases whose promises broke too
 * often, dispatch the pool.
 */
export async function recoveryDayEnd(
  db: Database,
  date: string,
  at: Date,
  settings: RecoverySettings,
): Promise<void> {
  const today = addDays(date, 1);
  await db.transaction(async (tx) => {
    await closeSettledCases(tx, at);
    await settlePromises(tx, today, at);
    await openCases(tx, date, at, settings);
    await restageCases(tx, at, settings);
    await expireKeeps(tx, today, at);
    await releaseBrokenPromises(tx, await brokenPromiseLimit(tx), at);
  });
  await autoDispatch(db, ['pre', 'collection'], at);
  await refreshPriorities(db, today);
}

export { recoveryCollectors };
