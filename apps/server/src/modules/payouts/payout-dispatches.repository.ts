import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../plugins/db.js';
import { payoutDispatches, type PayoutDispatchRow } from './payout-dispatches.table.js';

/** The dispatch rows (what the server knows of each payout at the gateway): every query on them. */

export async function findDispatch(
  db: Executor,
  payoutId: number,
): Promise<PayoutDispatchRow | undefined> {
  const [row] = await db
    .select()
    .from(payoutDispatches)
    .where(eq(payoutDispatches.payoutId, payoutId));
  return row;
}

/** Notes an error on the dispatch row, and when to look at the payout again. */
export async function noteDispatchError(
  db: Executor,
  payoutId: number,
  note: { lastError: string; nextCheckAt: Date; at: Date },
): Promise<void> {
  await db
    .update(payoutDispatches)
    .set({ lastError: note.lastError, nextCheckAt: note.nextCheckAt, updatedAt: note.at })
    .where(eq(payoutDispatches.payoutId, payoutId));
}

/** Notes a reconciliation break on the dispatch row (its next check stays). */
export async function noteDispatchBreak(
  db: Executor,
  payoutId: number,
  lastError: string,
  at: Date,
): Promise<void> {
  await db
    .update(payoutDispatches)
    .set({ lastError, updatedAt: at })
    .where(eq(payoutDispatches.payoutId, payoutId));
}

export async function setNextDispatchCheck(
  db: Executor,
  payoutId: number,
  nextCheckAt: Date,
  at: Date,
): Promise<void> {
  await db
    .update(payoutDispatches)
    .set({ nextCheckAt, updatedAt: at })
    .where(eq(payoutDispatches.payoutId, payoutId));
}

interface NewDispatch {
  payoutId: number;
  provider: string;
  reference: string;
  nextCheckAt: Date;
  at: Date;
}

/** Records one more send of the payout: its row made (first send) or its attempts counted. */
export async function recordDispatchAttempt(db: Executor, dispatch: NewDispatch): Promise<void> {
  const { at, ...row } = dispatch;
  await db
    .insert(payoutDispatches)
    .values({ ...row, attempts: 1, createdAt: at, updatedAt: at })
    .onConflictDoUpdate({
      target: payoutDispatches.payoutId,
      set: {
        attempts: sql`${payoutDispatches.attempts} + 1`,
        nextCheckAt: dispatch.nextCheckAt,
        updatedAt: at,
      },
    });
}

/** Counts a status lookup of the payout and sets its next check. */
export async function recordDispatchLookup(
  db: Executor,
  payoutId: number,
  nextCheckAt: Date,
): Promise<void> {
  await db
    .update(payoutDispatches)
    .set({ lookups: sql`${payoutDispatches.lookups} + 1`, nextCheckAt })
    .where(eq(payoutDispatches.payoutId, payoutId));
}

/**
 * Claims a due dispatch row: moves its next check to `nextCheckAt` if it was due at `now`, in
 * one conditional statement. False when it was not due (another server claimed it).
 */
export async function claimDueDispatch(
  db: Executor,
  payoutId: number,
  now: Date,
  nextCheckAt: Date,
): Promise<boolean> {
  const claimed = await db
    .update(payoutDispatches)
    .set({ nextCheckAt })
    .where(and(eq(payoutDispatches.payoutId, payoutId), lte(payoutDispatches.nextCheckAt, now)))
    .returning({ payoutId: payoutDispatches.payoutId });
  return claimed.length === 1;
}

/** Makes the payout's dispatch row with no attempt yet; false when it already has one. */
export async function insertDispatchUnlessExists(
  db: Executor,
  dispatch: NewDispatch,
): Promise<boolean> {
  const { at, ...row } = dispatch;
  const made = await db
    .insert(payoutDispatches)
    .values({ ...row, attempts: 0, createdAt: at, updatedAt: at })
    .onConflictDoNothing()
    .returning({ payoutId: payoutDispatches.payoutId });
  return made.length === 1;
}

/**
 * Records what the gateway reported of a payout: the row made if missing, else the gateway's id
 * kept once known, and the reported status kept only if it ranks above the one recorded
 * (`rankOf`: the caller's order of the gateway's statuses).
 */
export async function recordGatewayReport(
  db: Executor,
  report: {
    payoutId: number;
    provider: string;
    reference: string;
    gatewayPayoutId: string;
    gatewayStatus: string;
    at: Date;
  },
  rankOf: Readonly<Record<string, number>>,
): Promise<void> {
  const { payoutId, provider, reference, gatewayPayoutId, gatewayStatus, at } = report;
  const d = payoutDispatches;
  await db
    .insert(d)
    .values({
      payoutId,
      provider,
      reference,
      gatewayPayoutId,
      gatewayStatus,
      nextCheckAt: at,
      createdAt: at,
      updatedAt: at,
    })
    .onConflictDoUpdate({
      target: d.payoutId,
      set: {
        gatewayPayoutId: sql`coalesce(${d.gatewayPayoutId}, ${gatewayPayoutId})`,
        gatewayStatus: sql`case when ${d.gatewayStatus} is null or (case ${d.gatewayStatus} ${sql.raw(
          Object.entries(rankOf)
            .map(([status, rank]) => `when '${status}' then ${rank}`)
            .join(' '),
        )} end) < ${rankOf[gatewayStatus]} then ${gatewayStatus} else ${d.gatewayStatus} end`,
        updatedAt: at,
      },
    });
}

/** The reference and gateway id of each of these payouts that has a dispatch row. */
export function gatewayReferencesOf(db: Executor, payoutIds: readonly number[]) {
  return db
    .select({
      payoutId: payoutDispatches.payoutId,
      reference: payoutDispatches.reference,
      gatewayPayoutId: payoutDispatches.gatewayPayoutId,
    })
    .from(payoutDispatches)
    .where(inArray(payoutDispatches.payoutId, [...payoutIds]));
}
