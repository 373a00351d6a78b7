/** What a field shows when the order has no value for it (not yet disbursed, never reviewed…). */
export const EMPTY = '—';
