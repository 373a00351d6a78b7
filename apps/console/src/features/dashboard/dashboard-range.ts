import { addDays, formatIndiaDate } from '../../lib/format';

export const dashboardRanges = ['lastThreeDays', 'nearlyAWeek', 'lastMonth'] as const;
export type DashboardRange = (typeof dashboardRanges)[number];

const RANGE_DAYS: Record<DashboardRange, number> = {
  lastThreeDays: 3,
  nearlyAWeek: 7,
  lastMonth: 30,
};

/**
 * The India calendar days a range covers. Counts are taken as of 23:59:59 of the last
 * complete India day (yesterday), so a range ends yesterday and spans its number of days.
 */
export function rangeDates(range: DashboardRange, now: Date): { from: string; to: string } {
  const to = addDays(formatIndiaDate(now), -1);
  return { from: addDays(to, -(RANGE_DAYS[range] - 1)), to };
}
