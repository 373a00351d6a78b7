/**
 * Runs password checks one at a time, in the order they arrive. argon2 takes a core for tens
 * of milliseconds per check: however many sign-ins arrive at once, at most one core hashes
 * and the rest of the server keeps its CPU. In the lane the throttle is asked again before
 * each check, so attempts that queued up together are judged one after another and a burst
 * of parallel guesses cannot pass a limit (within one server process).
 */
export function createPasswordCheckLane() {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    run<T>(check: () => Promise<T>): Promise<T> {
      const result = tail.then(check);
      tail = result.catch(() => undefined);
      return result;
    },
  };
}

export type PasswordCheckLane = ReturnType<typeof createPasswordCheckLane>;
