import { z } from 'zod';
import { phoneSearchSchema } from '../common/fields.js';
import {
  idempotencyKeySchema,
  indiaDateSchema,
  paiseSchema,
  positivePaiseSchema,
} from '../common/money.js';
import { listRequestSchema, listResultSchema } from '../common/pagination.js';
import { crossFieldRules, withRanges } from '../common/rules.js';
import { uploadFileSchema } from '../common/upload.js';
import { idSchema } from '../common/fields.js';

/** An order number as staff type it: trimmed, upper-cased (`LN…`). */
const orderNoSchema = z.string().trim().toUpperCase().max(40);

/** A receipt photo (JPEG, PNG or PDF) at most 5 MB. */
export const RECEIPT_MAX_BYTES = 5 * 1024 * 1024;

/** Offline repayment review: pending review / invalid / pass. */
export const offlineStatusSchema = z.enum(['pending', 'invalid', 'pass']);
export type OfflineStatus = z.infer<typeof offlineStatusSchema>;
export const offlineChannelSchema = z.enum(['bankTransfer', 'cashDeposit']);

/** /repay/repaymentReview: one offline repayment as recorded and reviewed. */
export const offlineRepaymentSchema = z.object({
  id: z.int(),
  orderId: z.int(),
  orderNo: z.string(),
  customerName: z.string(),
  customerPhone: z.string(),
  channel: offlineChannelSchema,
  amountPaise: paiseSchema,
  valueDate: indiaDateSchema,
  /** UTR or receipt number from the bank statement or the deposit slip. */
  bankReference: z.string(),
  remark: z.string().nullable(),
  hasReceipt: z.boolean(),
  status: offlineStatusSchema,
  recordedBy: z.string(),
  /** The caller recorded it: they cannot review it (maker-checker). */
  recordedByMe: z.boolean(),
  recordedAt: z.string(),
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  reviewReason: z.string().nullable(),
  /** The posted repayment's serial number, once passed. */
  repaymentSerialNo: z.string().nullable(),
  /** Why the value date used differs from the one recorded (a rollover or waiver after it). */
  valueDateNote: z.string().nullable(),
  /** From an .xlsx batch: the batch's file name. */
  batch: z.string().nullable(),
});
export type OfflineRepayment = z.infer<typeof offlineRepaymentSchema>;

export const offlineFiltersSchema = withRanges(
  z.strictObject({
    orderNo: orderNoSchema.optional(),
    phone: phoneSearchSchema.optional(),
    status: offlineStatusSchema.optional(),
    channel: offlineChannelSchema.optional(),
    bankReference: z.string().trim().max(60).optional(),
    /** Recorded on (India dates, both inclusive). */
    dateFrom: indiaDateSchema.optional(),
    dateTo: indiaDateSchema.optional(),
  }),
  ['dateFrom', 'dateTo'],
);
export const offlineListBodySchema = listRequestSchema(offlineFiltersSchema, [
  'id',
  'recordedAt',
  'valueDate',
  'amountPaise',
]);
export const offlineListRetSchema = listResultSchema(offlineRepaymentSchema);

export const offlineReceiptUploadSchema = uploadFileSchema(RECEIPT_MAX_BYTES);

export const offlineRecordBodySchema = z.strictObject({
  orderNo: orderNoSchema.min(1, 'order number cannot be empty'),
  channel: offlineChannelSchema,
  amountPaise: z
    .int()
    .max(Number.MAX_SAFE_INTEGER)
    .refine((v) => v !== 0, 'amount cannot be 0')
    .pipe(positivePaiseSchema),
  valueDate: indiaDateSchema,
  bankReference: z.string().trim().min(1).max(60),
  remark: z.string().trim().max(500).optional(),
  receipt: offlineReceiptUploadSchema.optional(),
  idempotencyKey: idempotencyKeySchema,
});
export type OfflineRecordBody = z.input<typeof offlineRecordBodySchema>;

export const offlineReviewBodySchema = z
  .strictObject({
    id: idSchema,
    decision: z.enum(['pass', 'invalid']),
    reason: z.string().trim().max(500).optional(),
  })
  .refine((body) => body.decision === 'pass' || Boolean(body.reason), {
    message: 'a reason is needed to refuse',
    path: ['reason'],
  })
  .meta(crossFieldRules('decision invalid needs a reason'));

