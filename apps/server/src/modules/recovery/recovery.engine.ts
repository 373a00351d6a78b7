import type { RecoverySettings } from '@lending/contract';
import { addDays } from '@lending/lending';
import type { Database } from '../../plugins/db.js';
import type { Clock } from '../../shared/clock.js';
import { indiaDateOf } from '../../shared/india-date.js';
import { job, type Job } from '../../shared/jobs.js';
import { intFromDb } from '../../shared/paise.js';
import { brokenPromiseLimit } from '../ops-config/index.js';
import { defaultHolder, withLease } from '../job-leases/index.js';
import { closeSettledCases, refreshPriorities, settlePromises } from './case-state.repository.js';
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

/** The lease of the refresh job (`job_leases`): one server refreshes at a time, the others skip. */
export const COLLECTION_REFRESH_LEASE = 'collection_refresh';
/** A refresh is one transaction of seconds; a server that stops mid-pass holds it this long at most. */
const REFRESH_LEASE_MS = 2 * 60_000;

/**
 * The refresh: writes what reads derive (closed cases, settled promises, the stored priority
 * for `at`'s India date), in one transaction. The job runs it under its lease.
 */
export async function refreshRecovery(db: Database, at: Date): Promise<{ closed: number }> {
  const today = indiaDateOf(at);
  return db.transaction(async (tx) => {
    const closed = await closeSettledCases(tx, at);
    await settlePromises(tx, today, at);
    await refreshPriorities(tx, today);
    return { closed };
  });
}

/**
 * One pass of the refresh job: refreshRecovery under the `collection_refresh` lease. A server
 * that finds another refreshing (the lease held) does nothing and answers null.
 */
export async function runRecoveryRefresh(deps: {
  db: Database;
  clock: Clock;
  holder: string;
}): Promise<{ closed: number } | null> {
  const terms = {
    name: COLLECTION_REFRESH_LEASE,
    holder: deps.holder,
    leaseMs: REFRESH_LEASE_MS,
    clock: deps.clock,
  };
  const refreshed = await withLease(deps.db, terms, () =>
    refreshRecovery(deps.db, deps.clock.now()),
  );
  return refreshed ?? null;
}

/**
 * The job that runs the refresh every `intervalMs` (server.ts's job list), under one lease
 * holder for the process; a pass that finds another server refreshing (the lease held) does
 * nothing and reports null.
 */
export function recoveryRefreshJob(deps: {
  db: Database;
  clock: Clock;
  intervalMs: number;
  holder?: string;
}): Job<{ closed: number } | null> {
  const holder = deps.holder ?? defaultHolder();
  return job({
    name: 'recovery_refresh',
    intervalMs: deps.intervalMs,
    pass: () => runRecoveryRefresh({ db: deps.db, clock: deps.clock, holder }),
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
