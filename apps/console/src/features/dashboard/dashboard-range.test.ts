import { describe, expect, it } from 'vitest';
import { rangeDates } from './dashboard-range';

describe('dashboard ranges end with the last complete India day', () => {
  // 2026-04-01 00:10 in India.
  const now = new Date('2026-03-31T18:40:00Z');
  it.each([
    ['lastThreeDays', '2026-03-29', '2026-03-31'],
    ['nearlyAWeek', '2026-03-25', '2026-03-31'],
    ['lastMonth', '2026-03-02', '2026-03-31'],
  ] as const)('%s → %s to %s', (range, from, to) => {
    expect(rangeDates(range, now)).toEqual({ from, to });
  });
});
