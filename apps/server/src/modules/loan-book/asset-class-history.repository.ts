import { asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../plugins/db.js';
import { assetClassHistory, loanOrders } from './loan-orders.table.js';

/** The borrower's order whose NPA pulled another in (reason borrowerNpa). */
const causeOrder = alias(loanOrders, 'cause_order');

/**
 * Every change of an order's asset class, oldest first, with the number of the order that
 * caused a borrower-level NPA (null for any other reason).
 */
export function assetClassHistoryOf(db: Executor, orderId: number) {
  return db
    .select({
      businessDate: assetClassHistory.businessDate,
      fromClass: assetClassHistory.fromClass,
      toClass: assetClassHistory.toClass,
      daysPastDue: assetClassHistory.daysPastDue,
      reason: assetClassHistory.reason,
      causeOrderNo: causeOrder.orderNo,
      at: assetClassHistory.at,
    })
    .from(assetClassHistory)
    .leftJoin(causeOrder, eq(causeOrder.id, assetClassHistory.causeOrderId))
    .where(eq(assetClassHistory.orderId, orderId))
    .orderBy(asc(assetClassHistory.id));
}
