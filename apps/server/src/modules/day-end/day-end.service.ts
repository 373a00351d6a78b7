import { addDays, isBefore, type ClassThresholds } from '@lending/lending';
import type { RecoverySettings } from '@lending/contract';
import type { Database, Executor } from '../../plugins/db.js';
import type { Clock } from '../../shared/clock.js';
import { indiaClockOf, indiaDateOf } from '../../shared/india-date.js';
import {
  classifyBorrowers,
  insertClassHistory,
  insertStatusHistory,
  lockOrdersForDayEnd,
  oldestDayEndDate,
  saveDayEndValues,
} from '../loan-book/index.js';
import { closeBusinessDaysThrough, postJournals, rollUpLedger } from '../ledger/index.js';
import { assetClassThresholds } from '../ops-config/index.js';
import { refreshReports } from '../reports/index.js';
import { loadRecoverySettings, recoveryDayEnd } from '../recovery/index.js';
import {
  addOrdersProcessed,
  commitWithoutWaitingForDisk,
  completeDayEndRun,
  findDayEndRun,
  lastCompletedBusinessDate,
  startDayEndRun,
} from './day-end.repository.js';
import { acquireLease, defaultHolder, LeaseLostError, releaseLease } from '../job-leases/index.js';
import { dayEndOf } from './order-day-end.js';
import { job, type Job } from '../../shared/jobs.js';

export const DAY_END_JOB = 'day-end';

/** Orders a batch locks, computes and writes in one transaction. */
const BATCH_SIZE = 500;
/** Batches under way at once. */
const BATCHES_IN_FLIGHT = 3;

export interface DayEndOptions {
  db: Database;
  clock: Clock;
  /** Who runs it (instance id); defaults to host:pid:random. */
  holder?: string;
  batchSize?: number;
  /** How many batches may be under way at once (each on its own pooled connection). */
  inFlight?: number;
  leaseMs?: number;
  /** Run through this business date (default: yesterday in India time). */
  upTo?: string;
  /** Collection rules (stages, pre-collection window); from the environment when absent. */
  recovery?: RecoverySettings;
  /** Tests: throw after this many committed batches (a crash midway). */
  failAfterBatches?: number;
  /**
   * Tests and benchmarks: runs after each committed batch (a command that lands while the
   * day-end runs; when the last batch committed).
   */
  afterBatch?: () => Promise<void>;
  /**
   * Aborted when the server shuts down: the run stops after the batch in flight commits,
   * leaves its date running and releases the lease, so another server resumes at once.
   */
  signal?: AbortSignal | undefined;
}

export interface DayEndReport {
  ran: boolean;
  /** Dates completed by this run. */
  dates: { businessDate: string; ordersProcessed: number }[];
  /** Asked to stop (`signal`) before every due date was done: the next holder goes on. */
  stopped: boolean;
}

/** Business dates to run: from the last completed one + 1 (or the oldest open order's next day-end) through `upTo`. */
async function datesToRun(db: Executor, upTo: string): Promise<string[]> {
  const last = await lastCompletedBusinessDate(db);
  let start: string;
  if (last) start = addDays(last, 1);
  else {
    const oldest = await oldestDayEndDate(db);
    start = oldest ? addDays(oldest, 1) : upTo;
    if (isBefore(upTo, start)) start = upTo;
  }
  const dates: string[] = [];
  for (let d = start; !isBefore(upTo, d); d = addDays(d, 1)) dates.push(d);
  return dates;
}

/** A batch under way: `locked` settles once its orders are locked (the walk may go on past them). */
interface BatchInFlight {
  locked: Promise<{ count: number; lastId: number }>;
  done: Promise<number>;
}

/**
 * One batch in one transaction: the next orders after `afterId` still to process for the date.
 * `locked` tells how many it locked and the last id (0 orders: none is left after `afterId`);
 * `done` settles when the batch has committed.
 */
