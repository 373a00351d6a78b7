import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database, Transaction } from '../../plugins/db.js';
import { AppError } from '../../shared/app-error.js';
import type { Clock } from '../../shared/clock.js';
import type { LoanBookDeps } from '../loan-book/index.js';
import {
  registerRazorpayWebhook,
  type RazorpayEvent,
} from '../../integrations/razorpay/razorpay-webhook-route.js';
import { accountNumberOfProviderAccount } from './collections.repository.js';
import { applyCollectionCredit } from './collections.service.js';
import {
  bankReceiverOf,
  RAZORPAY_SMART_COLLECT_PROVIDER,
} from '../../integrations/collections/razorpay-smart-collect.js';

/** The parts of `virtual_account.credited` a credit is made of. */
const creditedPayloadSchema = z
  .object({
    payment: z.object({
      entity: z
        .object({
          id: z.string().min(1).max(100),
          amount: z.int().min(1).max(Number.MAX_SAFE_INTEGER),
          currency: z.string(),
          method: z.string(),
          created_at: z.int().min(0),
        })
        .loose(),
    }),
    virtual_account: z.object({
      entity: z
        .object({
          id: z.string().min(1).max(100),
          receivers: z
            .array(z.object({ entity: z.string(), account_number: z.string().optional() }).loose())
            .default([]),
        })
        .loose(),
    }),
    bank_transfer: z
      .object({ entity: z.object({ bank_reference: z.string().nullish() }).loose() })
      .optional(),
    upi_transfer: z
      .object({ entity: z.object({ npci_reference_id: z.string().nullish() }).loose() })
      .optional(),
  })
  .loose();

export const VIRTUAL_ACCOUNT_CREDITED = 'virtual_account.credited';

/**
 * A `virtual_account.credited` event → the credit `applyCollectionCredit` takes (payment id,
 * account number, method, paise, when), applied in the caller's transaction. The account is
 * found by Razorpay's virtual account id in our rows — a UPI credit names no account number —
 * else by the bank receiver in the payload, so an account we do not know still leaves an
 * `unmatched` credit for reconciliation rather than a refused webhook. Other events, and
 * methods we never ask for (cards through a QR code), are recorded and left alone.
 */
export async function applyRazorpayCollectionEvent(
  tx: Transaction,
  loanBook: LoanBookDeps,
  event: RazorpayEvent,
  eventId: string,
  at: Date,
): Promise<void> {
  if (event.event !== VIRTUAL_ACCOUNT_CREDITED) return;
  const parsed = creditedPayloadSchema.safeParse(event.payload);
  if (!parsed.success) throw AppError.invalid('payload', 'not a virtual account credit');
  const payment = parsed.data.payment.entity;
  const account = parsed.data.virtual_account.entity;
  const method = payment.method;
  if ((method !== 'bank_transfer' && method !== 'upi') || payment.currency !== 'INR') return;
  const known = await accountNumberOfProviderAccount(
    tx,
    RAZORPAY_SMART_COLLECT_PROVIDER,
    account.id,
  );
  const accountNumber = known ?? bankReceiverOf(account)?.account_number ?? account.id;
  const payerReference =
    parsed.data.bank_transfer?.entity.bank_reference ??
    parsed.data.upi_transfer?.entity.npci_reference_id ??
    '';
  await applyCollectionCredit(
    tx,
    loanBook,
    RAZORPAY_SMART_COLLECT_PROVIDER,
    {
      id: eventId,
      type: event.event,
      data: {
        paymentId: payment.id,
        accountNumber: accountNumber.slice(0, 40),
        method,
        amountPaise: payment.amount,
        payerReference: payerReference.slice(0, 200),
        creditedAt: new Date(payment.created_at * 1000).toISOString(),
      },
    },
    at,
  );
}

/** `POST /webhooks/collections/razorpay` on the shared Razorpay webhook route. */
export async function registerRazorpayCollectionsWebhook(
  app: FastifyInstance,
  options: { path: string; secret: string; db: Database; clock: Clock; loanBook: LoanBookDeps },
): Promise<void> {
  await registerRazorpayWebhook(app, {
    path: options.path,
    provider: RAZORPAY_SMART_COLLECT_PROVIDER,
    summary: `Razorpay Smart Collect credits (${VIRTUAL_ACCOUNT_CREDITED}, bank transfer or UPI in INR); other events and methods are recorded and left alone. The payload below is read only from ${VIRTUAL_ACCOUNT_CREDITED}`,
    payload: creditedPayloadSchema,
    secret: options.secret,
    db: options.db,
    clock: options.clock,
    apply: (tx, event, eventId, at) =>
      applyRazorpayCollectionEvent(tx, options.loanBook, event, eventId, at),
  });
}
