import { createHash } from 'node:crypto';
import type { Executor } from '../../plugins/db.js';
import { AppError } from '../../shared/app-error.js';
import {
  findIdempotencyRecord,
  insertIdempotencyKey,
  setIdempotentResult,
} from './idempotency.repository.js';

/** A JSON value a command returns and an idempotent replay returns again. */
export type CommandResult = Record<string, unknown>;

function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v === 'bigint') return v.toString();
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      return Object.fromEntries(
        Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)),
      );
    }
    return v;
  });
}

export function requestHash(command: string, payload: unknown): string {
  return createHash('sha256')
    .update(`${command}\n${stableJson(payload)}`)
    .digest('hex');
}

/**
 * Claims an idempotency key inside the transaction. A concurrent claim of the same key waits
 * on the unique index until the first transaction ends, then sees its committed result.
 * Returns the stored result for a replay, or null when the key is fresh.
 */
export async function claimIdempotencyKey(
  tx: Executor,
  key: string,
  command: string,
  payload: unknown,
  at: Date,
): Promise<CommandResult | null> {
  const hash = requestHash(command, payload);
  if (await insertIdempotencyKey(tx, { key, command, requestHash: hash, result: null, at }))
    return null;
  const existing = await findIdempotencyRecord(tx, key);
  if (
    !existing ||
    existing.command !== command ||
    existing.requestHash !== hash ||
    !existing.result
  ) {
    throw new AppError('idempotencyKeyReused', { field: key });
  }
  return existing.result as CommandResult;
}

export async function storeIdempotentResult(
  tx: Executor,
  key: string,
  result: CommandResult,
): Promise<void> {
  await setIdempotentResult(tx, key, result);
}
