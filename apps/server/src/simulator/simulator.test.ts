import { sql } from 'drizzle-orm';
import { addDays } from '@lending/lending';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../shared/testing/build-test-app.js';
import { queryRows } from '../shared/sql-rows.js';
import { createPrng } from './prng.js';
import { simulate } from './run-simulation.js';
import { loadDemoBook } from './demo-book.js';

describe('prng', () => {
  it('repeats for a seed and forks independent streams', () => {
    const a = createPrng(7);
    const b = createPrng(7);
    const draws = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(draws);
    expect(createPrng(8).next()).not.toBe(draws[0]);
    expect(createPrng(7).fork('x').next()).toBe(createPrng(7).fork('x').next());
    expect(draws.every((d) => d >= 0 && d < 1)).toBe(true);
  });
});

describe('simulator', () => {
  const options = { borrowers: 16, days: 10, seed: 5, startDate: '2025-03-01' };

  it('gives the same summary for the same seed, and the ledger check passes', async () => {
    const first = await simulate(options);
    const second = await simulate(options);
    expect(first.ledger.ok).toBe(true);
    expect(second.ledger.ok).toBe(true);
    expect(second.summary).toEqual(first.summary);
    expect(second.counters).toEqual(first.counters);
    expect(first.summary.orders).toBeGreaterThan(6);
    expect(first.summary.loansDisbursed).toBeGreaterThan(3);
    expect(first.summary.collectedPaise).toBeGreaterThan(0n);
    expect(first.counters.registrations).toBeGreaterThan(0);
    const other = await simulate({ ...options, seed: 6 });
    expect(other.summary).not.toEqual(first.summary);
  }, 120_000);
});

describe('demo book', () => {
  it('loads once on an empty book, consistent for today: day-end through yesterday, no payout open', async () => {
    const t = await buildTestApp();
    try {
      const today = '2025-01-15'; // the test clock's India date
      const result = await loadDemoBook({ db: t.db, today, borrowers: 20, days: 10, seed: 3 });
      expect(result?.ledger.ok).toBe(true);
      expect(result?.summary.orders).toBeGreaterThan(5);
      const [runs] = await queryRows(
        t.db,
        sql`select max(business_date)::text as last from day_end_runs where status = 'completed'`,
      );
      expect(runs?.last).toBe(addDays(today, -1));
      const [open] = await queryRows(
        t.db,
        sql`select count(*) as n from payouts where status in ('queued', 'processing', 'unknown')`,
      );
      expect(Number(open?.n)).toBe(0);
      // A second start finds a book and leaves it alone.
      expect(await loadDemoBook({ db: t.db, today, borrowers: 20, days: 10, seed: 3 })).toBeNull();
    } finally {
      await t.close();
    }
  }, 120_000);
});
