import { z } from 'zod';
import { idSchema } from '../common/fields.js';
import {
  idempotencyKeySchema,
  indiaDateSchema,
  paiseSchema,
  positivePaiseSchema,
  ppmSchema,
  signedPaiseSchema,
} from '../common/money.js';
import { listRequestSchema, listResultSchema } from '../common/pagination.js';
import { crossFieldRules, withRanges } from '../common/rules.js';

export const loanProductKindSchema = z.enum(['first', 'reloan']);
export const loanConfigStatusSchema = z.enum(['available', 'unavailable']);
const COMPONENT_NAMES = ['principal', 'interest', 'fee', 'gst', 'penal'] as const;
export const componentSchema = z.enum(COMPONENT_NAMES);

/**
 * Loan configuration (docs/product.md §3: period, limit min/max, service fee rate, interest rate,
 * overdue fee rate, config status), in the engine's terms: period = tenorDays, service fee rate =
 * processingFeePpm, interest rate = interestPerDayPpm, overdue fee rate = penalPerDayPaise (fixed
 * per day) or penalPerDayPpm (of principal per day) — exactly one.
 */
export const loanConfigTermsSchema = z.strictObject({
  name: z.string().trim().min(1).max(100),
  tenorDays: z.int().min(1).max(366),
  minPrincipalPaise: positivePaiseSchema,
  maxPrincipalPaise: positivePaiseSchema,
  processingFeePpm: ppmSchema,
  gstPpm: ppmSchema.default(180_000),
  interestPerDayPpm: ppmSchema,
  penalPerDayPaise: paiseSchema.nullable().default(null),
  penalPerDayPpm: ppmSchema.nullable().default(null),
  penalCapPpm: ppmSchema,
  rolloverFeePpm: ppmSchema,
  rolloverDays: z.int().min(1).max(366),
  maxRollovers: z.int().min(0).max(100),
  allowOverdueRollover: z.boolean(),
  coolingOffDays: z.int().min(1).max(366).nullable().default(null),
  allocationOrder: z
    .array(componentSchema)
    .length(5)
    .default(['penal', 'fee', 'gst', 'interest', 'principal']),
});

export const saveLoanConfigBodySchema = withRanges(
  loanConfigTermsSchema.extend({
    /** Absent: a new product; present: a new version of that product. */
    id: idSchema.optional(),
    kind: loanProductKindSchema,
    /**
     * A new product's status (default available). A new version keeps the product's status
     * unless one is sent, so a save never undoes an enable/disable made by someone else.
     */
    status: loanConfigStatusSchema.optional(),
    /**
     * With `id`: the version the editor read. The save is refused (409) when the product has
     * moved on since, instead of silently overwriting another person's version.
     */
    expectedVersion: z.int().min(1).optional(),
  }),
  ['minPrincipalPaise', 'maxPrincipalPaise'],
);
export type SaveLoanConfigBody = z.infer<typeof saveLoanConfigBodySchema>;

export const loanConfigSchema = z.object({
  id: z.int(),
  kind: loanProductKindSchema,
  name: z.string(),
  version: z.int(),
  status: loanConfigStatusSchema,
  tenorDays: z.int(),
  minPrincipalPaise: paiseSchema,
  maxPrincipalPaise: paiseSchema,
  processingFeePpm: z.int(),
  gstPpm: z.int(),
  interestPerDayPpm: z.int(),
  penalPerDayPaise: paiseSchema.nullable(),
  penalPerDayPpm: z.int().nullable(),
  penalCapPpm: z.int(),
  rolloverFeePpm: z.int(),
  rolloverDays: z.int(),
  maxRollovers: z.int(),
  allowOverdueRollover: z.boolean(),
  coolingOffDays: z.int().nullable(),
  allocationOrder: z.array(componentSchema),
  updatedAt: z.string(),
});
export type LoanConfig = z.infer<typeof loanConfigSchema>;

export const listLoanConfigBodySchema = listRequestSchema(
  z.strictObject({
    kind: loanProductKindSchema.optional(),
    status: loanConfigStatusSchema.optional(),
  }),
  ['id', 'name', 'tenorDays', 'minPrincipalPaise', 'maxPrincipalPaise', 'updatedAt'],
);
export const listLoanConfigRetSchema = listResultSchema(loanConfigSchema);

