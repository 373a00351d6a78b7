import { afterEach, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../../shared/clock.js';
import type { CollectionGateway } from '../../integrations/collections/collection-gateway.js';
import { startJobs } from '../../shared/jobs.js';
import { collectionsReconciliationJob } from './collections-reconciliation.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('the periodic collections reconciliation', () => {
  it('asks for the window ending the grace ago, one run at a time, and reports a failure', async () => {
    vi.useFakeTimers();
    const clock = new ManualClock(new Date('2026-11-22T10:00:00Z'));
    const asked: { from: Date; to: Date }[] = [];
    let failPending: () => void = () => undefined;
    const gateway: CollectionGateway = {
      provider: 'stub',
      createVirtualAccount: () => Promise.reject(new Error('not used')),
      getVirtualAccount: () => Promise.resolve(undefined),
      statementOfCredits: (period) => {
        asked.push(period);
        // The gateway is slow: the statement comes (as a failure) only when the test says.
        return new Promise((_, reject) => {
          failPending = () => reject(new Error('gateway down'));
        });
      },
    };
    const errors: unknown[] = [];
    const outcomes: string[] = [];
    const log = { debug: () => {}, info: () => {}, warn: () => {} };
    const stop = startJobs(
      [
        collectionsReconciliationJob(
          // A failing statement never reaches the database or the loan book.
          { db: undefined as never, loanBook: undefined as never, clock, gateway },
          { intervalMs: 60_000, lookbackMs: 6 * 3_600_000, graceMs: 5 * 60_000 },
        ),
      ],
      {
        metrics: { jobRun: (job, outcome) => outcomes.push(`${job} ${outcome}`) },
        log: { ...log, error: (fields: { err?: unknown }) => errors.push(fields.err) },
      },
    );

    await vi.advanceTimersByTimeAsync(3 * 60_000);
    expect(asked).toEqual([
      { from: new Date('2026-11-22T03:55:00Z'), to: new Date('2026-11-22T09:55:00Z') },
    ]);
    failPending();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(errors).toMatchObject([{ message: 'gateway down' }]);
    expect(outcomes).toEqual(['collections_reconciliation failure']);
    expect(asked).toHaveLength(2);

    const stopped = stop();
    failPending();
    await stopped;
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(asked).toHaveLength(2);
  });
});
