import type { Readiness } from './plugins/health.js';
import type { StopJobs } from './shared/jobs.js';

export interface ShutdownParts {
  readiness: Readiness;
  /** The background jobs' one stop (shared/jobs.ts). */
  stopJobs: StopJobs;
  /** Closes the listener once requests in flight have been answered; the app's own close hooks run then. */
  closeApp: () => Promise<unknown>;
  /** Work calls started that outlives them (the payout dispatches queued after a commit). */
  dispatchesIdle: () => Promise<unknown>;
  closeDatabase: () => Promise<unknown>;
  /**
   * How long the server goes on answering after /health/ready turns 503, before it closes its
   * listener: the balancer's health checks must see it out of rotation first, or a call it
   * sends in between finds the connection closed.
   */
  drainMs: number;
  /** How long jobs, requests and the dispatches may take, in all. */
  graceMs: number;
  log: { info(fields: object, message: string): void; warn(fields: object, message: string): void };
  now?: () => number;
}

/**
 * A server's graceful shutdown (SIGTERM), in this order:
 * 1. out of the balancer's rotation: /health/ready answers 503, and calls are still answered
 *    for `drainMs`, while the balancer notices;
 * 2. meanwhile no job starts another pass, and each pass in flight is asked to stop: the
 *    day-end stops between batches and releases its lease, so another server takes the date
 *    at once; short passes finish. They are waited for until the grace period ends;
 * 3. the app closes: the listener stops taking connections, requests in flight are answered,
 *    and the export runner gives the export it was writing back to the queue;
 * 4. dispatches started by calls finish (within what is left of the grace period);
 * 5. the database closes.
 * A job still running at the deadline is left to its lease, which lapses; it is logged.
 */
export async function shutDown(parts: ShutdownParts): Promise<void> {
  const now = parts.now ?? (() => Date.now());
  const deadline = now() + parts.graceMs;
  parts.readiness.ready = false;
  const drained = new Promise((resolve) => setTimeout(resolve, parts.drainMs).unref());
  const stillRunning = await parts.stopJobs(parts.graceMs);
  if (stillRunning.length > 0) {
    parts.log.warn(
      { jobs: stillRunning },
      'jobs still running at the end of the grace period: their leases will lapse',
    );
  }
  await drained;
  await parts.closeApp();
  const left = Math.max(0, deadline - now());
  const idle = await Promise.race([
    parts.dispatchesIdle().then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), left).unref()),
  ]);
  if (!idle) parts.log.warn({}, 'payout dispatches still in flight at the end of the grace period');
  await parts.closeDatabase();
  parts.log.info({}, 'shut down');
}
