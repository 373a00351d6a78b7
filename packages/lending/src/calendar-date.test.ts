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
