import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RULES_KEY, crossFieldRules, withRanges } from './rules.js';

/** withRanges (decision 0077): one declaration checks a range and documents it. */
describe('withRanges', () => {
  const filters = withRanges(
    z
      .strictObject({
        dateFrom: z.iso.date().optional(),
        dateTo: z.iso.date().optional(),
        amountMin: z.int().optional(),
        amountMax: z.int().optional(),
      })
      .meta(crossFieldRules('an earlier rule')),
    ['dateFrom', 'dateTo'],
    ['amountMin', 'amountMax'],
  );

  it('takes each pair in order, with equal ends or either end left out', () => {
    for (const value of [
      { dateFrom: '2025-01-01', dateTo: '2025-01-02' },
      { dateFrom: '2025-01-02', dateTo: '2025-01-02' },
      { dateFrom: '2025-01-02' },
      { dateTo: '2025-01-01' },
      // Numbers compare as numbers (9 is before 10), not as text.
      { amountMin: 9, amountMax: 10 },
      {},
    ]) {
      expect(filters.safeParse(value).success, JSON.stringify(value)).toBe(true);
    }
  });

  it('refuses a pair given backwards, naming its end with a reason the answer translates', () => {
    const dates = filters.safeParse({ dateFrom: '2025-01-02', dateTo: '2025-01-01' });
    expect(dates.error?.issues).toMatchObject([
      {
        path: ['dateTo'],
        message: 'must not be before dateFrom',
        params: { reason: { kind: 'notBefore', limit: 'dateFrom' } },
      },
    ]);
    const amounts = filters.safeParse({ amountMin: 10, amountMax: 9 });
    expect(amounts.error?.issues).toMatchObject([
      {
        path: ['amountMax'],
        message: 'must be at least amountMin',
        params: { reason: { kind: 'atLeast', limit: 'amountMin' } },
      },
    ]);
  });

  it('documents each pair beside the rules the schema already declared', () => {
    expect(z.globalRegistry.get(filters)?.[RULES_KEY]).toEqual([
      'an earlier rule',
      'dateFrom is not after dateTo',
      'amountMin is not more than amountMax',
    ]);
  });
});
