import { sql } from 'drizzle-orm';
import type { RecoverySettings } from '@lending/contract';
import { addDays } from '@lending/lending';
import type { Executor } from '../../plugins/db.js';
import { intFromDb, paiseFromDb } from '../../shared/paise.js';
import { queryRows } from '../../shared/sql-rows.js';
import { outstandingSql } from './case-state.repository.js';
import { PRE_STAGE } from './recovery.settings.js';
import { recoveryCaseMoves } from './recovery.table.js';

/*
 * The day-end's statements on the cases (recoveryDayEnd in recovery.engine.ts runs them in
 * one transaction): open new cases, re-stage, release lapsed keeps and cases whose promises
 * broke too often.
 */

function stageCaseSql(settings: RecoverySettings) {
  const arms = settings.stages.map((s) =>
    s.to === null
      ? sql`when o.overdue_days >= ${s.from} then ${s.code}`
      : sql`when o.overdue_days between ${s.from} and ${s.to} then ${s.code}`,
  );
  const last = settings.stages[settings.stages.length - 1]?.code ?? 'S1';
  return sql`(case ${sql.join(arms, sql` `)} else ${last} end)`;
}
/**
 * Opens pre-collection and collection cases for business date `date` (state as of date + 1):
 * of every order at the day-end, or of one order a command re-opened (`orderId`).
 */
export async function openCases(
  db: Executor,
  date: string,
  at: Date,
  settings: RecoverySettings,
  orderId?: number,
): Promise<void> {
  const ofOrder = orderId === undefined ? sql`` : sql` and o.id = ${orderId}`;
  const next = addDays(date, 1);
  const last = addDays(next, settings.preWindowDays);
  const opened = await queryRows(
    db,
    sql`insert into recovery_cases (kind, order_id, stage, due_date, owed_at_assignment_paise, opened_date, opened_at)
      select 'collection', o.id, ${stageCaseSql(settings)}, o.due_date, ${outstandingSql}, ${next}::date, ${at.toISOString()}::timestamptz
      from loan_orders o where o.status = 'OVERDUE' and o.due_date is not null${ofOrder}
      union all
      select 'pre', o.id, ${PRE_STAGE}, o.due_date, ${outstandingSql}, ${next}::date, ${at.toISOString()}::timestamptz
      from loan_orders o where o.status in ('ACTIVE', 'DUE') and o.due_date between ${next}::date and ${last}::date${ofOrder}
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