export const setLoanConfigStatusBodySchema = z.strictObject({
  id: idSchema,
  status: loanConfigStatusSchema,
});

export const ledgerCheckBodySchema = z.strictObject({}).optional();
export const ledgerCheckRetSchema = z.object({
  ok: z.boolean(),
  journalsChecked: z.int(),
  ordersChecked: z.int(),
  unbalancedJournals: z.array(
    z.object({ journalId: z.int(), orderId: z.int(), imbalancePaise: signedPaiseSchema }),
  ),
  mismatchedOrders: z.array(
    z.object({
      orderId: z.int(),
      orderNo: z.string(),
      component: z.string(),
      storedPaise: signedPaiseSchema,
      ledgerPaise: signedPaiseSchema,
    }),
  ),
});
export type LedgerCheck = z.infer<typeof ledgerCheckRetSchema>;

const reasonSchema = z.string().trim().min(1).max(500);

/** The review form's checklist (identity, photo, penny-drop name, income, key facts): ticked or not. */
export const reviewChecklistSchema = z.strictObject({
  identity: z.boolean(),
  photo: z.boolean(),
  bankName: z.boolean(),
  income: z.boolean(),
  keyFacts: z.boolean(),
});

/** A rejection needs the remarks ('fill remarks') and a rejection code ('select … rejection code'). */
function rejectNeedsRemarksAndCode(
  body: { decision: string; reason?: string | undefined; rejectionCodeId?: number | undefined },
  ctx: z.RefinementCtx,
) {
  if (body.decision !== 'reject') return;
  if (!body.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'fill remarks' });
  if (body.rejectionCodeId === undefined) {
    ctx.addIssue({ code: 'custom', path: ['rejectionCodeId'], message: 'select a rejection code' });
  }
}

const REJECT_NEEDS_REMARKS_AND_CODE = crossFieldRules(
  'decision reject needs reason and rejectionCodeId',
);

export const firstReviewBodySchema = z
  .strictObject({
    orderId: idSchema,
    decision: z.enum(['pass', 'reject']),
    /** The remarks. */
    reason: reasonSchema.optional(),
    rejectionCodeId: idSchema.optional(),
    /** 'select final reviewer' on a pass: never the first reviewer; least-loaded when absent. */
    finalReviewerId: idSchema.optional(),
    checklist: reviewChecklistSchema.optional(),
  })
  .superRefine(rejectNeedsRemarksAndCode)
  .meta(REJECT_NEEDS_REMARKS_AND_CODE);
export const finalReviewBodySchema = z
  .strictObject({
    orderId: idSchema,
    decision: z.enum(['pass', 'reject', 'sendBack']),
    reason: reasonSchema.optional(),
    rejectionCodeId: idSchema.optional(),
    /** On a pass: the approved amount, ≤ applied and ≥ the product's minimum. */
    approvedPrincipalPaise: positivePaiseSchema.optional(),
    checklist: reviewChecklistSchema.optional(),
  })
  .superRefine(rejectNeedsRemarksAndCode)
  .meta(REJECT_NEEDS_REMARKS_AND_CODE);
export const rejectOrderBodySchema = z.strictObject({
  orderId: idSchema,
  reason: reasonSchema,
});
export const cancelOrderBodySchema = z.strictObject({
  orderId: idSchema,
  reason: reasonSchema,
});

export const createPayoutBodySchema = z.strictObject({
  orderId: idSchema,
  idempotencyKey: idempotencyKeySchema,
  channel: z.string().trim().min(1).max(50).default('sandbox'),
});

