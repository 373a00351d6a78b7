import type { IndiaDate } from '@lending/lending';

/** India is UTC+05:30 all year (no DST). */
const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;

/** The India calendar date (Asia/Kolkata) of an instant: the one place instants become business dates. */
export function indiaDateOf(instant: Date): IndiaDate {
  return new Date(instant.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant an India date starts (00:00 IST). */
export function startOfIndiaDate(date: IndiaDate): Date {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) - IST_OFFSET_MS);
}

/** The India wall-clock time of an instant, "HH:MM" (contact hours, the day-end time). */
export function indiaClockOf(instant: Date): string {
  return new Date(instant.getTime() + IST_OFFSET_MS).toISOString().slice(11, 16);
}
