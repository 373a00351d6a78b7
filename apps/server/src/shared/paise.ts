import type { Paise } from '@lending/lending';

/**
 * THE conversion layer for money read from SQL: node-postgres returns int8/numeric as strings,
 * PGlite as numbers (or bigint), drizzle's bigint columns as bigint. Services only see bigint.
 */
export function paiseFromDb(value: unknown): Paise {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value))
      throw new RangeError(`Unsafe paise from the database: ${value}`);
    return BigInt(value);
  }
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return BigInt(value);
  if (value === null || value === undefined) return 0n;
  throw new RangeError(`Not an amount in paise: ${String(value)}`);
}

/** Integer columns from raw SQL (counts, ids) as numbers. */
export function intFromDb(value: unknown): number {
  const n = typeof value === 'string' ? Number(value) : Number(value ?? 0);
  if (!Number.isSafeInteger(n)) throw new RangeError(`Not an integer: ${String(value)}`);
  return n;
}

/** Money leaves the API as integer paise in a JSON number (docs/decisions/0011). */
export function paiseToApi(amount: Paise): number {
  const n = Number(amount);
  if (!Number.isSafeInteger(n)) throw new RangeError(`Amount beyond the safe range: ${amount}`);
  return n;
}

/** JSON cannot hold bigint: stored documents (jsonb) carry paise as decimal strings. */
export function paiseToJson(amount: Paise): string {
  return amount.toString();
}
