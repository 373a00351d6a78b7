import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { and, eq, lte, or } from 'drizzle-orm';
import type { Executor } from '../../plugins/db.js';
import { jobLeases } from './day-end.table.js';

// A named job's lease (`job_leases`): one holder at a time among several servers, until it
// expires or is released. The day-end takes it per run and renews it after each batch.

/** Who holds a lease: this host, process and a random tail (two servers on one host differ). */
export function defaultHolder(): string {
  return `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
}

/** Takes or renews the lease in one atomic upsert: free, expired, or already ours. */
export async function acquireLease(
  db: Executor,
  name: string,
  holder: string,
  now: Date,
  leaseMs: number,
): Promise<boolean> {
  const expiresAt = new Date(now.getTime() + leaseMs);
  const rows = await db
    .insert(jobLeases)
    .values({ name, holder, expiresAt })
    .onConflictDoUpdate({
      target: jobLeases.name,
      set: { holder, expiresAt },
      setWhere: or(lte(jobLeases.expiresAt, now), eq(jobLeases.holder, holder)),
    })
    .returning({ holder: jobLeases.holder });
  return rows.length === 1;
}

export async function releaseLease(
  db: Executor,
  name: string,
  holder: string,
  now: Date,
): Promise<void> {
  await db
    .update(jobLeases)
    .set({ expiresAt: now })
    .where(and(eq(jobLeases.name, name), eq(jobLeases.holder, holder)));
}

export class LeaseLostError extends Error {
  override name = 'LeaseLostError';
}
