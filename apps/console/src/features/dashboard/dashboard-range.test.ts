import { describe, expect, it } from 'vitest';
import { apiRangeOf, rangeDates } from './dashboard-range';

describe('dashboard ranges end today, India time (counts as of 23:59:59)', () => {
  // 2026-04-01 00:10 in India.
  const now = new Date('2026-03-31T18:40:00Z');
  it.each([
    ['lastThreeDays', '2026-03-30', '2026-04-01'],
    ['nearlyAWeek', '2026-03-26', '2026-04-01'],
    ['lastMonth', '2026-03-03', '2026-04-01'],
  ] as const)('%s → %s to %s', (range, from, to) => {
    expect(rangeDates(range, now)).toEqual({ from, to });
  });

  it('maps onto the API range names', () => {
    expect(Object.values(apiRangeOf)).toEqual(['last3days', 'lastWeek', 'lastMonth']);
  });
});
