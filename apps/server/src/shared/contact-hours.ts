import { indiaClockOf } from './india-date.js';

/**
 * The lawful calling hours: 08:00 to 19:00 India time (RBI fair practices code for recovery;
 * telemarketing keeps the same floor, decisions 0040 and 0049). The operations settings that
 * set the hours in force (recovery_contact_hours, telemarketing_call_hours) may narrow this
 * window, never widen it. The one place for the lawful window, shared by collection and
 * telemarketing.
 */
export const CONTACT_HOURS = { start: '08:00', end: '19:00' } as const;

/** A window of India clock times, "HH:MM": from `start` (inclusive) to `end` (exclusive). */
export interface ClockWindow {
  start: string;
  end: string;
}

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Contact hours in India time: from `start` (inclusive) to `end` (exclusive), "HH:MM". */
export function withinContactHours(indiaClock: string, start: string, end: string): boolean {
  return indiaClock >= start && indiaClock < end;
}

/** Whether an instant falls inside the given hours (India time). */
export function isWithinHours(at: Date, hours: ClockWindow): boolean {
  return withinContactHours(indiaClockOf(at), hours.start, hours.end);
}

/** "08:00–19:00": how a refusal and a screen name the hours in force. */
export function hoursText(hours: ClockWindow): string {
  return `${hours.start}–${hours.end}`;
}

/**
 * "HH:MM-HH:MM" read as a window of two clock times, or null when it is not one. The one reader
 * of the shape: the operations settings' hours and the demo clock (DEMO_CLOCK_WITHIN) use it.
 */
export function clockRangeOf(value: string): ClockWindow | null {
  const [start, end, extra] = value.split('-');
  if (extra !== undefined || !start || !end || !CLOCK.test(start) || !CLOCK.test(end)) return null;
  return { start, end };
}

/** Minutes since midnight of an "HH:MM" clock time. */
export function minutesOfClock(clock: string): number {
  return Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
}

/**
 * Why a setting's "HH:MM-HH:MM" cannot be the hours in force, or null: it must be a range that
 * starts before it ends and lies within the lawful hours. `item` names the setting.
 */
export function contactHoursReason(item: string, value: string): string | null {
  const range = clockRangeOf(value);
  if (!range) return `${item} must be a range HH:MM-HH:MM`;
  const { start: from, end: to } = range;
  if (from < CONTACT_HOURS.start || to > CONTACT_HOURS.end)
    return `${item} must lie within ${CONTACT_HOURS.start}-${CONTACT_HOURS.end} India time, the lawful calling hours`;
  if (from >= to) return `${item} must start before it ends`;
  return null;
}

/**
 * The hours a stored "HH:MM-HH:MM" setting puts in force. Saving validates it; a value that
 * does not parse or would widen the lawful hours (written around the API) falls back to the
 * lawful hours, so the server never calls outside them.
 */
export function contactHoursOf(item: string, value: string): ClockWindow {
  if (contactHoursReason(item, value) !== null) return { ...CONTACT_HOURS };
  const [start, end] = value.split('-');
  return { start: start!, end: end! };
}
