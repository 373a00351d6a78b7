import { z } from 'zod';
import { phoneSearchSchema } from '../common/fields.js';
import { indiaDateSchema, paiseSchema } from '../common/money.js';
import { listRequestSchema, listResultSchema } from '../common/pagination.js';
import { withRanges } from '../common/rules.js';
import { loanProductKindSchema } from '../loan-book/loan-book.schema.js';

/**
 * The /loan screens (docs/product.md §2: waitLoanList, loanRecord, loanFlow). Personal data arrives
 * masked; money is integer paise; business dates are India dates, instants ISO strings.
 */

/** A phone searched exactly on the normalised 10-digit column (never a LIKE over it). */
const phoneFilterSchema = phoneSearchSchema.optional();
const orderNoFilterSchema = z.string().trim().max(40).optional();
const channelFilterSchema = z.string().trim().max(50).optional();

/** A payout as the gateway and the book see it (docs/product.md §3 loan flow: disburse status). */
export const payoutStatusSchema = z.enum([
  'queued',
  'processing',
  'processed',
  'failed',
  'reversed',
  'unknown',
]);
export type PayoutStatus = z.infer<typeof payoutStatusSchema>;

/** Loan states: lend success, lend fail, lending. */
export const lendStatusSchema = z.enum(['success', 'fail', 'lending']);
export type LendStatus = z.infer<typeof lendStatusSchema>;

// ---- waitLoanList: approved orders waiting for their payout -------------------------------

export const waitLoanRowSchema = z.object({
  /** The order's id (what `loan.create_payout` and `order.cancel` take). */
  id: z.int(),
  orderNo: z.string(),
  customerName: z.string(),
  phone: z.string(),
  customerType: z.enum(['new', 'old']),
  productKind: loanProductKindSchema,
  bankName: z.string(),
  /** Masked: only the last 4 digits. */
  bankAccount: z.string(),
  ifsc: z.string(),
  /** Penny-drop verified: a payout goes only to the borrower's own verified account. */
  bankAccountVerified: z.boolean(),
  /**
   * The final review approved less than applied for: the payout waits until the borrower
   * accepts the recomputed key fact statement in the app.
   */
  awaitingAcceptance: z.boolean(),
  principalPaise: paiseSchema,
  /** Processing fee and its GST, deducted up front. */
  feesPaise: paiseSchema,
  netDisbursedPaise: paiseSchema,
  tenorDays: z.int(),
  approvedById: z.int().nullable(),
  approvedBy: z.string().nullable(),
  approvedAt: z.string().nullable(),
});
export type WaitLoanRow = z.infer<typeof waitLoanRowSchema>;

export const waitLoanFiltersSchema = withRanges(
  z.strictObject({
    orderNo: orderNoFilterSchema,
    phone: phoneFilterSchema,
    bankAccount: z.enum(['verified', 'unverified']).optional(),
    productKind: loanProductKindSchema.optional(),
    customerType: z.enum(['new', 'old']).optional(),
    /** India dates of the final approval, both inclusive. */
    approvedFrom: indiaDateSchema.optional(),
    approvedTo: indiaDateSchema.optional(),
  }),
  ['approvedFrom', 'approvedTo'],
);
export const waitLoanListBodySchema = listRequestSchema(waitLoanFiltersSchema, [
  'id',
  'approvedAt',
  'principalPaise',
  'netDisbursedPaise',
]);
export const waitLoanListRetSchema = listResultSchema(waitLoanRowSchema);

// ---- loanRecord: each disbursed (or attempted) loan with its latest payout ----------------

export const loanRecordRowSchema = z.object({
  /** The latest disbursal payout's id. */
  id: z.int(),
  orderId: z.int(),
  orderNo: z.string(),
  customerName: z.string(),
  phone: z.string(),
  bankAccount: z.string(),
  lendStatus: lendStatusSchema,
  payoutStatus: payoutStatusSchema,
  channel: z.string(),
  utr: z.string().nullable(),
  principalPaise: paiseSchema,
  /** What the payout sends: the principal less the fees deducted up front. */
  amountPaise: paiseSchema,
  failCount: z.int(),
  errorMessage: z.string().nullable(),
  /** India date the money reached the borrower (the loan's day 0); null until then. */
  disbursedDate: indiaDateSchema.nullable(),
  requestedAt: z.string(),
  updatedAt: z.string(),
});
export type LoanRecordRow = z.infer<typeof loanRecordRowSchema>;

export const loanRecordFiltersSchema = withRanges(
  z.strictObject({
    orderNo: orderNoFilterSchema,
    phone: phoneFilterSchema,
    lendStatus: lendStatusSchema.optional(),
    channel: channelFilterSchema,
    /** India dates the money reached the borrower, both inclusive. */
    disbursedFrom: indiaDateSchema.optional(),
    disbursedTo: indiaDateSchema.optional(),
  }),
  ['disbursedFrom', 'disbursedTo'],
);
export const loanRecordListBodySchema = listRequestSchema(loanRecordFiltersSchema, [
  'id',
  'amountPaise',
  'disbursedDate',
  'requestedAt',
  'updatedAt',
]);
export const loanRecordListRetSchema = listResultSchema(loanRecordRowSchema);

// ---- loanFlow: every payout attempt --------------------------------------------------------

export const payoutHistoryEntrySchema = z.object({
  /** created, or the outcome recorded: processed, failed, reversed. */
  event: z.string(),
  at: z.string(),
  actor: z.string().nullable(),
  utr: z.string().nullable(),
  message: z.string().nullable(),
});
export type PayoutHistoryEntry = z.infer<typeof payoutHistoryEntrySchema>;

export const loanFlowRowSchema = z.object({
  /** The payout's id. */
  id: z.int(),
  orderId: z.int(),
  orderNo: z.string(),
  customerName: z.string(),
  /** 1 for the order's first payout, 2 after one failure… */
  attempt: z.int(),
  status: payoutStatusSchema,
  channel: z.string(),
  amountPaise: paiseSchema,
  /** Failed attempts of the order's disbursal before this one. */
  failCount: z.int(),
  errorMessage: z.string().nullable(),
  utr: z.string().nullable(),
  /** The reference the payout was sent under, and the gateway's own id of it. */
  reference: z.string().nullable(),
  gatewayPayoutId: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * A new payout may be made for the order: this is its latest attempt, it failed or was
   * reversed, and the order waits for another. Never for an unknown outcome.
   */
  retryable: z.boolean(),
  history: z.array(payoutHistoryEntrySchema),
});
export type LoanFlowRow = z.infer<typeof loanFlowRowSchema>;

export const loanFlowFiltersSchema = withRanges(
  z.strictObject({
    orderNo: orderNoFilterSchema,
    payoutId: z.int().min(1).max(2_147_483_647).optional(),
    status: payoutStatusSchema.optional(),
    channel: channelFilterSchema,
    /** India dates the attempt was made, both inclusive. */
    dateFrom: indiaDateSchema.optional(),
    dateTo: indiaDateSchema.optional(),
  }),
  ['dateFrom', 'dateTo'],
);
export const loanFlowListBodySchema = listRequestSchema(loanFlowFiltersSchema, [
  'id',
  'createdAt',
  'updatedAt',
  'amountPaise',
  'failCount',
]);
export const loanFlowListRetSchema = listResultSchema(loanFlowRowSchema);
