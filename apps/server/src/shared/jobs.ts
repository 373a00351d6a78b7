import { startIntervalJob } from './interval-job.js';

/**
 * The server's background jobs, declared in one list (server.ts) and run by `startJobs`: each
 * job is a `pass` on the one loop of `interval-job.ts` (every `intervalMs`, never two passes of
 * one job at once in a process). Every pass is reported the same way: its outcome and duration
 * go to the metrics (`lending_job_runs_total`, `lending_job_duration_seconds`), a failure is
 * logged as `<name> failed` with the error, and what a pass did is the job's own `report`.
 * Which server runs a pass when there are several stays the job's concern, inside its `pass`:
 * a whole pass takes a named lease (`job_leases`: the day-end, the penny drops, the scheduled
 * reconciliation, the collection refresh), items are claimed by conditional row updates (the
 * payout sweep, the export runner, the SMS sender).
 */
export interface Job<Result = unknown> {
  /** The metrics' `job` label and the failure log's name: snake_case, stable. */
  name: string;
  intervalMs: number;
  /** Also run a pass at once, not only after the first interval. */
  runAtStart?: boolean;
  /**
   * One pass. `signal` aborts when the server shuts down: a pass that can run long stops at
   * its next safe point (the day-end between batches) and gives back what it holds.
   */
  pass: (signal: AbortSignal) => Promise<Result>;
  /**
   * What a pass that succeeded did, for the log (called after its outcome is recorded). A
   * method, so that a job of any result fits a list of `Job` (`job()` keeps the result typed).
   */
  report?(result: Result, log: JobLog): void;
}

/** The log calls the runner and the reports make (pino's, as `app.log` has them). */
export interface JobLog {
  debug(fields: object, message: string): void;
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export interface JobMetrics {
  jobRun(job: string, outcome: 'success' | 'failure', seconds?: number): void;
}

/**
 * Declares a job; the identity function that lets TypeScript tie `report`'s argument to what
 * `pass` returns when jobs of different results sit in one list.
 */
export function job<Result>(definition: Job<Result>): Job<Result> {
  return definition;
}

/**
 * Stops every job: no pass starts after it, each pass in flight is asked to stop and waited
 * for, up to `deadlineMs`. Answers the names of the jobs whose pass was still running then.
 */
export type StopJobs = (deadlineMs?: number) => Promise<string[]>;

/** Starts every job of the list; returns one stop for all. */
export function startJobs(
  jobs: readonly Job[],
  deps: { metrics: JobMetrics; log: JobLog; now?: () => number },
): StopJobs {
  const now = deps.now ?? (() => performance.now());
  const stops = jobs.map((job) => {
    let started = 0;
    const seconds = () => (now() - started) / 1000;
    return startIntervalJob({
      intervalMs: job.intervalMs,
      ...(job.runAtStart ? { runAtStart: true } : {}),
      pass: async (signal) => {
        started = now();
        const result: unknown = await job.pass(signal);
        deps.metrics.jobRun(job.name, 'success', seconds());
        if (!job.report) return;
        try {
          job.report(result, deps.log);
        } catch (error) {
          deps.log.error({ err: error, job: job.name }, `${job.name} report failed`);
        }
      },
      onError: (error) => {
        deps.metrics.jobRun(job.name, 'failure', seconds());
        deps.log.error({ err: error, job: job.name }, `${job.name} failed`);
      },
    });
  });
  return async (deadlineMs = Number.POSITIVE_INFINITY) => {
    const running = new Set(jobs.map((job) => job.name));
    const settled = Promise.all(
      stops.map((stop, i) => stop().then(() => running.delete(jobs[i]!.name))),
    );
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<void>((resolve) => {
      if (Number.isFinite(deadlineMs)) timer = setTimeout(resolve, deadlineMs);
    });
    await Promise.race([settled, deadline]);
    clearTimeout(timer);
    return [...running];
  };
}
