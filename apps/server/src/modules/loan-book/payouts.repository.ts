import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../plugins/db.js';
import { customers } from './customers.table.js';
import { loanOrders } from './loan-orders.table.js';
import { payouts, type PayoutRow, type PayoutStatus } from './payouts.table.js';

export type NewPayout = typeof payouts.$inferInsert;
export type PayoutPatch = Partial<NewPayout>;

/** Earlier disbursal attempts that came to nothing: the new payout's `failCount`. */
export async function countFailedDisbursals(tx: Executor, orderId: number): Promise<number> {
  const [failed] = await tx
    .select({ n: count() })
    .from(payouts)
    .where(
      and(
        eq(payouts.orderId, orderId),
        eq(payouts.purpose, 'disbursal'),
        inArray(payouts.status, ['failed', 'reversed']),
      ),
    );
  return failed?.n ?? 0;
}

export async function insertPayout(tx: Executor, values: NewPayout): Promise<PayoutRow> {
  const [payout] = await tx.insert(payouts).values(values).returning();
  return payout!;
}

/** Undefined on a unique conflict: in practice, the order already has a live one of its purpose. */
export async function insertPayoutUnlessLive(
  tx: Executor,
  values: NewPayout,
): Promise<PayoutRow | undefined> {
  const [payout] = await tx.insert(payouts).values(values).onConflictDoNothing().returning();
  return payout;
}

export function payoutsOfOrder(db: Executor, orderId: number): Promise<PayoutRow[]> {
  return db.select().from(payouts).where(eq(payouts.orderId, orderId)).orderBy(asc(payouts.id));
}

/**
 * The payouts through `channel` processed on an India date, disbursals and refunds, those
 * reversed since included (the money left that day): the book's side of a payout day.
 */
export function payoutsProcessedOn(
  db: Executor,
  channel: string,
  date: string,
): Promise<Pick<PayoutRow, 'id' | 'orderId' | 'amountPaise'>[]> {
  return db
    .select({ id: payouts.id, orderId: payouts.orderId, amountPaise: payouts.amountPaise })
    .from(payouts)
    .where(
      and(
        eq(payouts.processedDate, date),
        eq(payouts.channel, channel),
        inArray(payouts.status, ['processed', 'reversed']),
      ),
    );
}

/** The order of each of these payouts (those the book has). */
export function ordersOfPayouts(
  db: Executor,
  payoutIds: readonly number[],
): Promise<Pick<PayoutRow, 'id' | 'orderId'>[]> {
  return db
    .select({ id: payouts.id, orderId: payouts.orderId })
    .from(payouts)
    .where(inArray(payouts.id, [...payoutIds]));
}

/** The channel the order's processed disbursal was paid through, if it was paid. */
export async function disbursalChannelOf(
  db: Executor,
  orderId: number,
): Promise<string | undefined> {
  const [disbursal] = await db
    .select({ channel: payouts.channel })
    .from(payouts)
    .where(
      and(
        eq(payouts.orderId, orderId),
        eq(payouts.purpose, 'disbursal'),
        eq(payouts.status, 'processed'),
      ),
    );
  return disbursal?.channel;
}

export async function findPayout(db: Executor, payoutId: number): Promise<PayoutRow | undefined> {
  const [row] = await db.select().from(payouts).where(eq(payouts.id, payoutId));
  return row;
}

export async function lockPayout(tx: Executor, payoutId: number): Promise<PayoutRow | undefined> {
  const [row] = await tx.select().from(payouts).where(eq(payouts.id, payoutId)).for('update');
  return row;
}

export async function updatePayout(tx: Executor, payoutId: number, patch: PayoutPatch) {
  await tx.update(payouts).set(patch).where(eq(payouts.id, payoutId));
}

/**
 * Only a queued payout moves, so a gateway's later report is never overwritten; false when
 * the payout was not queued.
 */
export async function markQueuedPayoutUnknown(
  db: Executor,
  payoutId: number,
  errorMessage: string,
  at: Date,
): Promise<boolean> {
  const updated = await db
    .update(payouts)
    .set({ status: 'unknown', errorMessage, updatedAt: at })
    .where(and(eq(payouts.id, payoutId), eq(payouts.status, 'queued')))
    .returning({ id: payouts.id });
  return updated.length > 0;
}

function instructionQuery(db: Executor) {
  return db
    .select({
      payoutId: payouts.id,
      orderId: payouts.orderId,
      purpose: payouts.purpose,
      status: payouts.status,
      idempotencyKey: payouts.idempotencyKey,
      amountPaise: payouts.amountPaise,
      name: customers.name,
      accountNumber: customers.bankAccountNumber,
      ifsc: customers.ifsc,
      verified: customers.bankAccountVerified,
      updatedAt: payouts.updatedAt,
    })
    .from(payouts)
    .innerJoin(loanOrders, eq(loanOrders.id, payouts.orderId))
    .innerJoin(customers, eq(customers.id, loanOrders.customerId));
}

/** A payout with its borrower's bank account, as a gateway instruction is built from. */
export type PayoutInstructionRow = Awaited<ReturnType<typeof instructionQuery>>[number];

export async function findPayoutInstructionRow(
  db: Executor,
  payoutId: number,
): Promise<PayoutInstructionRow | undefined> {
  const [row] = await instructionQuery(db).where(eq(payouts.id, payoutId));
  return row;
}

export function payoutInstructionRowsIn(
  db: Executor,
  statuses: readonly PayoutStatus[],
  limit: number,
): Promise<PayoutInstructionRow[]> {
  return instructionQuery(db)
    .where(inArray(payouts.status, [...statuses]))
    .orderBy(asc(payouts.id))
    .limit(limit);
}

/** How many payouts the book holds in each status (the `lending_payouts` gauge of /metrics). */
export async function payoutsByStatus(db: Executor): Promise<{ status: string; count: number }[]> {
  const rows = await db
    .select({ status: payouts.status, count: count() })
    .from(payouts)
    .groupBy(payouts.status)
    .orderBy(payouts.status);
  return rows.map((row) => ({ status: row.status, count: Number(row.count) }));
}
