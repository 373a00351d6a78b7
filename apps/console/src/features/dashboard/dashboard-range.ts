import type { DashboardRangeKey } from '@lending/contract';
import { addDays, formatIndiaDate } from '../../lib/format';

export const dashboardRanges = ['lastThreeDays', 'nearlyAWeek', 'lastMonth'] as const;
export type DashboardRange = (typeof dashboardRanges)[number];

/** The range shown until the user picks another, and where the page keeps the pick. */
export const DEFAULT_DASHBOARD_RANGE: DashboardRange = 'lastThreeDays';
export const DASHBOARD_RANGE_KEY = 'range';

const RANGE_DAYS: Record<DashboardRange, number> = {
  lastThreeDays: 3,
  nearlyAWeek: 7,
  lastMonth: 30,
};

/** The console's range names (its translation keys) → the API's. */
export const apiRangeOf: Record<DashboardRange, DashboardRangeKey> = {
  lastThreeDays: 'last3days',
  nearlyAWeek: 'lastWeek',
  lastMonth: 'lastMonth',
};

/**
 * The India calendar days a range covers. Counts are taken as of 23:59:59 India time today
 * (the server's figures say the same), so a range ends today and spans its number of days.
 * Shown until the server's answer arrives.
 */
export function rangeDates(range: DashboardRange, now: Date): { from: string; to: string } {
  const to = formatIndiaDate(now);
  return { from: addDays(to, -(RANGE_DAYS[range] - 1)), to };
}
