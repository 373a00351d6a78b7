import { addDays } from '@lending/lending';
import type { Database } from '../../plugins/db.js';
import { indiaClockOf, indiaDateOf, startOfIndiaDate } from '../../shared/india-date.js';
import { job, type Job } from '../../shared/jobs.js';
import { recordAudit } from '../audit/index.js';
import { defaultHolder, LeaseLostError, withLease } from '../job-leases/index.js';
import { collectionDaysCheckedOf } from './reconciliation.repository.js';
import {
  reconcileDay,
  runSummaryOf,
  RECONCILIATION_RUN_TARGET,
  type ReconciliationDeps,
} from './reconciliation.service.js';

/** The audit action of a run the server started by itself (the screen shows it as "Scheduled"). */
export const SCHEDULED_RECONCILIATION_ACTION = 'finance.scheduled_reconciliation';

/**
 * How far back a missed day is still reconciled by the job: a week covers a server down over a
 * long weekend or a holiday. Older days are a person's call (the on-demand run takes any past
 * day), and a start after a long outage does a bounded amount of gateway reading.
 */
export const CATCH_UP_DAYS = 7;

/** The lease of the scheduled run (`job_leases`): one server reconciles at a time, the others skip. */
export const SCHEDULED_RECONCILIATION_LEASE = 'scheduled_reconciliation';
/**
 * Renewed before each day: a day's reconciliation (reading the gateways' statements) fits in it
 * many times over, and a server that stops mid-pass holds the schedule this long at most.
 */
const LEASE_MS = 5 * 60_000;

/**
 * The India days whose scheduled reconciliation is due at `now`, oldest first: yesterday once the
 * India clock has reached `time` (HH:MM), and every earlier day of the catch-up window. None when
 * the setting is `off`.
 */
export function dueReconciliationDays(now: Date, time: string, catchUpDays = CATCH_UP_DAYS) {
  if (time === 'off') return [];
  const today = indiaDateOf(now);
  const newest = addDays(today, indiaClockOf(now) >= time ? -1 : -2);
  const days: string[] = [];
  for (let date = addDays(today, -catchUpDays); date <= newest; date = addDays(date, 1))
    days.push(date);
  return days;
}

/**
 * Days of `days` whose collection side was reconciled after the day ended: a run during the day
 * (on demand, at noon) saw only part of its credits, so it does not count.
 */
async function reconciledAfterTheyEnded(
  db: Database,
  provider: string,
  days: readonly string[],
): Promise<Set<string>> {
  if (days.length === 0) return new Set();
  const rows = await collectionDaysCheckedOf(db, provider, days[0]!, days[days.length - 1]!);
  return new Set(
    rows
      .filter((row) => row.checkedAt >= startOfIndiaDate(addDays(row.date, 1)))
      .map((row) => row.date),
  );
}

export interface ScheduledReconciliationReport {
  /** Days reconciled by this run, oldest first. */
  reconciled: string[];
  /** True when another server held the run (its lease): this one did nothing more. */
  busy: boolean;
}

/**
 * Reconciles one day as the schedule does: in its own transaction, only if it was not
 * reconciled after it ended (looked at again in the transaction, so a day a former holder of the
 * schedule's lease finished is found done), with an audit row saying the schedule ran it. The
 * scheduled pass runs it under its lease; the simulator closes its days so.
 */
export async function reconcileScheduledDay(
  deps: ReconciliationDeps,
  date: string,
): Promise<'reconciled' | 'done'> {
  return deps.db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    const provider = deps.collections.provider;
    if ((await reconciledAfterTheyEnded(db, provider, [date])).has(date)) return 'done';
    const ids = await reconcileDay({ ...deps, db, loanBook: { ...deps.loanBook, db } }, date);
    await recordAudit(tx, {
      action: SCHEDULED_RECONCILIATION_ACTION,
      actorId: null,
      targetType: RECONCILIATION_RUN_TARGET,
      targetId: date,
      after: await runSummaryOf(db, ids),
      summary: `scheduled reconciliation of ${date}`,
      at: deps.clock.now(),
    });
    return 'reconciled';
  });
}

/**
 * One check of the schedule: reconciles each due day not yet reconciled after it ended, oldest
 * first, one transaction each, under the `scheduled_reconciliation` lease (renewed before each
 * day). A server that finds the lease held, or loses it midway, stops and reports `busy`, since
 * the holder is working through the same days; the next check picks up whatever it left. A
 * check with nothing due takes no lease. `holder`: who takes the lease (the job's one holder
 * for the process; by default a holder of this call's own).
 */
export async function runScheduledReconciliation(
  deps: ReconciliationDeps,
  time: string,
  signal?: AbortSignal,
  holder: string = defaultHolder(),
): Promise<ScheduledReconciliationReport> {
  const report: ScheduledReconciliationReport = { reconciled: [], busy: false };
  const due = dueReconciliationDays(deps.clock.now(), time);
  const done = await reconciledAfterTheyEnded(deps.db, deps.collections.provider, due);
  const open = due.filter((date) => !done.has(date));
  if (open.length === 0) return report;
  const terms = {
    name: SCHEDULED_RECONCILIATION_LEASE,
    holder,
    leaseMs: LEASE_MS,
    clock: deps.clock,
  };
  try {
    const ran = await withLease(deps.db, terms, async (lease) => {
      for (const date of open) {
        // The server is stopping: the days not reached are reconciled by the next check, anywhere.
        if (signal?.aborted) break;
        await lease.renew();
        if ((await reconcileScheduledDay(deps, date)) === 'reconciled')
          report.reconciled.push(date);
      }
      return report;
    });
    return ran ?? { ...report, busy: true };
  } catch (error) {
    if (!(error instanceof LeaseLostError)) throw error;
    return { ...report, busy: true };
  }
}

/**
 * The job that checks every `intervalMs` (and at start) whether a day's reconciliation is due
 * (operations setting `reconciliation_daily_time`, read at every check; server.ts's job list).
 */
export function scheduledReconciliationJob(
  deps: ReconciliationDeps,
  options: { time: () => Promise<string>; intervalMs: number; holder?: string },
): Job<ScheduledReconciliationReport> {
  const holder = options.holder ?? defaultHolder();
  return job({
    name: 'scheduled_reconciliation',
    intervalMs: options.intervalMs,
    runAtStart: true,
    pass: async (signal) => runScheduledReconciliation(deps, await options.time(), signal, holder),
    report: (report, log) => {
      if (report.reconciled.length > 0) log.info(report, 'days reconciled on schedule');
    },
  });
}
