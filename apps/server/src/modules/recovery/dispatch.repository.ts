import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../plugins/db.js';
import { startOfIndiaDate } from '../../shared/india-date.js';
import { intFromDb } from '../../shared/paise.js';
import { queryRows } from '../../shared/sql-rows.js';
import { outstandingSql } from './case-state.repository.js';
import type { DispatchCollector, DispatchGroup, UndispatchedReason } from './dispatch.js';
import {
  recoveryCaseMoves,
  recoveryCases,
  recoveryCollectors,
  recoveryGroups,
  type CaseKind,
} from './recovery.table.js';

/** The SQL of dealing cases out: the pool, the collectors' loads, assignments and their moves. */

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

/** Automatic dispatch runs under this advisory lock, so two runs never deal the same case twice. */
export async function lockAutoDispatch(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(712012)`);
}

/** The open unassigned cases of `kinds`, locked, oldest first. */
export async function lockPool(tx: Executor, kinds: CaseKind[]) {
  return tx
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
}

/** Group id → the days a collector keeps a case dealt to them. */
export async function keepDaysByGroup(tx: Executor): Promise<Map<number, number>> {
  return new Map((await tx.select().from(recoveryGroups)).map((g) => [g.id, g.keepDays] as const));
}

/** Gives a case to a collector until `keepUntil`, fixing what its order owes at assignment. */
export async function assignCase(
  tx: Executor,
  caseId: number,
  to: { collectorId: number; groupId: number },
  at: Date,
  keepUntil: string,
): Promise<void> {
  await tx.execute(sql`update recovery_cases c set collector_id = ${to.collectorId}, group_id = ${to.groupId},
      assigned_at = ${at.toISOString()}::timestamptz, keep_until = ${keepUntil}::date,
      owed_at_assignment_paise = ${outstandingSql}, undispatched_reason = null, version = c.version + 1
    from loan_orders o where o.id = c.order_id and c.id = ${caseId}`);
}

export async function recordMoves(
  tx: Executor,
  moves: (typeof recoveryCaseMoves.$inferInsert)[],
): Promise<void> {
  if (moves.length > 0) await tx.insert(recoveryCaseMoves).values(moves);
}

/** Why a pool case found no collector. */
export async function markUndispatched(
  tx: Executor,
  caseId: number,
  reason: UndispatchedReason,
): Promise<void> {
  await tx
    .update(recoveryCases)
    .set({ undispatchedReason: reason })
    .where(eq(recoveryCases.id, caseId));
}

/** The round-robin cursor: the group's last collector dealt to. */
export async function saveCursor(tx: Executor, groupId: number, userId: number): Promise<void> {
  await tx
    .update(recoveryGroups)
    .set({ lastCollectorId: userId })
    .where(eq(recoveryGroups.id, groupId));
}

/** Collectors' rows locked in user id order (a receiver's places cannot be taken twice). */
export async function lockCollectors(tx: Executor, userIds: number[]) {
  return tx
    .select()
    .from(recoveryCollectors)
    .where(inArray(recoveryCollectors.userId, userIds))
    .orderBy(recoveryCollectors.userId)
    .for('update');
}

export async function groupsById(tx: Executor, ids: number[]) {
  return tx.select().from(recoveryGroups).where(inArray(recoveryGroups.id, ids));
}

/** Cases locked in id order. */
export async function lockCases(tx: Executor, ids: number[]) {
  return tx
    .select()
    .from(recoveryCases)
    .where(inArray(recoveryCases.id, ids))
    .orderBy(recoveryCases.id)
    .for('update');
}

/** A collector's open cases, locked in id order. */
export async function lockOpenCasesOf(tx: Executor, collectorId: number) {
  return tx
    .select()
    .from(recoveryCases)
    .where(and(eq(recoveryCases.collectorId, collectorId), eq(recoveryCases.status, 'open')))
    .orderBy(recoveryCases.id)
    .for('update');
}

/** The ids of a collector's open cases, unlocked. */
export async function openCaseIdsOf(db: Executor, collectorId: number): Promise<number[]> {
  const rows = await db
    .select({ id: recoveryCases.id })
    .from(recoveryCases)
    .where(and(eq(recoveryCases.collectorId, collectorId), eq(recoveryCases.status, 'open')));
  return rows.map((c) => c.id);
}

/** Cases back to the pool, unassigned. */
export async function returnToPool(tx: Executor, ids: number[]): Promise<void> {
  await tx
    .update(recoveryCases)
    .set({
      collectorId: null,
      groupId: null,
      assignedAt: null,
      keepUntil: null,
      version: sql`${recoveryCases.version} + 1`,
    })
    .where(inArray(recoveryCases.id, ids));
}
