import { describe, expect, it } from 'vitest';
import { createPrng } from './prng.js';
import { simulate } from './run-simulation.js';

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

// On the embedded database only (simulate opens an in-memory PGlite of its own), as
// collection-work.test.ts says.
describe.skipIf(process.env.DATABASE_URL)('simulator', () => {
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
    // Every renewal the borrowers asked for through the app was paid and applied as one.
    expect(first.summary.rollovers).toBe(first.counters.rollovers);
    const other = await simulate({ ...options, seed: 6 });
    expect(other.summary).not.toEqual(first.summary);
  }, 120_000);
});
