import type { SendHours } from '@lending/contract';

/**
 * The send time as staff enter it (an India date and a 24-hour time) and the sending hours in
 * force (TRAI's window narrowed by the quiet hours, as the server sends them): the form refuses
 * a time the server would refuse, so the confirmation never offers one. Shared by the campaign
 * form (marketingSendSMS) and the bulk SMS of the re-marketing lists (decision 0067).
 */
export function sendAtOf(date: string, time: string): string {
  return `${date}T${time}:00+05:30`;
}

/** Whether `HH:MM` (India time) is inside the sending hours, the end excluded. */
export function insideWindow(time: string, hours: SendHours): boolean {
  if (!/^\d{2}:\d{2}$/.test(time)) return false;
  return time >= hours.start && time < hours.end;
}

/** The message as it goes out: each `{#name#}` replaced by its value (blank ones kept). */
export function fillTemplate(text: string, params: Record<string, string | undefined>): string {
  return text.replace(/\{#([a-zA-Z0-9_]+)#\}/g, (whole, name: string) => {
    const value = params[name]?.trim();
    return value ? value : whole;
  });
}
