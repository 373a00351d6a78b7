import { z } from 'zod';
import { IFSC_CODE_PATTERN, IFSC_INPUT_PATTERN } from '../app/app.schema.js';
import { idSchema } from '../common/fields.js';
import { idempotencyKeySchema, paiseSchema } from '../common/money.js';
import { listRequestSchema, listResultSchema } from '../common/pagination.js';
import { crossFieldRules } from '../common/rules.js';

// ---------------------------------------------------------------------------------------------
// Unapplied credits: money into a virtual account that no loan took (no open loan, unknown
// payer, refused), owed back until refunded (two people) or applied to a later loan with the
// borrower's agreement. The list ages them against the `unapplied_credit_days` setting.

export const unappliedCreditStatusSchema = z.enum(['unmatched', 'refunding']);
/** requested → approved (by a second person, in payment) → paid | failed; or rejected. */
export const creditRefundStatusSchema = z.enum([
  'requested',
  'approved',
  'paid',
  'failed',
  'rejected',
]);
export type CreditRefundStatus = z.infer<typeof creditRefundStatusSchema>;
/** `payer`: back to the account the money came from; `borrower_account`: the borrower's verified one. */
export const creditRefundDestinationSchema = z.enum(['payer', 'borrower_account']);
/** How the borrower agreed to have the credit applied to a loan. */
export const agreementChannelSchema = z.enum(['phone', 'sms', 'email', 'app', 'letter']);

export const creditRefundSchema = z.object({
  id: z.int(),
  creditId: z.int(),
  amountPaise: paiseSchema,
  status: creditRefundStatusSchema,
  destination: creditRefundDestinationSchema,
  /** Masked: the last four digits. */
  accountNumber: z.string(),
  ifsc: z.string(),
  reason: z.string(),
  requestedBy: z.string(),
  requestedAt: z.string(),
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  reviewReason: z.string().nullable(),
  utr: z.string().nullable(),
  failureReason: z.string().nullable(),
});
export type CreditRefund = z.infer<typeof creditRefundSchema>;

export const unappliedCreditRowSchema = z.object({
  id: z.int(),
  paymentId: z.string(),
  creditedAt: z.string(),
  amountPaise: paiseSchema,
  status: unappliedCreditStatusSchema,
  /** Why no loan took it (no open loan, unknown virtual account, refused…). */
  note: z.string().nullable(),
  /** Whole India days since the credit. */
  ageDays: z.int(),
  /** Older than the `unapplied_credit_days` setting. */
  aged: z.boolean(),
  /** The borrower whose virtual account took it (masked); null for an unknown payer. */
  customerName: z.string().nullable(),
  phone: z.string().nullable(),
  /** The virtual account credited, masked. */
  virtualAccount: z.string().nullable(),
  /** The gateway's reference of the payer's transfer (bank reference, UPI reference). */
  payerReference: z.string(),
  /** Whether the borrower has a verified bank account a refund can go to. */
  borrowerAccountVerified: z.boolean(),
  /** The latest refund of the credit, if any. */
  refund: creditRefundSchema.nullable(),
});
export type UnappliedCreditRow = z.infer<typeof unappliedCreditRowSchema>;

export const unappliedCreditFiltersSchema = z.strictObject({
  /** `aged`: older than the `unapplied_credit_days` setting; `recent`: not yet. */
  age: z.enum(['aged', 'recent']).optional(),
  status: unappliedCreditStatusSchema.optional(),
});
export const unappliedCreditBodySchema = listRequestSchema(unappliedCreditFiltersSchema, [
  'id',
  'creditedAt',
  'amountPaise',
]);
export const unappliedCreditRetSchema = listResultSchema(unappliedCreditRowSchema).extend({
  /** The setting the list was aged against. */
  agedAfterDays: z.int(),
});

/** The account a refund to the payer goes to, as the payer's bank reported it. */
export const refundPayeeSchema = z.strictObject({
  name: z.string().trim().min(2).max(100),
  accountNumber: z.string().regex(/^[0-9]{9,18}$/, '9 to 18 digits'),
  ifsc: z
    .string()
    .trim()
    .transform((value) => value.toUpperCase())
    .pipe(z.string().regex(IFSC_CODE_PATTERN, 'not an IFSC (AAAA0XXXXXX)'))
    .meta({
      pattern: IFSC_INPUT_PATTERN.source,
      description: 'An IFSC, AAAA0XXXXXX (letters in either case). Kept in capitals.',
    }),
});

export const requestCreditRefundBodySchema = z
  .strictObject({
    creditId: idSchema,
    destination: creditRefundDestinationSchema,
    /** Required when the refund goes back to the payer. */
    payee: refundPayeeSchema.optional(),
    reason: z.string().trim().min(1).max(500),
    idempotencyKey: idempotencyKeySchema,
  })
  .refine((body) => body.destination !== 'payer' || body.payee !== undefined, {
    message: "the payer's account is needed to refund to the payer",
    path: ['payee'],
  })
  .meta(crossFieldRules('destination payer needs a payee'));

export const reviewCreditRefundBodySchema = z
  .strictObject({
    refundId: idSchema,
    decision: z.enum(['approve', 'reject']),
    reason: z.string().trim().max(500).optional(),
    idempotencyKey: idempotencyKeySchema,
  })
  .refine((body) => body.decision === 'approve' || Boolean(body.reason), {
    message: 'a reason is needed to refuse',
    path: ['reason'],
  })
  .meta(crossFieldRules('decision reject needs a reason'));

export const applyCreditBodySchema = z.strictObject({
  creditId: idSchema,
  /** The borrower's loan opened since the credit (`LN…`). */
  orderNo: z.string().trim().toUpperCase().min(1).max(40),
  agreementChannel: agreementChannelSchema,
  /** Where the agreement is kept: call id, message id, letter number. */
  agreementReference: z.string().trim().min(1).max(200),
  idempotencyKey: idempotencyKeySchema,
});
export const applyCreditRetSchema = z.object({
  creditId: z.int(),
  orderNo: z.string(),
  repaymentId: z.int().nullable(),
});
