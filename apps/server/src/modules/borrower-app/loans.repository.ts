import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../plugins/db.js';
import { customers, loanOrders } from '../loan-book/tables.js';

/** The customer's orders, newest first (read-only view of the loan book's rows). */
export function ordersOfCustomer(db: Executor, customerId: number) {
  return db
    .select()
    .from(loanOrders)
    .where(eq(loanOrders.customerId, customerId))
    .orderBy(desc(loanOrders.id));
}

export async function orderOfCustomer(db: Executor, customerId: number, orderId: number) {
  const [row] = await db
    .select()
    .from(loanOrders)
    .where(and(eq(loanOrders.id, orderId), eq(loanOrders.customerId, customerId)));
  return row;
}

export async function hasOrderIn(db: Executor, customerId: number, statuses: string[]) {
  const rows = await db
    .select({ id: loanOrders.id })
    .from(loanOrders)
    .where(
      and(eq(loanOrders.customerId, customerId), inArray(loanOrders.status, statuses as never[])),
    )
    .limit(1);
  return rows.length > 0;
}

export async function bankAccountOfCustomer(db: Executor, customerId: number) {
  const [row] = await db
    .select({
      bankName: customers.bankName,
      accountNumber: customers.bankAccountNumber,
      ifsc: customers.ifsc,
      name: customers.name,
    })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row;
}

/** When the customer's latest rejected order was rejected (its last change), or undefined. */
/**
 * The customer's latest rejected order: when, and the re-apply days of the rejection code the
 * reviewer chose (0 when none, or a machine rejection).
 */
export async function lastRejection(db: Executor, customerId: number) {
  const [row] = await db
    .select({
      at: loanOrders.updatedAt,
      codeDays: sql<number>`coalesce((select max(c.reapply_after_days) from review_tasks t
        join rejection_codes c on c.id = t.rejection_code_id
        where t.order_id = loan_orders.id and t.decision = 'reject'), 0)::int`,
    })
    .from(loanOrders)
    .where(and(eq(loanOrders.customerId, customerId), eq(loanOrders.status, 'REJECTED')))
    .orderBy(desc(loanOrders.updatedAt))
    .limit(1);
  return row ? { at: row.at, codeDays: Number(row.codeDays) } : undefined;
}
