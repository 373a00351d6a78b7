import { PROMOTIONAL_WINDOW } from '@lending/contract';

/**
 * The send time as staff enter it (an India date and a 24-hour time) and TRAI's window:
 * the form refuses a time the server would refuse, so the confirmation never offers one.
 */
export function sendAtOf(date: string, time: string): string {
  return `${date}T${time}:00+05:30`;
}

/** Whether `HH:MM` (India time) is inside 10:00–21:00, the end excluded. */
export function insideWindow(time: string): boolean {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) return false;
  const minute = Number(match[1]) * 60 + Number(match[2]);
  return minute >= PROMOTIONAL_WINDOW.startMinute && minute < PROMOTIONAL_WINDOW.endMinute;
}

/** The message as it goes out: each `{#name#}` replaced by its value (blank ones kept). */
export function fillTemplate(text: string, params: Record<string, string | undefined>): string {
  return text.replace(/\{#([a-zA-Z0-9_]+)#\}/g, (whole, name: string) => {
    const value = params[name]?.trim();
    return value ? value : whole;
  });
}
