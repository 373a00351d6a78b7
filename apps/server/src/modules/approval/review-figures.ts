/** Minutes from one time to another, never negative (waiting and deciding times). */
export const minutesBetween = (from: Date, to: Date) =>
  Math.max(0, Math.floor((to.getTime() - from.getTime()) / 60_000));

/** A share in parts per million; null when nothing was counted. */
export const ratePpm = (part: number, whole: number) =>
  whole === 0 ? null : Math.round((part * 1_000_000) / whole);
