/**
 * TRAI's rule for promotional SMS (TCCCPR 2018): delivered only between 10:00 and 21:00 India
 * time. Shared by the server (which refuses and pauses) and the console (which warns before
 * asking), so both read the same window. India is UTC+05:30 all year.
 */
export const PROMOTIONAL_WINDOW = { startMinute: 10 * 60, endMinute: 21 * 60 } as const;
export const PROMOTIONAL_WINDOW_TEXT = '10:00–21:00';

const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;
const DAY_MS = 86_400_000;

/** Minutes since India midnight of an instant. */
export function indiaMinuteOfDay(instant: Date): number {
  const ms = (((instant.getTime() + IST_OFFSET_MS) % DAY_MS) + DAY_MS) % DAY_MS;
  return Math.floor(ms / 60_000);
}

/** Whether a promotional SMS may be handed to the gateway at this instant (end excluded). */
export function insidePromotionalHours(instant: Date): boolean {
  const minute = indiaMinuteOfDay(instant);
  return minute >= PROMOTIONAL_WINDOW.startMinute && minute < PROMOTIONAL_WINDOW.endMinute;
}
