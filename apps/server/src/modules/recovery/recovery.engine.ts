import type { RecoverySettings } from '@lending/contract';
import { addDays } from '@lending/lending';
import type { Database } from '../../plugins/db.js';
import type { Clock } from '../../shared/clock.js';
import { indiaDateOf } from '../../shared/india-date.js';
import { job, type Job } from '../../shared/jobs.js';
import { intFromDb } from '../../shared/paise.js';
import { brokenPromiseLimit } from '../ops-config/index.js';
import {
  closeSettledCases,
  refreshPriorities,
  settlePromises,
  tryRefreshLock,
} from './case-state.repository.js';
import {
  expireKeeps,
  openCases,
  releaseBrokenPromises,
  restageCases,
} from './day-end-cases.repository.js';
import { planDispatch } from './dispatch.js';
import {
  assignCase,
  collectorLoads,
  dispatchGroups,
  keepDaysByGroup,
  lockAutoDispatch,
  lockPool,
  markUndispatched,
  recordMoves,
  saveCursor,
} from './dispatch.repository.js';
import type { CaseKind } from './recovery.table.js';

/*
 * The collection jobs: the refresh every minute, the day-end's step and automatic dispatch.
 * Their statements are in case-state.repository.ts, day-end-cases.repository.ts and
 * dispatch.repository.ts.
 */

/**
 * The refresh job's run: writes what reads derive (closed cases, settled promises, the stored
 * priority for `at`'s India date), in one transaction. Another server running it already: skips
 * and answers null.
 */
export async function refreshRecovery(db: Database, at: Date): Promise<{ closed: number } | null> {
  const today = indiaDateOf(at);
  return db.transaction(async (tx) => {
    if (!(await tryRefreshLock(tx))) return null;
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
    await lockAutoDispatch(tx);
    const today = indiaDateOf(at);
    const pool = await lockPool(tx, kinds);
    const groups = await dispatchGroups(tx);
    const plan = planDispatch(
      pool.map((c) => ({
        ...c,
        notCollectorId: c.notCollectorId === null ? null : intFromDb(c.notCollectorId),
      })),
      groups,
      await collectorLoads(tx, today),
    );
    const keep = await keepDaysByGroup(tx);
    for (const a of plan.assigned)
      await assignCase(tx, a.caseId, a, at, addDays(today, (keep.get(a.groupId) ?? 1) - 1));
    await recordMoves(
      tx,
      plan.assigned.map((a) => ({
        caseId: a.caseId,
        reason: 'auto',
        toCollectorId: a.collectorId,
        actorId,
        at,
      })),
    );
    for (const u of plan.undispatched) await markUndispatched(tx, u.caseId, u.reason);
    for (const [groupId, userId] of plan.cursors) await saveCursor(tx, groupId, userId);
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
