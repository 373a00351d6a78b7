import { describe, expect, it } from 'vitest';
import { classByDaysPastDue } from './asset-classification.js';
import { overdueBand, overdueDays } from './overdue.js';

describe('overdueDays', () => {
  it.each([
    ['2025-01-15', '2025-01-10', 100n, 0],
    ['2025-01-15', '2025-01-15', 100n, 0],
    ['2025-01-15', '2025-01-16', 100n, 1],
    ['2025-01-15', '2025-01-18', 100n, 3], // worked example: day 17, due day 14
    ['2025-01-15', '2025-04-16', 100n, 91],
    ['2025-01-15', '2025-01-18', 0n, 0], // nothing owed: not overdue
  ])('due %s, today %s, outstanding %s → %s', (due, today, outstanding, days) => {
    expect(overdueDays(due, today, outstanding)).toBe(days);
  });
});

describe('bands and RBI classes', () => {
  it.each([
    [0, null, 'STANDARD'],
    [1, '1-7', 'SMA-0'],
    [7, '1-7', 'SMA-0'],
    [8, '8+', 'SMA-0'],
    [30, '8+', 'SMA-0'],
    [31, '8+', 'SMA-1'],
    [60, '8+', 'SMA-1'],
    [61, '8+', 'SMA-2'],
    [90, '8+', 'SMA-2'],
    [91, '8+', 'NPA'],
    [400, '8+', 'NPA'],
  ])('%s days → band %s, %s', (days, band, rbi) => {
    expect(overdueBand(days)).toBe(band);
    // The same number of days, counted the RBI's way, falls in this class.
    expect(classByDaysPastDue(days)).toBe(rbi);
  });
});