export const offlineReviewRetSchema = z.object({
  id: z.int(),
  status: offlineStatusSchema,
  orderStatus: z.string().nullable(),
  repaymentId: z.int().nullable(),
  valueDate: indiaDateSchema,
  valueDateNote: z.string().nullable(),
});

export const offlineReceiptBodySchema = z.strictObject({ id: idSchema });
export const offlineReceiptRetSchema = z.object({
  fileName: z.string(),
  mimeType: z.string(),
  contentBase64: z.string(),
});

/** /repay/overdueRepayment: a repayment received on an overdue order (docs/product.md §9 bands). */
export const overdueRepaymentSchema = z.object({
  id: z.int(),
  serialNo: z.string(),
  orderId: z.int(),
  orderNo: z.string(),
  customerName: z.string(),
  customerPhone: z.string(),
  channel: z.string(),
  amountPaise: paiseSchema,
  penalPaise: paiseSchema,
  valueDate: indiaDateSchema,
  postedAt: z.string(),
  overdueDays: z.int(),
  band: z.enum(['1-7', '8+']),
  coverage: z.enum(['full', 'partial']).nullable(),
  reversed: z.boolean(),
});
export const overdueRepaymentFiltersSchema = withRanges(
  z.strictObject({
    orderNo: orderNoSchema.optional(),
    phone: phoneSearchSchema.optional(),
    band: z.enum(['1-7', '8+']).optional(),
    valueDateFrom: indiaDateSchema.optional(),
    valueDateTo: indiaDateSchema.optional(),
  }),
  ['valueDateFrom', 'valueDateTo'],
);
export const overdueRepaymentBodySchema = listRequestSchema(overdueRepaymentFiltersSchema, [
  'id',
  'valueDate',
  'postedAt',
  'overdueDays',
]);
export const overdueRepaymentRetSchema = listResultSchema(overdueRepaymentSchema);

/** Spec: refund of an overpayment (awaiting approval → refunding → refunded / failed). */
export const excessStatusSchema = z.enum([
  'held',
  'awaitingApproval',
  'refunding',
  'refunded',
  'failed',
]);
export type ExcessStatus = z.infer<typeof excessStatusSchema>;

/** /repay/exceedingRepaymentRecord: the excess of a repayment over what cleared the order. */
export const excessRepaymentSchema = z.object({
  id: z.int(),
  serialNo: z.string(),
  orderId: z.int(),
  orderNo: z.string(),
  customerName: z.string(),
  customerPhone: z.string(),
  bankAccount: z.string(),
  bankAccountVerified: z.boolean(),
  amountPaise: paiseSchema,
  excessPaise: paiseSchema,
  valueDate: indiaDateSchema,
  postedAt: z.string(),
  status: excessStatusSchema,
  requestedBy: z.string().nullable(),
  /** The caller asked for the refund: they cannot approve it. */
  requestedByMe: z.boolean(),
  approvedBy: z.string().nullable(),
  utr: z.string().nullable(),
  errorMessage: z.string().nullable(),
});
export const excessFiltersSchema = withRanges(
  z.strictObject({
    orderNo: orderNoSchema.optional(),
    status: excessStatusSchema.optional(),
    valueDateFrom: indiaDateSchema.optional(),
    valueDateTo: indiaDateSchema.optional(),
  }),
  ['valueDateFrom', 'valueDateTo'],
);
export const excessListBodySchema = listRequestSchema(excessFiltersSchema, [
  'id',
  'valueDate',
  'excessPaise',
]);
export const excessListRetSchema = listResultSchema(excessRepaymentSchema);

export const excessRefundRequestBodySchema = z.strictObject({
  repaymentId: idSchema,
  reason: z.string().trim().min(1).max(500),
});
export const excessRefundApproveBodySchema = z.strictObject({
  repaymentId: idSchema,
  idempotencyKey: idempotencyKeySchema,
});
export const excessRefundRetSchema = z.object({
  repaymentId: z.int(),
  status: excessStatusSchema,
  payoutId: z.int().nullable(),
});
