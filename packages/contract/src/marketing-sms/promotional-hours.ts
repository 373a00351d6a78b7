/**
 * TRAI's rule for promotional SMS (TCCCPR 2018): delivered only between 10:00 and 21:00 India
 * time. Shared by the server (which refuses and pauses) and the console (which warns before
 * asking), so both read the same window. India is UTC+05:30 all year.
 *
 * The SMS configuration's quiet hours (smsConfig quietStart → quietEnd, overnight) may narrow
 * the window, never widen it (decision 0049): promotional SMS go out from quietEnd to
 * quietStart, inside TRAI's window.
 */
export const PROMOTIONAL_WINDOW = { startMinute: 10 * 60, endMinute: 21 * 60 } as const;
export const PROMOTIONAL_WINDOW_TEXT = '10:00–21:00';

/** A sending window of India clock times "HH:MM": from `start` (inclusive) to `end` (exclusive). */
export interface SendHours {
  start: string;
  end: string;
}

function clockOfMinute(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}

/** TRAI's window as clock times, the legal floor every configured window stays within. */
export const LAWFUL_PROMOTIONAL_HOURS: SendHours = {
  start: clockOfMinute(PROMOTIONAL_WINDOW.startMinute),
  end: clockOfMinute(PROMOTIONAL_WINDOW.endMinute),
};

const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;
const DAY_MS = 86_400_000;

/** Minutes since India midnight of an instant. */
export function indiaMinuteOfDay(instant: Date): number {
  const ms = (((instant.getTime() + IST_OFFSET_MS) % DAY_MS) + DAY_MS) % DAY_MS;
  return Math.floor(ms / 60_000);
}

/** The India clock time "HH:MM" of an instant. */
export function indiaClockText(instant: Date): string {
  return clockOfMinute(indiaMinuteOfDay(instant));
}

/** "10:00–21:00": how a refusal and a screen name the hours in force. */
export function sendHoursText(hours: SendHours): string {
  return `${hours.start}–${hours.end}`;
}

/**
 * Whether a promotional SMS may be handed to the gateway at this instant (end excluded): inside
 * the hours in force, TRAI's window when none are given.
 */
export function insidePromotionalHours(
  instant: Date,
  hours: SendHours = LAWFUL_PROMOTIONAL_HOURS,
): boolean {
  const clock = indiaClockText(instant);
  return clock >= hours.start && clock < hours.end;
}

/**
 * Why quiet hours cannot be saved, naming the field, or null: they may narrow TRAI's window,
 * never widen it, and must leave some sending hours. Times are "HH:MM" (zero-padded, so text
 * compares).
 */
export function quietHoursProblem(
  quietStart: string,
  quietEnd: string,
): { field: 'quietStart' | 'quietEnd'; message: string } | null {
  const lawful = LAWFUL_PROMOTIONAL_HOURS;
  if (quietStart > lawful.end)
    return {
      field: 'quietStart',
      message: `must be ${lawful.end} or earlier: promotional SMS may not go out after ${lawful.end} India time (TRAI)`,
    };
  if (quietEnd < lawful.start)
    return {
      field: 'quietEnd',
      message: `must be ${lawful.start} or later: promotional SMS may not go out before ${lawful.start} India time (TRAI)`,
    };
  if (quietStart <= quietEnd)
    return {
      field: 'quietStart',
      message: `must be later than the quiet hours end (${quietEnd}) and no later than ${lawful.end}: quiet hours run overnight`,
    };
  return null;
}

/**
 * The promotional sending hours the quiet hours put in force: from quietEnd to quietStart,
 * never outside TRAI's window (a stored value that would widen it is narrowed to it; quiet
 * hours covering the whole window leave an empty one, and nothing is sent).
 */
export function promotionalHoursOf(quietStart: string, quietEnd: string): SendHours {
  const lawful = LAWFUL_PROMOTIONAL_HOURS;
  return {
    start: quietEnd > lawful.start ? quietEnd : lawful.start,
    end: quietStart < lawful.end ? quietStart : lawful.end,
  };
}
