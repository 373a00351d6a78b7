/**
 * A fresh idempotency key for one money action the console asks for (`console-payout-…`):
 * a retry of the same request carries the same key, so the server applies it once; a new
 * press or a new opening of a dialog gets a new one.
 */
export function newIdempotencyKey(action: string): string {
  return `console-${action}-${crypto.randomUUID()}`;
}
