import { z } from 'zod';
import { idSchema, phoneSearchSchema } from '../common/fields.js';
import { indiaDateSchema, paiseSchema } from '../common/money.js';
import { listRequestSchema, listResultSchema } from '../common/pagination.js';
import { crossFieldRules, withRanges } from '../common/rules.js';
import { reviewStageSchema } from '../approval/approval.schema.js';
import { checkingStatusSchema } from '../finance/finance.schema.js';

/**
 * Verification calls before approval (issue #14, /telemarketing/checkList, decision 0078): a
 * call to the applicant of an order waiting for manual review (first or final) that checks
 * what they declared. Each call is kept; the latest one's result is the order's checking
 * status (docs/product.md §4 "Checking: not checked, failed, passed", the statuses
 * reconciliation uses too), `not_checked` until the first call.
 */

/** What a verification call checked with the applicant. */
export const verificationItemSchema = z.enum(['employment', 'reference', 'address', 'identity']);
export type VerificationItem = z.infer<typeof verificationItemSchema>;

/** A verification call's result; `not_checked` is the status before any call. */
export const verificationResultSchema = z.enum(['passed', 'failed']);
export type VerificationResult = z.infer<typeof verificationResultSchema>;

const orderNoSchema = z.string().trim().toUpperCase().max(40);

/** checkList: the orders in manual review with their checking status. */
export const verificationListFiltersSchema = withRanges(
  z.strictObject({
    /** The whole order number, in any case (decision 0060). */
    orderNo: orderNoSchema.optional(),
    phone: phoneSearchSchema.optional(),
    checkingStatus: checkingStatusSchema.optional(),
    stage: reviewStageSchema.optional(),
    /** India dates of the latest verification call, both inclusive. */
    checkedFrom: indiaDateSchema.optional(),
    checkedTo: indiaDateSchema.optional(),
  }),
  ['checkedFrom', 'checkedTo'],
);

export const verificationRowSchema = z.object({
  orderId: z.int(),
  orderNo: z.string(),
  /** Masked. */
  customerName: z.string(),
  /** Masked (******3210). */
  phone: z.string(),
  principalPaise: paiseSchema,
  /** The review the order waits for now. */
  stage: reviewStageSchema,
  checkingStatus: checkingStatusSchema,
  /** The latest call's: what it checked, who made it, when, and the notes; null before one. */
  items: z.array(verificationItemSchema),
  checkedByName: z.string().nullable(),
  checkedAt: z.string().nullable(),
  notes: z.string().nullable(),
  /** Verification calls recorded on the order (the latest is the status). */
  checks: z.int(),
});
export type VerificationRow = z.infer<typeof verificationRowSchema>;
export const verificationListBodySchema = listRequestSchema(verificationListFiltersSchema, [
  'orderId',
  'principalPaise',
]);
export const verificationListRetSchema = listResultSchema(verificationRowSchema);

/**
 * A verification call made: what was checked (at least one item), the result, and notes,
 * which a failed call must have (what did not match).
 */
export const verificationRecordBodySchema = z
  .strictObject({
    orderId: idSchema,
    items: z
      .array(verificationItemSchema)
      .min(1, 'select what was verified')
      .max(4)
      .refine((items) => new Set(items).size === items.length, 'each item once'),
    result: verificationResultSchema,
    notes: z.string().trim().max(500).optional(),
  })
  .refine((body) => body.result === 'passed' || Boolean(body.notes), {
    message: 'fill notes: what did not match',
    path: ['notes'],
  })
  .meta(crossFieldRules('result failed needs notes'));
export const verificationRecordRetSchema = z.object({
  checkId: z.int(),
  checkingStatus: checkingStatusSchema,
});
