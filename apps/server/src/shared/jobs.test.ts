import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { job, startJobs, type JobLog } from './jobs.js';

function recorder() {
  const runs: { job: string; outcome: string; seconds: number | undefined }[] = [];
  const logged: { level: string; fields: object; message: string }[] = [];
  const at = (level: string) => (fields: object, message: string) =>
    logged.push({ level, fields, message });
  const log: JobLog = {
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
  };
  return {
    runs,
    logged,
    log,
    metrics: {
      jobRun: (name: string, outcome: 'success' | 'failure', seconds?: number) =>
        runs.push({ job: name, outcome, seconds }),
    },
  };
}

describe('startJobs', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('records a pass that succeeded with its duration, then hands its result to report', async () => {
    const { runs, logged, log, metrics } = recorder();
    // The pass takes 250 ms of the runner's clock.
    let clock = 0;
    const stop = startJobs(
      [
        job({
          name: 'tidy',
          intervalMs: 1_000,
          pass: () => {
            clock += 250;
            return Promise.resolve({ tidied: 3 });
          },
          report: (result, reportLog) => reportLog.info(result, 'tidied'),
        }),
      ],
      { metrics, log, now: () => clock },
    );
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toEqual([{ job: 'tidy', outcome: 'success', seconds: 0.25 }]);
    expect(logged).toEqual([{ level: 'info', fields: { tidied: 3 }, message: 'tidied' }]);
    await stop();
  });

  it('records and logs a failed pass, whether it rejects or throws, and goes on', async () => {
    const { runs, logged, log, metrics } = recorder();
    let passes = 0;
    const stop = startJobs(
      [
        {
          name: 'flaky',
          intervalMs: 1_000,
          runAtStart: true,
          pass: () => {
            passes += 1;
            if (passes === 1) throw new Error('thrown');
            if (passes === 2) return Promise.reject(new Error('rejected'));
            return Promise.resolve();
          },
        },
      ],
      { metrics, log },
    );
    await vi.advanceTimersByTimeAsync(2_000);
    expect(passes).toBe(3);
    expect(runs.map((run) => run.outcome)).toEqual(['failure', 'failure', 'success']);
    expect(runs.every((run) => typeof run.seconds === 'number' && run.seconds >= 0)).toBe(true);
    expect(logged).toMatchObject([
      {
        level: 'error',
        fields: { job: 'flaky', err: { message: 'thrown' } },
        message: 'flaky failed',
      },
      {
        level: 'error',
        fields: { job: 'flaky', err: { message: 'rejected' } },
        message: 'flaky failed',
      },
    ]);
    await stop();
  });

  it('keeps a report that throws from counting as a failed pass', async () => {
    const { runs, logged, log, metrics } = recorder();
    const stop = startJobs(
      [
        job({
          name: 'noisy',
          intervalMs: 1_000,
          pass: () => Promise.resolve(1),
          report: () => {
            throw new Error('bad report');
          },
        }),
      ],
      { metrics, log },
    );
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs.map((run) => run.outcome)).toEqual(['success']);
    expect(logged).toMatchObject([{ level: 'error', message: 'noisy report failed' }]);
    await stop();
  });

  it('runs each job at its own interval, at start only when asked, and one stop ends them all', async () => {
    const { runs, log, metrics } = recorder();
    const stop = startJobs(
      [
        { name: 'often', intervalMs: 1_000, pass: () => Promise.resolve() },
        { name: 'seldom', intervalMs: 3_000, runAtStart: true, pass: () => Promise.resolve() },
      ],
      { metrics, log },
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(runs.map((run) => run.job)).toEqual(['seldom']);
    await vi.advanceTimersByTimeAsync(3_000);
    const count = (name: string) => runs.filter((run) => run.job === name).length;
    expect([count('often'), count('seldom')]).toEqual([3, 2]);
    await stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect([count('often'), count('seldom')]).toEqual([3, 2]);
  });

  it('stop asks each pass in flight to stop, waits for it up to the deadline and names those still running', async () => {
    const { runs, log, metrics } = recorder();
    const seen: Record<string, AbortSignal> = {};
    let releaseStubborn: () => void = () => undefined;
    const stop = startJobs(
      [
        {
          name: 'careful',
          intervalMs: 1_000,
          runAtStart: true,
          // Stops at its next safe point once asked: 200 ms after the signal.
          pass: (signal) => {
            seen.careful = signal;
            return new Promise<void>((resolve) =>
              signal.addEventListener('abort', () => setTimeout(resolve, 200)),
            );
          },
        },
        {
          name: 'stubborn',
          intervalMs: 1_000,
          runAtStart: true,
          pass: (signal) => {
            seen.stubborn = signal;
            return new Promise<void>((resolve) => (releaseStubborn = resolve));
          },
        },
        { name: 'idle', intervalMs: 60_000, pass: () => Promise.resolve() },
      ],
      { metrics, log },
    );
    await vi.advanceTimersByTimeAsync(0);
    let answer: string[] | undefined;
    const stopping = stop(5_000).then((running) => (answer = running));
    await vi.advanceTimersByTimeAsync(200);
    expect(seen.careful?.aborted).toBe(true);
    expect(seen.stubborn?.aborted).toBe(true);
    // The careful pass has finished and been recorded; the stubborn one holds the stop.
    expect(runs.map((run) => `${run.job} ${run.outcome}`)).toEqual(['careful success']);
    expect(answer).toBeUndefined();
    await vi.advanceTimersByTimeAsync(4_800);
    await stopping;
    expect(answer).toEqual(['stubborn']);
    releaseStubborn();
    await vi.advanceTimersByTimeAsync(60_000);
    // Nothing started after the stop: the late pass is recorded, and that is all.
    expect(runs.map((run) => `${run.job} ${run.outcome}`)).toEqual([
      'careful success',
      'stubborn success',
    ]);
  });

  it('stop without a deadline waits for every pass and answers none still running', async () => {
    const { log, metrics } = recorder();
    let finish: () => void = () => undefined;
    const stop = startJobs(
      [
        {
          name: 'slow',
          intervalMs: 1_000,
          runAtStart: true,
          pass: () => new Promise<void>((resolve) => (finish = resolve)),
        },
      ],
      { metrics, log },
    );
    let answer: string[] | undefined;
    const stopping = stop().then((running) => (answer = running));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(answer).toBeUndefined();
    finish();
    await stopping;
    expect(answer).toEqual([]);
  });
});
