import { daysBetween, type IndiaDate } from './calendar-date.js';
import type { Paise } from './money.js';

/** Days past the due date with something outstanding: day 17 of a 14-day loan is 3. */
export function overdueDays(dueDate: IndiaDate, today: IndiaDate, outstanding: Paise): number {
  if (outstanding <= 0n) return 0;
  return Math.max(0, daysBetween(dueDate, today));
}

/**
 * The spec's operational bands for collection reports and dispatch. The RBI's asset classes
 * count days past due their own way (asset-classification.ts).
 */
export type OverdueBand = '1-7' | '8+';

export function overdueBand(days: number): OverdueBand | null {
  if (days <= 0) return null;
  return days <= 7 ? '1-7' : '8+';
}