function startBatch(
  db: Database,
  date: string,
  batchSize: number,
  at: Date,
  afterId: number,
  thresholds: ClassThresholds,
): BatchInFlight {
  let lockedNow!: (value: { count: number; lastId: number }) => void;
  const locked = new Promise<{ count: number; lastId: number }>((resolve) => {
    lockedNow = resolve;
  });
  const done = db.transaction(async (tx) => {
    // The batch's commit does not wait for its WAL to reach the disk (about 4 ms a commit on
    // the benchmark machine, 2,000 commits at a million loans). Safe here: a crash of the
    // database can lose only whole batches, journals, values and `day_end_date` together, so
    // their orders are still open for the date and the next run redoes them; and the date is
    // completed by a normal commit, which flushes every batch's WAL before it (decision 0090).
    await commitWithoutWaitingForDisk(tx);
    const rows = await lockOrdersForDayEnd(tx, date, afterId, batchSize);
    lockedNow({ count: rows.length, lastId: rows.at(-1)?.id ?? afterId });
    if (rows.length === 0) return 0;
    const results = rows.map((row) => dayEndOf(row, date, at, thresholds));
    await postJournals(
      tx,
      results.flatMap((r) => r.journals),
    );
    await insertStatusHistory(
      tx,
      results.flatMap((r) => r.changes),
    );
    await insertClassHistory(
      tx,
      results.flatMap((r) => (r.classChange ? [r.classChange] : [])),
    );
    await saveDayEndValues(
      tx,
      date,
      at,
      results.map((r) => ({ orderId: r.row.id, ...r.values })),
    );
    await addOrdersProcessed(tx, date, rows.length);
    return rows.length;
  });
  // A batch that fails before locking anything settles `locked` too (the walk then awaits `done`).
  done.catch(() => lockedNow({ count: 0, lastId: afterId }));
  return { locked, done };
}

/**
 * The day-end job: under the lease, each business date from the last completed one + 1 up to
 * yesterday, in order. Idempotent per date (completed dates are skipped) and per order
 * (`day_end_date` moves in the same transaction as the accrual journals), so a crash midway
 * resumes where it stopped without posting anything twice.
 */
export async function runDayEnd(options: DayEndOptions): Promise<DayEndReport> {
  const { db, clock } = options;
  const holder = options.holder ?? defaultHolder();
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const batchSize = options.batchSize ?? BATCH_SIZE;
  const report: DayEndReport = { ran: false, dates: [], stopped: false };
  const stopAsked = () => options.signal?.aborted === true;
  if (!(await acquireLease(db, DAY_END_JOB, holder, clock.now(), leaseMs))) return report;
  report.ran = true;
  const inFlight = Math.max(1, options.inFlight ?? BATCHES_IN_FLIGHT);
  let batches = 0;

  /** After each committed batch: the tests' hooks, then the lease renewed. */
  const afterCommit = async () => {
    batches += 1;
    await options.afterBatch?.();
    if (options.failAfterBatches !== undefined && batches >= options.failAfterBatches) {
      throw new Error(`injected failure after ${batches} batches`);
    }
    if (!(await acquireLease(db, DAY_END_JOB, holder, clock.now(), leaseMs)))
      throw new LeaseLostError(DAY_END_JOB);
  };

  /**
   * One walk through the book in id order, each batch starting after the orders the one
   * before it locked, so a batch never re-reads the orders done before it (from the start
   * each time, a 100,000-loan day-end ran at half the rate of a 10,000-loan one). Up to
   * `inFlight` batches are under way: as soon as the newest has locked its orders the next
   * one locks the orders after them on another connection, so node computes one batch while
   * PostgreSQL writes others (issue #15). The ranges never overlap and each batch commits on
   * its own, so a crash still resumes where the committed batches stopped. Asked to stop
   * (shutdown), it starts no further batch and lets those under way commit: the date stays
   * running, and the next holder walks it from the start, finding only the orders not yet
   * done (`report.stopped`). Returns how many orders the walk processed.
   */
  const walkTheBook = async (date: string, thresholds: ClassThresholds): Promise<number> => {
    const underWay = [startBatch(db, date, batchSize, clock.now(), 0, thresholds)];
    let walked = false;
    let found = 0;
    while (underWay.length > 0) {
      while (!walked && underWay.length < inFlight) {
        const { count, lastId } = await underWay.at(-1)!.locked;
        if (count === 0) walked = true;
        else underWay.push(startBatch(db, date, batchSize, clock.now(), lastId, thresholds));
      }
      const oldest = underWay.shift()!;
      try {
        const committed = await oldest.done;
        if (committed > 0) await afterCommit();
        found += committed;
        if (stopAsked() && !walked) {
          walked = true;
          report.stopped = true;
        }
      } catch (error) {
        // Never leave a batch running behind a failed run (nor its failure unheard).
        await Promise.allSettled(underWay.map((batch) => batch.done));
        throw error;
      }
    }
    return found;
  };

  try {
    const upTo = options.upTo ?? addDays(indiaDateOf(clock.now()), -1);
    for (const date of await datesToRun(db, upTo)) {
      if (stopAsked()) {
        report.stopped = true;
        break;
      }
      await startDayEndRun(db, date, clock.now());
      const run = await findDayEndRun(db, date);
      if (run?.status === 'completed') continue;
      let processed = 0;
      // The operations setting in force when the date's day-end starts (a lender's stricter
      // thresholds, or the RBI's).
      const thresholds = await assetClassThresholds(db);
      // A walk from the start finds the orders that became due for this date behind the last
      // walk (disbursed or reopened meanwhile): the date is done when a walk finds nothing.
      for (;;) {
        const found = await walkTheBook(date, thresholds);
        if (found === 0 || report.stopped) break;
        processed += found;
      }
      if (report.stopped) break;
      // Asset classification at borrower level, now that every loan has its class for the date.
      await classifyBorrowers(db, date, clock.now(), thresholds);
      // The reports' figures of the closed day, and of the days before it that still move.
      await refreshReports(db, date, clock.now());
      // Collection: open, close, re-stage and dispatch cases as of the next morning (issue #12).
      await recoveryDayEnd(db, date, clock.now(), options.recovery ?? loadRecoverySettings());
      // The date is closed with its run: from now on the ledger books a journal of it on the
      // next open day, so its trial balance never changes again.
      await db.transaction(async (tx) => {
        await completeDayEndRun(tx, date, clock.now());
        await closeBusinessDaysThrough(tx, date);
      });
      report.dates.push({ businessDate: date, ordersProcessed: processed });
    }
    // The accruals just posted go into the ledger's daily totals now rather than at the next
    // minute's rollup, so the morning's reports read few journals (decision 0086).
    if (report.dates.length > 0 && !report.stopped) await rollUpLedger(db, clock.now());
  } finally {
    await releaseLease(db, DAY_END_JOB, holder, clock.now());
  }
  return report;
}

