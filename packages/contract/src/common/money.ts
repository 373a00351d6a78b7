import { z } from 'zod';

/**
 * Money in API payloads: integer paise as a JSON number (docs/decisions/0011). Safe below 2^53
 * (₹90 trillion), so no precision is lost; the server converts to bigint at the boundary.
 */
export const paiseSchema = z.int().min(0).max(Number.MAX_SAFE_INTEGER);
/** A signed amount (ledger lines, imbalances). */
export const signedPaiseSchema = z.int().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER);
/** A positive amount a caller asks to move. */
export const positivePaiseSchema = z.int().min(1).max(Number.MAX_SAFE_INTEGER);
/** Rates: integer parts per million (7 % = 70000, 0.1 %/day = 1000), as in the engine. */
export const ppmSchema = z.int().min(0).max(1_000_000);
/** India calendar date `YYYY-MM-DD`. */
export const indiaDateSchema = z.iso.date();
/** Idempotency keys: the caller's unique id of one money-moving request. */
export const idempotencyKeySchema = z
  .string()
  .trim()
  .min(8)
  .max(100)
  .regex(/^[A-Za-z0-9:_\-.]+$/);
