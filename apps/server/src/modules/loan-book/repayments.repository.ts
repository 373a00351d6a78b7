import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { PgInsertValue, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Executor } from '../../plugins/db.js';
import { customers } from './customers.table.js';
import { loanOrders } from './loan-orders.table.js';
import { repayments, rollovers, type RepaymentRow, type RolloverRow } from './repayments.table.js';

/** Values may be SQL: the serial number comes from a database sequence. */
export type NewRepayment = PgInsertValue<typeof repayments>;
export type RepaymentPatch = PgUpdateSetSource<typeof repayments>;

const repaymentValueDate = sql<string>`coalesce(${repayments.valueDate}, ${repayments.businessDate})`;

export async function insertRepayment(tx: Executor, values: NewRepayment): Promise<RepaymentRow> {
  const [row] = await tx.insert(repayments).values(values).returning();
  return row!;
}

export async function updateRepayment(tx: Executor, repaymentId: number, patch: RepaymentPatch) {
  await tx.update(repayments).set(patch).where(eq(repayments.id, repaymentId));
}

export async function insertRollover(tx: Executor, values: typeof rollovers.$inferInsert) {
  await tx.insert(rollovers).values(values);
}

export function repaymentsOfOrder(db: Executor, orderId: number): Promise<RepaymentRow[]> {
  return db
    .select()
    .from(repayments)
    .where(eq(repayments.orderId, orderId))
    .orderBy(asc(repayments.id));
}

export function rolloversOfOrder(db: Executor, orderId: number): Promise<RolloverRow[]> {
  return db
    .select()
    .from(rollovers)
    .where(eq(rollovers.orderId, orderId))
    .orderBy(asc(rollovers.rolloverNumber));
}

export async function findRepaymentByGatewayPayment(
  tx: Executor,
  gatewayPaymentId: string,
): Promise<RepaymentRow | undefined> {
  const [row] = await tx
    .select()
    .from(repayments)
    .where(eq(repayments.gatewayPaymentId, gatewayPaymentId));
  return row;
}

/** Read before the order is locked: the order command needs to know which order to lock. */
export async function orderIdOfRepayment(
  db: Executor,
  repaymentId: number,
): Promise<number | undefined> {
  const [found] = await db
    .select({ orderId: repayments.orderId })
    .from(repayments)
    .where(eq(repayments.id, repaymentId));
  return found?.orderId;
}

/** A repayment with its order, and whether the borrower's bank account is verified. */
export async function repaymentWithOrder(db: Executor, repaymentId: number) {
  const [row] = await db
    .select({
      repayment: repayments,
      order: loanOrders,
      verified: customers.bankAccountVerified,
    })
    .from(repayments)
    .innerJoin(loanOrders, eq(loanOrders.id, repayments.orderId))
    .innerJoin(customers, eq(customers.id, loanOrders.customerId))
    .where(eq(repayments.id, repaymentId));
  return row;
}

export async function lockRepayment(
  tx: Executor,
  repaymentId: number,
): Promise<RepaymentRow | undefined> {
  const [row] = await tx
    .select()
    .from(repayments)
    .where(eq(repayments.id, repaymentId))
    .for('update');
  return row;
}

/** Repayments of an order that still stand (not reversed). */
export async function countLiveRepayments(tx: Executor, orderId: number): Promise<number> {
  const [paid] = await tx
    .select({ n: count() })
    .from(repayments)
    .where(and(eq(repayments.orderId, orderId), eq(repayments.reversed, false)));
  return paid?.n ?? 0;
}

/**
 * Standing full and partial repayments valued after a day (or on it too), in value order: the
 * ones a restatement from that day re-allocates (decision 0022).
 */
export function standingRepaymentsFrom(
  tx: Executor,
  orderId: number,
  from: string,
  valued: 'after' | 'onOrAfter',
): Promise<RepaymentRow[]> {
  return tx
    .select()
    .from(repayments)
    .where(
      and(
        eq(repayments.orderId, orderId),
        eq(repayments.reversed, false),
        inArray(repayments.type, ['full', 'partial']),
        valued === 'after'
          ? sql`${repaymentValueDate} > ${from}`
          : sql`${repaymentValueDate} >= ${from}`,
      ),
    )
    .orderBy(asc(repaymentValueDate), asc(repayments.id));
}

/** Rollover and cooling-off payments valued on or after a day: events a value date cannot precede. */
export function fixedPaymentsFrom(tx: Executor, orderId: number, valueDate: string) {
  return tx
    .select({ type: repayments.type, date: repaymentValueDate })
    .from(repayments)
    .where(
      and(
        eq(repayments.orderId, orderId),
        inArray(repayments.type, ['renew', 'normal']),
        sql`${repaymentValueDate} >= ${valueDate}`,
      ),
    );
}

/** The repayments received on a business date and not reversed (renewals left out), by id. */
export function repaymentsReceivedOn(db: Executor, date: string): Promise<{ id: number }[]> {
  return db
    .select({ id: repayments.id })
    .from(repayments)
    .where(
      and(
        eq(repayments.businessDate, date),
        eq(repayments.reversed, false),
        ne(repayments.type, 'renew'),
      ),
    )
    .orderBy(asc(repayments.id));
}
