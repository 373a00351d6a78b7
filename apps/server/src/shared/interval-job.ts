/**
 * The loop of the server's background jobs (payout sweep, day-end check, collection refresh,
 * collections reconciliation, scheduled reconciliation, wallet, SMS sender, penny drops, export
 * queue, expired exports): `pass` every `intervalMs`, never two passes of one job at once in a
 * process. A tick that finds the last pass still running is skipped, so a slow database delays
 * the next pass instead of piling passes up. That holds only if the promise `pass` returns
 * settles when its work is done: a pass that starts its work and returns at once (`void
 * work()`) is over, to this loop, at once, and the next tick starts another beside it. A pass
 * that fails, whether it rejects or throws before returning, goes to `onError` and the job goes
 * on at the next tick.
 * Which server runs a pass when there are several is the job's own concern (a named lease or
 * row claims inside `pass`), not this loop's.
 *
 * Returns a stop: no pass starts after it, the pass in flight is asked to stop (its `signal`
 * aborts: a long pass such as the day-end stops at its next safe point, a short one just
 * finishes), and the stop resolves once that pass has settled. The timer does not keep the
 * process alive.
 * The server's jobs come here through `startJobs` (jobs.ts), which adds their metrics and log.
 */
export function startIntervalJob(options: {
  intervalMs: number;
  pass: (signal: AbortSignal) => Promise<unknown>;
  onError?: ((error: unknown) => void) | undefined;
  /** Also run a pass at once, not only after the first interval (the day-end check). */
  runAtStart?: boolean;
}): () => Promise<void> {
  let inFlight: Promise<void> | null = null;
  let stopped = false;
  const stopping = new AbortController();
  const tick = () => {
    if (inFlight || stopped) return;
    // Called inside the executor, a throw before the pass returns rejects like any failure
    // (not escaping the timer with the pass left marked in flight, which would end the job).
    inFlight = new Promise<unknown>((resolve) => resolve(options.pass(stopping.signal)))
      .then(
        () => undefined,
        (error: unknown) => options.onError?.(error),
      )
      .finally(() => {
        inFlight = null;
      });
  };
  const timer = setInterval(tick, options.intervalMs);
  timer.unref();
  if (options.runAtStart) tick();
  return async () => {
    stopped = true;
    clearInterval(timer);
    stopping.abort();
    await inFlight;
  };
}