export const repaymentChannelSchema = z.string().trim().min(1).max(50);
export const postRepaymentBodySchema = z.strictObject({
  orderId: idSchema,
  idempotencyKey: idempotencyKeySchema,
  amountPaise: positivePaiseSchema,
  channel: repaymentChannelSchema,
  virtualAccountCode: z.string().trim().min(1).max(50).optional(),
  gatewayPaymentId: z.string().trim().min(1).max(100).optional(),
  /** The day the money reached the lender (decision 0022); default today. */
  valueDate: indiaDateSchema.optional(),
});
export const rolloverBodySchema = z.strictObject({
  orderId: idSchema,
  idempotencyKey: idempotencyKeySchema,
  /** The amount the borrower paid; must equal the rollover quote. */
  amountPaise: positivePaiseSchema,
  channel: repaymentChannelSchema,
  virtualAccountCode: z.string().trim().min(1).max(50).optional(),
  gatewayPaymentId: z.string().trim().min(1).max(100).optional(),
});
export const writeOffBodySchema = z.strictObject({
  orderId: idSchema,
  idempotencyKey: idempotencyKeySchema,
  reason: reasonSchema,
});
/**
 * Without `amounts`: settlement, everything still owed is waived (CLEARED, settled with
 * waiver). With `amounts`: only these parts are waived (typically the penal charge) and the
 * loan stays open, unless nothing is left owing.
 */
export const waiverBodySchema = writeOffBodySchema.extend({
  amounts: z
    .strictObject({
      principalPaise: paiseSchema.optional(),
      interestPaise: paiseSchema.optional(),
      feePaise: paiseSchema.optional(),
      gstPaise: paiseSchema.optional(),
      penalPaise: paiseSchema.optional(),
    })
    .optional(),
});
export type WaiverBody = z.infer<typeof waiverBodySchema>;
export const reverseRepaymentBodySchema = z.strictObject({
  repaymentId: idSchema,
  idempotencyKey: idempotencyKeySchema,
  reason: reasonSchema,
});
/** One order by its id, or by its order number (the detail routes' `?orderNo=`). */
export const orderDetailBodySchema = z
  .strictObject({
    orderId: idSchema.optional(),
    orderNo: z.string().trim().min(1).max(40).optional(),
  })
  .refine((body) => (body.orderId === undefined) !== (body.orderNo === undefined), {
    message: 'give either orderId or orderNo',
    path: ['orderId'],
  })
  .meta(crossFieldRules('exactly one of orderId and orderNo'));

export const orderStatusSchema = z.enum([
  'APPLIED',
  'MACHINE_REVIEW',
  'FIRST_REVIEW',
  'FINAL_REVIEW',
  'PENDING_DISBURSEMENT',
  'DISBURSING',
  'ACTIVE',
  'DUE',
  'OVERDUE',
  'CLEARED',
  'WRITTEN_OFF',
  'REJECTED',
  'CANCELLED',
  'DISBURSEMENT_FAILED',
  'OVERPAID',
]);
export const closureTypeSchema = z.enum([
  'ADVANCE_CLEAR',
  'ON_TIME',
  'OVERDUE_CLEAR',
  'COOLING_OFF_EXIT',
  'SETTLED_WITH_WAIVER',
]);
/**
 * The RBI asset class of a loan that owes, as the last day-end classified it (days past due:
 * SMA-0 up to 30, SMA-1 31–60, SMA-2 61–90, NPA beyond, and the NPA class is the borrower's).
 */
export const assetClassSchema = z.enum(['STANDARD', 'SMA-0', 'SMA-1', 'SMA-2', 'NPA']);
export type AssetClass = z.infer<typeof assetClassSchema>;

/** What every order command answers: the order's new state (and ids of rows it made). */
export const orderCommandRetSchema = z.object({
  orderId: z.int(),
  orderNo: z.string(),
  status: orderStatusSchema,
  closureType: closureTypeSchema.nullable(),
  payoutId: z.int().optional(),
  repaymentId: z.int().optional(),
  amountPaise: paiseSchema.optional(),
  excessPaise: paiseSchema.optional(),
  dueDate: indiaDateSchema.nullable().optional(),
  /** A value-dated repayment: the day it was valued on, and why when it was moved. */
  valueDate: indiaDateSchema.optional(),
  valueDateNote: z.string().optional(),
  /**
   * A waiver above the approval amount is not applied: it waits for a second person (decision
   * 0045). This is its request; the order is as it was.
   */
  waiverRequestId: z.int().optional(),
  /**
   * A write-off is never applied when asked: it waits for a second person (decision 0050). This
   * is its request; the order is as it was.
   */
  writeOffRequestId: z.int().optional(),
});
export type OrderCommandRet = z.infer<typeof orderCommandRetSchema>;
