import { daysBetween, type IndiaDate } from './calendar-date.js';
import type { Paise } from './money.js';

/** Days past the due date with something outstanding: day 17 of a 14-day loan is 3. */
export function overdueDays(dueDate: IndiaDate, today: IndiaDate, outstanding: Paise): number {
  if (outstanding <= 0n) return 0;
  return Math.max(0, daysBetween(dueDate, today));
}

/** The spec's operational bands for collection reports and dispatch. */
export type OverdueBand = '1-7' | '8+';

export function overdueBand(days: number): OverdueBand | null {
  if (days <= 0) return null;
  return days <= 7 ? '1-7' : '8+';
}

/** RBI special-mention account classes, by days past due. */
export type RbiClass = 'STANDARD' | 'SMA-0' | 'SMA-1' | 'SMA-2' | 'NPA';

export function rbiClass(days: number): RbiClass {
  if (days <= 0) return 'STANDARD';
  if (days <= 30) return 'SMA-0';
  if (days <= 60) return 'SMA-1';
  if (days <= 90) return 'SMA-2';
  return 'NPA';
}
