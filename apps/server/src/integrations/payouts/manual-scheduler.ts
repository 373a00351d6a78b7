import type { Scheduler } from '../webhooks/delivery.js';

/**
 * A scheduler that runs nothing by itself: tasks wait until the caller runs them — in order
 * (`drain`), or one picked by index (`runAt`, for out-of-order delivery in tests). With it and
 * seeded randomness the sandboxes are deterministic (simulator, demo book, property tests).
 */
export function createManualScheduler() {
  const tasks: { delayMs: number; task: () => Promise<void> }[] = [];
  let stopped = false;
  const scheduler: Scheduler & {
    readonly pending: number;
    clear(): void;
    runAt(index: number): Promise<void>;
    drain(limit?: number): Promise<number>;
  } = {
    later(delayMs, task) {
      if (!stopped) tasks.push({ delayMs, task });
    },
    stop() {
      stopped = true;
      tasks.length = 0;
    },
    get pending() {
      return tasks.length;
    },
    /** Forgets pending tasks but keeps accepting new ones. */
    clear() {
      tasks.length = 0;
    },
    async runAt(index) {
      const [picked] = tasks.splice(index, 1);
      if (picked) await picked.task();
    },
    /** Runs tasks in the order they were scheduled (new ones included) until none is left. */
    async drain(limit = 1_000_000) {
      let ran = 0;
      while (tasks.length > 0 && ran < limit) {
        await tasks.shift()!.task();
        ran += 1;
      }
      return ran;
    },
  };
  return scheduler;
}

export type ManualScheduler = ReturnType<typeof createManualScheduler>;
