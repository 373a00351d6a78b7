import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../plugins/db.js';
import {
  waiverRequests,
  type WaiverRequestKind,
  type WaiverRequestStatus,
} from './waiver-requests.table.js';

export type WaiverRequestRow = typeof waiverRequests.$inferSelect;
type NewWaiverRequest = typeof waiverRequests.$inferInsert;

/** Every waiver and write-off request of an order, oldest first (the order detail's list). */
export function requestsOfOrder(db: Executor, orderId: number) {
  return db
    .select()
    .from(waiverRequests)
    .where(eq(waiverRequests.orderId, orderId))
    .orderBy(asc(waiverRequests.id));
}

/** Waivers and write-offs waiting for the checker, oldest first. */
export function pendingWaiverRequests(db: Executor) {
  return db
    .select({
      id: waiverRequests.id,
      orderId: waiverRequests.orderId,
      kind: waiverRequests.kind,
      requestedAt: waiverRequests.requestedAt,
    })
    .from(waiverRequests)
    .where(eq(waiverRequests.status, 'pending'))
    .orderBy(asc(waiverRequests.id));
}

export async function findRequest(db: Executor, id: number): Promise<WaiverRequestRow | undefined> {
  const [request] = await db.select().from(waiverRequests).where(eq(waiverRequests.id, id));
  return request;
}

/** The request the maker's idempotency key made, if any. */
export async function requestOfKey(
  db: Executor,
  idempotencyKey: string,
): Promise<WaiverRequestRow | undefined> {
  const [request] = await db
    .select()
    .from(waiverRequests)
    .where(eq(waiverRequests.idempotencyKey, idempotencyKey));
  return request;
}

/** Undefined when the key is taken or a request of the order is pending already. */
export async function insertRequest(
  db: Executor,
  values: NewWaiverRequest,
): Promise<WaiverRequestRow | undefined> {
  const [created] = await db
    .insert(waiverRequests)
    .values(values)
    .onConflictDoNothing()
    .returning();
  return created;
}

/** A request of this kind, locked for the transaction (another kind's id is not found). */
export async function lockRequestOfKind(
  tx: Executor,
  kind: WaiverRequestKind,
  id: number,
): Promise<WaiverRequestRow | undefined> {
  const [request] = await tx
    .select()
    .from(waiverRequests)
    .where(and(eq(waiverRequests.id, id), eq(waiverRequests.kind, kind)))
    .for('update');
  return request;
}

/** A checker's decision, written on the request only while it is pending. */
export async function decidePendingRequest(
  tx: Executor,
  id: number,
  decision: Pick<
    NewWaiverRequest,
    'status' | 'decidedBy' | 'decidedAt' | 'approvalKey' | 'decisionReason'
  >,
): Promise<void> {
  await tx
    .update(waiverRequests)
    .set(decision)
    .where(and(eq(waiverRequests.id, id), eq(waiverRequests.status, 'pending')));
}

/** Lapses the order's pending requests of these kinds; returns those it lapsed. */
export function lapsePendingRequests(
  tx: Executor,
  orderId: number,
  kinds: readonly WaiverRequestKind[],
  lapse: { decidedAt: Date; lapseEvent: string; decisionReason: string },
): Promise<WaiverRequestRow[]> {
  return tx
    .update(waiverRequests)
    .set({ ...lapse, status: 'lapsed' satisfies WaiverRequestStatus })
    .where(
      and(
        eq(waiverRequests.orderId, orderId),
        eq(waiverRequests.status, 'pending'),
        inArray(waiverRequests.kind, [...kinds]),
      ),
    )
    .returning();
}
