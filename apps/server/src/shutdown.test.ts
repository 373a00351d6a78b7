import { describe, expect, it } from 'vitest';
import { startJobs } from './shared/jobs.js';
import { shutDown } from './shutdown.js';

const quiet = { debug: () => undefined, info: () => undefined, warn: () => undefined };

describe('graceful shutdown', () => {
  it('leaves the rotation, lets the pass in flight stop and finish, then closes the app, the dispatches and the database', async () => {
    const steps: string[] = [];
    const readiness = { ready: true };
    let passStarted!: () => void;
    const started = new Promise<void>((resolve) => (passStarted = resolve));
    const stopJobs = startJobs(
      [
        {
          name: 'long',
          intervalMs: 60_000,
          runAtStart: true,
          // Like the day-end: works until asked to stop, then ends its batch and returns.
          pass: (signal) => {
            passStarted();
            return new Promise<void>((resolve) =>
              signal.addEventListener('abort', () => {
                steps.push(`asked to stop (ready: ${readiness.ready})`);
                setTimeout(() => {
                  steps.push('pass finished');
                  resolve();
                }, 50);
              }),
            );
          },
        },
      ],
      { metrics: { jobRun: () => undefined }, log: { ...quiet, error: () => undefined } },
    );
    await started;
    const warnings: string[] = [];
    await shutDown({
      readiness,
      stopJobs,
      closeApp: () => Promise.resolve(steps.push('app closed')),
      dispatchesIdle: () => Promise.resolve(steps.push('dispatches drained')),
      drainMs: 0,
      closeDatabase: () => Promise.resolve(steps.push('database closed')),
      graceMs: 5_000,
      log: { info: () => undefined, warn: (_fields, message) => warnings.push(message) },
    });
    expect(readiness.ready).toBe(false);
    expect(steps).toEqual([
      'asked to stop (ready: false)',
      'pass finished',
      'app closed',
      'dispatches drained',
      'database closed',
    ]);
    expect(warnings).toEqual([]);
  });

  it('does not wait past the grace period for a pass that will not stop: it says so and closes', async () => {
    const steps: string[] = [];
    let release!: () => void;
    const stopJobs = startJobs(
      [
        {
          name: 'stubborn',
          intervalMs: 60_000,
          runAtStart: true,
          pass: () => new Promise<void>((resolve) => (release = resolve)),
        },
      ],
      { metrics: { jobRun: () => undefined }, log: { ...quiet, error: () => undefined } },
    );
    const warnings: { fields: object; message: string }[] = [];
    await shutDown({
      readiness: { ready: true },
      stopJobs,
      closeApp: () => Promise.resolve(steps.push('app closed')),
      // A dispatch that never ends is not waited for either.
      dispatchesIdle: () => new Promise(() => undefined),
      drainMs: 0,
      closeDatabase: () => Promise.resolve(steps.push('database closed')),
      graceMs: 100,
      log: { info: () => undefined, warn: (fields, message) => warnings.push({ fields, message }) },
    });
    expect(steps).toEqual(['app closed', 'database closed']);
    expect(warnings).toEqual([
      {
        fields: { jobs: ['stubborn'] },
        message: 'jobs still running at the end of the grace period: their leases will lapse',
      },
      { fields: {}, message: 'payout dispatches still in flight at the end of the grace period' },
    ]);
    release();
  });
});
