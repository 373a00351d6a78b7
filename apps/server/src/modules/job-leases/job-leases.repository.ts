import { and, eq, lte, or } from 'drizzle-orm';
import type { Executor } from '../../shared/database.js';
import { jobLeases } from './job-leases.table.js';

/** The named job leases (`job_leases`): taken, renewed and released in one statement each. */

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

/** Ends the holder's lease now, so another server may take it at once (not after it lapses). */
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
