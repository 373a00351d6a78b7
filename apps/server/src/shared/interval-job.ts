/**
 * The loop of the server's background jobs (payout sweep, day-end check, collection refresh,
 * collections reconciliation, scheduled reconciliation, wallet, SMS sender, penny drops, expired
 * exports): `pass` every
 * `intervalMs`, never two passes of one job at once in a process. A tick that finds the last
 * pass still running is skipped, so a slow database delays the next pass instead of piling
 * passes up. That holds only if the promise `pass` returns settles when its work is done: a
 * pass that starts its work and returns at once (`void work()`) is over, to this loop, at once,
 * and the next tick starts another beside it. A pass that fails, whether it rejects or throws
 * before returning, goes to `onError` and the job goes on at the next tick.
 * Which server runs a pass when there are several is the job's own concern (a lease or an
 * advisory lock inside `pass`), not this loop's.
 *
 * Returns a stop function: no pass starts after it (one in flight finishes). The timer does
 * not keep the process alive.
 * The server's jobs come here through `startJobs` (jobs.ts), which adds their metrics and log.
 */
export function startIntervalJob(options: {
  intervalMs: number;
  pass: () => Promise<unknown>;
  onError?: ((error: unknown) => void) | undefined;
  /** Also run a pass at once, not only after the first interval (the day-end check). */
  runAtStart?: boolean;
}): () => void {
  let running = false;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = true;
    // Called inside the executor, a throw before the pass returns rejects like any failure
    // (not escaping the timer with `running` left set, which would end the job for good).
    new Promise<unknown>((resolve) => resolve(options.pass()))
      .catch((error: unknown) => options.onError?.(error))
      .finally(() => {
        running = false;
      });
  };
  const timer = setInterval(tick, options.intervalMs);
  timer.unref();
  if (options.runAtStart) tick();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
