import { and, desc, eq } from 'drizzle-orm';
import type { Executor, Transaction } from '../../plugins/db.js';
import { paymentRequests, type PaymentRequestRow } from './payment-requests.table.js';

/** Supersedes the order's open request, if it has one. */
export async function supersedeOpenRequest(tx: Executor, orderId: number, at: Date) {
  await tx
    .update(paymentRequests)
    .set({ status: 'superseded', settledAt: at })
    .where(and(eq(paymentRequests.orderId, orderId), eq(paymentRequests.status, 'open')));
}

export async function insertPaymentRequest(
  tx: Executor,
  values: typeof paymentRequests.$inferInsert,
): Promise<PaymentRequestRow> {
  const [row] = await tx.insert(paymentRequests).values(values).returning();
  return row!;
}

/**
 * The open request a credit pays: the customer's, priced for the business date the credit is
 * applied on, for exactly the credited amount (the latest if several orders match). Locked,
 * so two credits cannot pay the same request.
 */
export async function payableRequest(
  tx: Transaction,
  credit: { customerId: number; amountPaise: bigint; businessDate: string },
): Promise<PaymentRequestRow | undefined> {
  const [row] = await tx
    .select()
    .from(paymentRequests)
    .where(
      and(
        eq(paymentRequests.customerId, credit.customerId),
        eq(paymentRequests.status, 'open'),
        eq(paymentRequests.businessDate, credit.businessDate),
        eq(paymentRequests.amountPaise, credit.amountPaise),
      ),
    )
    .orderBy(desc(paymentRequests.id))
    .limit(1)
    .for('update');
  return row;
}

export async function markRequestPaid(
  tx: Transaction,
  requestId: number,
  creditId: number,
  at: Date,
): Promise<void> {
  await tx
    .update(paymentRequests)
    .set({ status: 'paid', creditId, settledAt: at })
    .where(eq(paymentRequests.id, requestId));
}
