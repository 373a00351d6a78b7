import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, compareDates, daysBetween, isIndiaDate } from './calendar-date.js';

describe('calendar dates', () => {
  it.each([
    ['2025-01-01', 14, '2025-01-15'],
    ['2025-01-01', 17, '2025-01-18'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2025-02-28', 1, '2025-03-01'],
    ['2025-12-31', 1, '2026-01-01'],
    ['2025-03-01', -1, '2025-02-28'],
  ])('%s + %s days = %s', (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
    expect(daysBetween(date, expected)).toBe(days);
  });

  it.each(['2025-02-29', '2025-13-01', '2025-1-1', '0099-01-01', 'today', ''])(
    'rejects %j',
    (text) => {
      expect(isIndiaDate(text)).toBe(false);
      expect(() => addDays(text, 1)).toThrow(RangeError);
    },
  );

  it('compares', () => {
    expect(compareDates('2025-01-01', '2025-01-02')).toBe(-1);
    expect(compareDates('2025-01-02', '2025-01-02')).toBe(0);
    expect(compareDates('2025-01-03', '2025-01-02')).toBe(1);
  });

  it('answers the same from its remembered conversions, past what it keeps', () => {
    // 12,000 consecutive days, twice: the second pass reads conversions kept by the first
    // (and, past the memory's size, made again), each checked against Date's own arithmetic.
    const dayOf = (n: number) => new Date(Date.UTC(1995, 0, 1 + n)).toISOString().slice(0, 10);
    const days = Array.from({ length: 12_000 }, (_, n) => dayOf(n));
    for (let pass = 0; pass < 2; pass++) {
      expect(days.map((date) => addDays(date, 1))).toEqual(days.map((_, n) => dayOf(n + 1)));
      expect(days.map((date, n) => daysBetween(days[0]!, date) - n).every((d) => d === 0)).toBe(
        true,
      );
    }
    expect(isIndiaDate('2025-02-29')).toBe(false);
    expect(() => addDays('2025-02-29', 0)).toThrow(RangeError);
  });

  it('addDays and daysBetween are inverse', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -5_000, max: 5_000 }),
        fc.integer({ min: -400, max: 400 }),
        (a, b) => {
          const start = addDays('2025-06-15', a);
          expect(daysBetween(start, addDays(start, b))).toBe(b);
        },
      ),
    );
  });
});
