import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startIntervalJob } from './interval-job.js';

describe('startIntervalJob', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('skips a tick while the last pass still runs, and runs again once it has finished', async () => {
    let started = 0;
    let finish: () => void = () => undefined;
    const stop = startIntervalJob({
      intervalMs: 1_000,
      pass: () => {
        started += 1;
        return new Promise<void>((resolve) => (finish = resolve));
      },
    });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(started).toBe(1);
    await vi.advanceTimersByTimeAsync(3_000); // three ticks while the first pass hangs
    expect(started).toBe(1);
    finish();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(started).toBe(2);
    finish();
    await stop();
  });

  it('hands a failed pass to onError and goes on at the next tick', async () => {
    const errors: unknown[] = [];
    let passes = 0;
    const stop = startIntervalJob({
      intervalMs: 1_000,
      pass: () => {
        passes += 1;
        return passes === 1 ? Promise.reject(new Error('database gone')) : Promise.resolve();
      },
      onError: (error) => errors.push(error),
    });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(passes).toBe(2);
    expect(errors).toEqual([new Error('database gone')]);
    await stop();
  });

  it('takes a pass that throws before returning its promise as a failed pass, and goes on', async () => {
    const errors: unknown[] = [];
    let passes = 0;
    const stop = startIntervalJob({
      intervalMs: 1_000,
      pass: () => {
        passes += 1;
        if (passes === 1) throw new Error('no connection to start with');
        return Promise.resolve();
      },
      onError: (error) => errors.push(error),
    });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(errors).toEqual([new Error('no connection to start with')]);
    expect(passes).toBe(2);
    await stop();
  });

  it('runs at once when asked to, and starts nothing after stop', async () => {
    let passes = 0;
    const stop = startIntervalJob({
      intervalMs: 60_000,
      pass: () => Promise.resolve((passes += 1)),
      runAtStart: true,
    });
    expect(passes).toBe(1);
    await stop();
    await vi.advanceTimersByTimeAsync(180_000);
    expect(passes).toBe(1);
  });

  it('stop asks the pass in flight to stop and resolves only once it has settled', async () => {
    let signal: AbortSignal | undefined;
    let finish: () => void = () => undefined;
    let passes = 0;
    const stop = startIntervalJob({
      intervalMs: 1_000,
      runAtStart: true,
      pass: (given) => {
        passes += 1;
        signal = given;
        return new Promise<void>((resolve) => (finish = resolve));
      },
    });
    expect(signal?.aborted).toBe(false);
    let stopped = false;
    const stopping = stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(5_000);
    // Asked to stop, but the pass is still at work: the stop waits for it, none starts beside it.
    expect(signal?.aborted).toBe(true);
    expect(stopped).toBe(false);
    expect(passes).toBe(1);
    finish();
    await stopping;
    expect(stopped).toBe(true);
  });

  it('stop resolves at once when no pass is in flight', async () => {
    let passes = 0;
    const stop = startIntervalJob({
      intervalMs: 1_000,
      pass: () => Promise.resolve((passes += 1)),
    });
    await vi.advanceTimersByTimeAsync(1_000);
    await stop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(passes).toBe(1);
  });
});
