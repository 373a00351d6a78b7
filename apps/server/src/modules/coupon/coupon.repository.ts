import type { couponListBodySchema, sentCouponListBodySchema } from '@lending/contract';
import { and, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../plugins/db.js';
import { containsPattern, indiaDayRange, runList } from '../../shared/list-query.js';
import { borrowerAccounts } from '../borrower-app/tables.js';
import { customers, loanOrders } from '../loan-book/tables.js';
import { staffUsers } from '../user/tables.js';
import {
  couponBatches,
  coupons,
  issuedCoupons,
  type CouponRow,
  type IssuedCouponRow,
} from './coupon.table.js';

/** The coupon templates, issued coupons and send batches: every query of the module. */

export type NewCoupon = typeof coupons.$inferInsert;
type NewBatch = typeof couponBatches.$inferInsert;
type NewIssuedCoupon = typeof issuedCoupons.$inferInsert;
type CouponBatchRow = typeof couponBatches.$inferSelect;

const usedCount = sql<number>`(select count(*)::int from ${issuedCoupons} i where i.coupon_id = ${coupons.id} and i.status = 'used')`;

export function couponPage(db: Executor, body: z.output<typeof couponListBodySchema>) {
  return runList(
    db,
    {
      select: () => db.select({ coupon: coupons, used: usedCount }).from(coupons),
      where: {
        title: (title) => ilike(coupons.title, containsPattern(title)),
        status: (status) => eq(coupons.status, status),
        target: (target) => eq(coupons.target, target),
      },
      sortColumns: { id: coupons.id, expiresOn: coupons.expiresOn, createdAt: coupons.createdAt },
      defaultSort: { field: 'id', order: 'desc' },
      id: coupons.id,
    },
    body,
  );
}

export async function findCoupon(db: Executor, id: number): Promise<CouponRow | undefined> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id));
  return row;
}

/** The coupon's row, locked for the transaction (edits and sends of one coupon take turns). */
export async function lockCouponRow(tx: Executor, id: number): Promise<CouponRow | undefined> {
  const [row] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('update');
  return row;
}

export async function insertCoupon(tx: Executor, values: NewCoupon): Promise<CouponRow> {
  const [row] = await tx.insert(coupons).values(values).returning();
  return row!;
}

export async function updateCoupon(
  db: Executor,
  id: number,
  values: Partial<NewCoupon>,
): Promise<CouponRow | undefined> {
  const [row] = await db.update(coupons).set(values).where(eq(coupons.id, id)).returning();
  return row;
}

export async function deleteCouponRow(tx: Executor, id: number): Promise<void> {
  await tx.delete(coupons).where(eq(coupons.id, id));
}

export async function usedCountOf(db: Executor, couponId: number): Promise<number> {
  const [used] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(issuedCoupons)
    .where(and(eq(issuedCoupons.couponId, couponId), eq(issuedCoupons.status, 'used')));
  return Number(used?.n ?? 0);
}

/** Claims a send's idempotency key with its batch row; undefined when the key was used. */
export async function claimBatch(tx: Executor, values: NewBatch) {
  const [claimed] = await tx
    .insert(couponBatches)
    .values(values)
    .onConflictDoNothing({ target: couponBatches.idempotencyKey })
    .returning();
  return claimed;
}

export async function batchOfKey(
  tx: Executor,
  idempotencyKey: string,
): Promise<CouponBatchRow | undefined> {
  const [batch] = await tx
    .select()
    .from(couponBatches)
    .where(eq(couponBatches.idempotencyKey, idempotencyKey));
  return batch;
}

export async function setBatchResult(
  tx: Executor,
  batchId: number,
  result: { sent: number; alreadyHeld: number; blacklisted: number },
): Promise<void> {
  await tx.update(couponBatches).set(result).where(eq(couponBatches.id, batchId));
}

/** The borrower accounts that already hold the coupon. */
export async function holdersOf(tx: Executor, couponId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: issuedCoupons.borrowerAccountId })
    .from(issuedCoupons)
    .where(eq(issuedCoupons.couponId, couponId));
  return rows.map((row) => row.id);
}

/** Issues coupons in statements of a thousand rows (a send may reach the whole book). */
export async function insertIssuedCoupons(tx: Executor, rows: NewIssuedCoupon[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 1000) {
    await tx.insert(issuedCoupons).values(rows.slice(start, start + 1000));
  }
}

