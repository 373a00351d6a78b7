import { z } from 'zod';
import { phoneSearchSchema } from '../common/fields.js';
import { indiaDateSchema, paiseSchema } from '../common/money.js';
import { listRequestSchema, listResultSchema } from '../common/pagination.js';
import { withRanges } from '../common/rules.js';
import { assetClassSchema, orderStatusSchema } from '../loan-book/loan-book.schema.js';

/**
 * /order/clearNotLoan: customers whose last loan cleared and who have not applied since (the
 * re-marketing list). India dates inclusive at both ends.
 */
export const clearNotLoanFiltersSchema = withRanges(
  z.strictObject({
    phone: phoneSearchSchema.optional(),
    clearedFrom: indiaDateSchema.optional(),
    clearedTo: indiaDateSchema.optional(),
    /** Loans taken at least this many (2: repeat borrowers only). */
    minLoans: z.int().min(1).max(1000).optional(),
  }),
  ['clearedFrom', 'clearedTo'],
);

export const clearNotLoanRowSchema = z.object({
  /** The customer. */
  id: z.int(),
  /** Masked (A*** V****). */
  customerName: z.string(),
  /** Masked (******3210). */
  phone: z.string(),
  lastOrderId: z.int(),
  lastOrderNo: z.string(),
  clearedDate: indiaDateSchema,
  /** India days from the clearing to today. */
  daysSinceCleared: z.int(),
  /** Orders disbursed to the customer, ever. */
  loansTaken: z.int(),
  /** The last loan's amount (principal). */
  lastAmountPaise: paiseSchema,
  /** Every repayment received, reversals left out. */
  totalRepaidPaise: paiseSchema,
  /** Loans cleared on or before their due date. */
  clearedOnTime: z.int(),
  /** Loans cleared after being overdue. */
  clearedLate: z.int(),
});
export type ClearNotLoanRow = z.infer<typeof clearNotLoanRowSchema>;
export const clearNotLoanBodySchema = listRequestSchema(clearNotLoanFiltersSchema, [
  'clearedDate',
  'lastAmountPaise',
]);
export const clearNotLoanRetSchema = listResultSchema(clearNotLoanRowSchema);

/** How far a registered borrower got with KYC in the app. */
export const kycProgressSchema = z.enum(['registered', 'profile', 'bankVerified']);
export type KycProgress = z.infer<typeof kycProgressSchema>;
export const bankVerificationSchema = z.enum(['none', 'pending', 'verified', 'failed']);

/** /order/regNotLoan: borrowers registered in the app who never applied for a loan. */
export const regNotLoanFiltersSchema = withRanges(
  z.strictObject({
    phone: phoneSearchSchema.optional(),
    channel: z.string().trim().max(40).optional(),
    registeredFrom: indiaDateSchema.optional(),
    registeredTo: indiaDateSchema.optional(),
    kyc: kycProgressSchema.optional(),
  }),
  ['registeredFrom', 'registeredTo'],
);

export const regNotLoanRowSchema = z.object({
  /** The app account. */
  id: z.int(),
  /** Masked; null before the profile is saved. */
  customerName: z.string().nullable(),
  /** Masked. */
  phone: z.string(),
  registrationDate: indiaDateSchema,
  daysSinceRegistration: z.int(),
  channel: z.string(),
  kyc: kycProgressSchema,
  bankVerification: bankVerificationSchema,
  /** The loan-book customer once the profile is saved (for the audited unmask). */
  customerId: z.int().nullable(),
});
export type RegNotLoanRow = z.infer<typeof regNotLoanRowSchema>;
export const regNotLoanBodySchema = listRequestSchema(regNotLoanFiltersSchema, [
  'registrationDate',
]);
export const regNotLoanRetSchema = listResultSchema(regNotLoanRowSchema);

/** The spec's overdue bands (§9): 1–7 days and 8 days or more. */
export const overdueBandSchema = z.enum(['1-7', '8+']);

/**
 * /order/collectionOrder: the orders in collection (overdue now), a read view for the order
 * team, with the collector working each one's open collection case and its last contact.
 */
export const collectionOrderFiltersSchema = withRanges(
  z.strictObject({
    orderNo: z.string().trim().max(40).optional(),
    phone: phoneSearchSchema.optional(),
    band: overdueBandSchema.optional(),
    dueFrom: indiaDateSchema.optional(),
    dueTo: indiaDateSchema.optional(),
    /** The asset class at the last day-end. */
    rbiClass: assetClassSchema.optional(),
    /** Rolled over while already past due (a rescheduling), or not. */
    rescheduled: z.boolean().optional(),
  }),
  ['dueFrom', 'dueTo'],
);

export const collectionOrderRowSchema = z.object({
  id: z.int(),
  orderNo: z.string(),
  customerId: z.int(),
  customerName: z.string(),
  phone: z.string(),
  status: orderStatusSchema,
  principalPaise: paiseSchema,
  /** Everything owed now (principal, interest, fee, GST, penal charges). */
  outstandingPaise: paiseSchema,
  dueDate: indiaDateSchema.nullable(),
  overdueDays: z.int(),
  band: overdueBandSchema,
  /** The asset class at the last day-end. */
  rbiClass: assetClassSchema.nullable(),
  /** Rolled over while already past due (a rescheduling). */
  rescheduled: z.boolean(),
  /** The collector holding the order's open collection case; null while it waits in the pool. */
  collectorName: z.string().nullable(),
  /** The case's last contact attempt (an instant), if any. */
  lastContactAt: z.string().nullable(),
});
export type CollectionOrderRow = z.infer<typeof collectionOrderRowSchema>;
export const collectionOrderBodySchema = listRequestSchema(collectionOrderFiltersSchema, [
  'overdueDays',
  'dueDate',
]);
export const collectionOrderRetSchema = listResultSchema(collectionOrderRowSchema);
