import type { Executor } from '../../plugins/db.js';
import { insertPaymentRequest, supersedeOpenRequest } from './payment-requests.repository.js';
import type { PaymentPurpose, PaymentRequestRow } from './payment-requests.table.js';

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
    await supersedeOpenRequest(tx, input.orderId, input.at);
    return insertPaymentRequest(tx, {
      orderId: input.orderId,
      customerId: input.customerId,
      purpose: input.purpose,
      amountPaise: input.amountPaise,
      businessDate: input.businessDate,
      status: 'open',
      createdAt: input.at,
    });
  });
}
