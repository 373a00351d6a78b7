import { indiaClockOf } from './india-date.js';

/**
 * The calling hours every call to a borrower or prospect keeps: 08:00 to 19:00 India time
 * (RBI fair practices code for recovery; telemarketing keeps the same window, decision 0040).
 * One place for the window and its test, shared by collection and telemarketing.
 */
export const CONTACT_HOURS = { start: '08:00', end: '19:00' } as const;

/** Contact hours in India time: from `start` (inclusive) to `end` (exclusive), "HH:MM". */
export function withinContactHours(indiaClock: string, start: string, end: string): boolean {
  return indiaClock >= start && indiaClock < end;
}

/** Whether an instant falls inside the calling hours. */
export function isWithinContactHours(at: Date): boolean {
  return withinContactHours(indiaClockOf(at), CONTACT_HOURS.start, CONTACT_HOURS.end);
}
