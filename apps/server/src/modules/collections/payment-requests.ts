import { and, desc, eq } from 'drizzle-orm';
import type { Executor, Transaction } from '../../plugins/db.js';
import {
  paymentRequests,
  type PaymentPurpose,
  type PaymentRequestRow,
} from './payment-requests.table.js';

/**
 * Opens the borrower's request to pay for a rollover or a cooling-off exit at today's price;
 * an open request of the same order (yesterday's price, or the other purpose) is superseded.
 */
export async function openPaymentRequest(
  db: Executor,
  input: {
    orderId: number;
    customerId: number;
    purpose: PaymentPurpose;
    amountPaise: bigint;
    businessDate: string;
    at: Date;
  },
): Promise<PaymentRequestRow> {
  return db.transaction(async (tx) => {
    await tx
      .update(paymentRequests)
      .set({ status: 'superseded', settledAt: input.at })
      .where(and(eq(paymentRequests.orderId, input.orderId), eq(paymentRequests.status, 'open')));
    const [row] = await tx
      .insert(paymentRequests)
      .values({
        orderId: input.orderId,
        customerId: input.customerId,
        purpose: input.purpose,
        amountPaise: input.amountPaise,
        businessDate: input.businessDate,
        status: 'open',
        createdAt: input.at,
      })
      .returning();
    return row!;
  });
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
