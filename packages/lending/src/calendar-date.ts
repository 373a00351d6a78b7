/**
 * A business date: an India calendar day written `YYYY-MM-DD`. Callers turn instants into
 * India dates (Asia/Kolkata has no DST); inside the engine a date is only a day count, so
 * UTC arithmetic on the date string is exact and needs no time zone.
 */
export type IndiaDate = string;

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

// Conversions are remembered both ways: the day-end converts the same few dates for every
// order of a million-loan book, and parsing and checking a date string cost it about two
// thirds of its time in the engine (issue #15). Only valid dates are kept, at most
// REMEMBERED of each (cleared when full), so odd input never grows the maps.
const REMEMBERED = 4096;
const epochDays = new Map<string, number>();
const datesOfDays = new Map<number, IndiaDate>();

function epochDayOrNull(date: string): number | null {
  const known = epochDays.get(date);
  if (known !== undefined) return known;
  const day = parseEpochDay(date);
  if (day !== null) {
    if (epochDays.size >= REMEMBERED) epochDays.clear();
    epochDays.set(date, day);
  }
  return day;
}

function parseEpochDay(date: string): number | null {
  const match = ISO_DATE.exec(date);
  if (!match) return null;
  const [, y, m, d] = match;
  const ms = Date.UTC(Number(y), Number(m) - 1, Number(d));
  // Round-trip rejects 2024-02-30 and the two-digit-year quirk of Date.UTC.
  if (new Date(ms).toISOString().slice(0, 10) !== date) return null;
  return ms / DAY_MS;
}

function epochDay(date: IndiaDate): number {
  const day = epochDayOrNull(date);
  if (day === null) throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${date}`);
  return day;
}

function fromEpochDay(day: number): IndiaDate {
  const known = datesOfDays.get(day);
  if (known !== undefined) return known;
  const date = new Date(day * DAY_MS).toISOString().slice(0, 10);
  if (datesOfDays.size >= REMEMBERED) datesOfDays.clear();
  datesOfDays.set(day, date);
  return date;
}

export function isIndiaDate(value: string): boolean {
  return epochDayOrNull(value) !== null;
}

export function addDays(date: IndiaDate, days: number): IndiaDate {
  if (!Number.isInteger(days)) throw new RangeError(`Days must be an integer: ${days}`);
  return fromEpochDay(epochDay(date) + days);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IndiaDate, to: IndiaDate): number {
  return epochDay(to) - epochDay(from);
}

export function compareDates(a: IndiaDate, b: IndiaDate): -1 | 0 | 1 {
  const diff = daysBetween(b, a);
  return diff < 0 ? -1 : diff > 0 ? 1 : 0;
}

export function isBefore(a: IndiaDate, b: IndiaDate): boolean {
  return compareDates(a, b) < 0;
}

export function isAfter(a: IndiaDate, b: IndiaDate): boolean {
  return compareDates(a, b) > 0;
}
