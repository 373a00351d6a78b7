import { eq } from 'drizzle-orm';
import type { Executor } from '../../plugins/db.js';
import { idempotencyRecords } from './idempotency-records.table.js';

/**
 * False when the key is already taken; a concurrent insert of the same key waits on the
 * unique index until the other transaction ends.
 */
export async function insertIdempotencyKey(
  tx: Executor,
  values: typeof idempotencyRecords.$inferInsert,
): Promise<boolean> {
  const inserted = await tx
    .insert(idempotencyRecords)
    .values(values)
    .onConflictDoNothing()
    .returning({ key: idempotencyRecords.key });
  return inserted.length > 0;
}

export async function findIdempotencyRecord(tx: Executor, key: string) {
  const [existing] = await tx
    .select()
    .from(idempotencyRecords)
    .where(eq(idempotencyRecords.key, key));
  return existing;
}

/** True when a command was applied under this key. */
export async function idempotencyKeyTaken(db: Executor, key: string): Promise<boolean> {
  const [taken] = await db
    .select({ key: idempotencyRecords.key })
    .from(idempotencyRecords)
    .where(eq(idempotencyRecords.key, key));
  return taken !== undefined;
}

export async function setIdempotentResult(
  tx: Executor,
  key: string,
  result: Record<string, unknown>,
): Promise<void> {
  await tx.update(idempotencyRecords).set({ result }).where(eq(idempotencyRecords.key, key));
}