export function sentCouponPage(
  db: Executor,
  body: z.output<typeof sentCouponListBodySchema>,
  today: string,
) {
  return runList(
    db,
    {
      select: () =>
        db
          .select({
            issued: issuedCoupons,
            couponTitle: coupons.title,
            name: sql<string>`coalesce(${customers.name}, ${borrowerAccounts.name}, '')`,
            phone: borrowerAccounts.phone,
            orderNo: loanOrders.orderNo,
            sentBy: staffUsers.name,
          })
          .from(issuedCoupons)
          .innerJoin(coupons, eq(coupons.id, issuedCoupons.couponId))
          .innerJoin(couponBatches, eq(couponBatches.id, issuedCoupons.batchId))
          .innerJoin(borrowerAccounts, eq(borrowerAccounts.id, issuedCoupons.borrowerAccountId))
          .leftJoin(customers, eq(customers.id, borrowerAccounts.customerId))
          .leftJoin(loanOrders, eq(loanOrders.id, issuedCoupons.orderId))
          .leftJoin(staffUsers, eq(staffUsers.id, couponBatches.sentBy)),
      where: {
        couponId: (id) => eq(issuedCoupons.couponId, id),
        phone: (phone) => eq(borrowerAccounts.phone, phone),
        state: (state) =>
          state === 'used'
            ? eq(issuedCoupons.status, 'used')
            : and(
                eq(issuedCoupons.status, 'unused'),
                state === 'expired'
                  ? sql`${issuedCoupons.expiresOn} < ${today}`
                  : sql`${issuedCoupons.expiresOn} >= ${today}`,
              ),
        ...indiaDayRange(issuedCoupons.sentAt, 'sentFrom', 'sentTo'),
      },
      sortColumns: { id: issuedCoupons.id, sentAt: issuedCoupons.sentAt },
      defaultSort: { field: 'id', order: 'desc' },
      id: issuedCoupons.id,
    },
    body,
  );
}

/** A borrower's coupons with their templates, newest first. */
export function couponsOfBorrower(db: Executor, borrowerId: number) {
  return db
    .select({ issued: issuedCoupons, coupon: coupons })
    .from(issuedCoupons)
    .innerJoin(coupons, eq(coupons.id, issuedCoupons.couponId))
    .where(eq(issuedCoupons.borrowerAccountId, borrowerId))
    .orderBy(sql`${issuedCoupons.id} desc`);
}

/** Used by the simulator: the ids of coupons a set of borrowers hold unused and unexpired. */
export async function usableCouponsOf(db: Executor, borrowerIds: number[], today: string) {
  if (borrowerIds.length === 0) return [];
  return db
    .select({ id: issuedCoupons.id, borrowerAccountId: issuedCoupons.borrowerAccountId })
    .from(issuedCoupons)
    .where(
      and(
        inArray(issuedCoupons.borrowerAccountId, borrowerIds),
        eq(issuedCoupons.status, 'unused'),
        sql`${issuedCoupons.expiresOn} >= ${today}`,
      ),
    );
}

/** The customer behind a borrower account (null until the borrower has a profile). */
export async function customerOfAccount(db: Executor, borrowerId: number) {
  const [account] = await db
    .select({ customerId: borrowerAccounts.customerId })
    .from(borrowerAccounts)
    .where(eq(borrowerAccounts.id, borrowerId));
  return account?.customerId ?? null;
}

/** An issued coupon, locked for the transaction that may use it. */
export async function lockIssuedCoupon(
  tx: Executor,
  issuedId: number,
): Promise<IssuedCouponRow | undefined> {
  const [held] = await tx
    .select()
    .from(issuedCoupons)
    .where(eq(issuedCoupons.id, issuedId))
    .for('update');
  return held;
}

/** Whether an order already has a coupon used on it (one coupon per loan). */
export async function orderHasCoupon(tx: Executor, orderId: number): Promise<boolean> {
  const [onLoan] = await tx
    .select({ id: issuedCoupons.id })
    .from(issuedCoupons)
    .where(eq(issuedCoupons.orderId, orderId));
  return Boolean(onLoan);
}

export async function markIssuedCouponUsed(
  tx: Executor,
  issuedId: number,
  use: { usedAt: Date; orderId: number; reducedPaise: bigint; journalId: number },
): Promise<void> {
  await tx
    .update(issuedCoupons)
    .set({ status: 'used', ...use })
    .where(eq(issuedCoupons.id, issuedId));
}