/**
 * The last business date whose day-end is due at `now`: yesterday once the India clock has
 * reached `dayEndTime` (HH:MM), else the day before (yesterday's waits until that time).
 */
export function dayEndDueThrough(now: Date, dayEndTime: string): string {
  const today = indiaDateOf(now);
  return addDays(today, indiaClockOf(now) >= dayEndTime ? -1 : -2);
}

export interface ScheduledDayEndOptions {
  db: Database;
  clock: Clock;
  holder?: string;
  leaseMs?: number;
  /** The India time the day-end runs (HH:MM), read at every check (operations setting `day_end_time`). */
  dayEndTime: () => Promise<string>;
  signal?: AbortSignal | undefined;
}

/** One check of the schedule: runs the day-end through the last business date that is due. */
export async function runScheduledDayEnd(options: ScheduledDayEndOptions): Promise<DayEndReport> {
  const upTo = dayEndDueThrough(options.clock.now(), await options.dayEndTime());
  return runDayEnd({
    db: options.db,
    clock: options.clock,
    upTo,
    ...(options.holder ? { holder: options.holder } : {}),
    ...(options.leaseMs ? { leaseMs: options.leaseMs } : {}),
    signal: options.signal,
  });
}

/**
 * The job that checks every minute (and at start) whether a day-end is due, under one lease
 * holder for the process (server.ts's job list).
 */
export function dayEndJob(
  options: ScheduledDayEndOptions & { intervalMs?: number },
): Job<DayEndReport> {
  const holder = options.holder ?? defaultHolder();
  return job({
    name: 'day_end',
    intervalMs: options.intervalMs ?? 60_000,
    runAtStart: true,
    pass: (signal) => runScheduledDayEnd({ ...options, holder, signal }),
    report: (report, log) => {
      if (report.dates.length > 0) log.info({ dates: report.dates }, 'day-end completed');
      if (report.stopped) log.info({}, 'day-end stopped between batches: the server is stopping');
    },
  });
}
