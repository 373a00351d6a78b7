import { z } from 'zod';
import { idSchema, phoneSearchSchema } from '../common/fields.js';
import { indiaDateSchema, paiseSchema } from '../common/money.js';
import { listRequestSchema, listResultSchema } from '../common/pagination.js';
import { withRanges } from '../common/rules.js';
import { checkingStatusSchema } from '../finance/finance.schema.js';
import { orderStatusSchema } from '../loan-book/loan-book.schema.js';

const orderNoSchema = z.string().trim().toUpperCase().max(40);
const nameSchema = z.string().trim().min(1).max(100);
const remarksSchema = z.string().trim().min(1).max(500);

export const reviewStageSchema = z.enum(['first', 'final']);
export type ReviewStage = z.infer<typeof reviewStageSchema>;
export const customerTypeSchema = z.enum(['new', 'old']);
export const reviewDecisionSchema = z.enum(['pass', 'reject', 'sendBack']);

/* ---------- machine review ---------- */

/** machinerReviewPass / machinerReviewReject: the machine's decision on one order. */
export const machineRowSchema = z.object({
  id: z.int(),
  orderNo: z.string(),
  customerName: z.string(),
  phone: z.string(),
  productName: z.string(),
  customerType: customerTypeSchema,
  principalPaise: paiseSchema,
  machineResult: z.enum(['pass', 'reject']),
  machineScore: z.int().nullable(),
  rulesHit: z.int(),
  /** The first hard rule that hit (the refusing rule), when the machine rejected. */
  firstRefusingRule: z.string().nullable(),
  ruleSetVersion: z.int().nullable(),
  decidedAt: z.string(),
  /** Where the order is now (a rejection may have been referred to people). */
  status: orderStatusSchema,
  referred: z.boolean(),
});
export type MachineRow = z.infer<typeof machineRowSchema>;
export const machineListFiltersSchema = withRanges(
  z.strictObject({
    result: z.enum(['pass', 'reject']).optional(),
    orderNo: orderNoSchema.optional(),
    phone: phoneSearchSchema.optional(),
    dateFrom: indiaDateSchema.optional(),
    dateTo: indiaDateSchema.optional(),
  }),
  ['dateFrom', 'dateTo'],
);
export const machineListBodySchema = listRequestSchema(machineListFiltersSchema, [
  'id',
  'decidedAt',
  'machineScore',
  'principalPaise',
]);
export const machineListRetSchema = listResultSchema(machineRowSchema);

export const machineDetailBodySchema = z.strictObject({ orderNo: orderNoSchema.min(1) });
/** machinerDetail: rule by rule, what the applicant's value was and whether the rule hit. */
export const machineRuleResultSchema = z.object({
  ruleName: z.string(),
  className: z.string(),
  fieldName: z.string(),
  expression: z.string(),
  comparisonValue: z.string(),
  value: z.string().nullable(),
  hit: z.boolean(),
  score: z.int(),
  weight: z.int(),
  level: z.enum(['hard', 'soft']),
});
export const machineDetailRetSchema = z.object({
  orderId: z.int(),
  orderNo: z.string(),
  status: orderStatusSchema,
  machineResult: z.enum(['pass', 'reject']).nullable(),
  machineScore: z.int().nullable(),
  ruleSetVersion: z.int().nullable(),
  decidedAt: z.string().nullable(),
  rules: z.array(machineRuleResultSchema),
  /** Whether the order can still be referred to manual review (a machine rejection). */
  referable: z.boolean(),
  referral: z
    .object({ reasonCode: z.string(), remarks: z.string(), by: z.string(), at: z.string() })
    .nullable(),
});
export type MachineDetail = z.infer<typeof machineDetailRetSchema>;

export const referralReasonSchema = z.enum([
  'ruleFalsePositive',
  'documentsVerified',
  'customerAppeal',
  'dataCorrected',
]);
export const machineReferBodySchema = z.strictObject({
  orderId: idSchema,
  reasonCode: referralReasonSchema,
  remarks: remarksSchema,
});

/* ---------- queues ---------- */

export const queueStateSchema = z.enum(['wait', 'pass', 'reject']);
/** reviewFirstWait…reviewFinalReject: one order at a review stage. */
export const queueRowSchema = z.object({
  taskId: z.int(),
  orderId: z.int(),
  orderNo: z.string(),
  customerName: z.string(),
  phone: z.string(),
  principalPaise: paiseSchema,
  customerType: customerTypeSchema,
  productName: z.string(),
  channel: z.string(),
  machineScore: z.int().nullable(),
  reviewerId: z.int().nullable(),
  reviewerName: z.string().nullable(),
  queuedAt: z.string(),
  /** Minutes from queueing to the decision, or to now while waiting. */
  waitingMinutes: z.int(),
  decidedAt: z.string().nullable(),
  decision: reviewDecisionSchema.nullable(),
  rejectionCode: z.string().nullable(),
  remarks: z.string().nullable(),
  /**
   * The latest verification call's result, or not_checked before one (decision 0078): the
   * reviewer sees that the call was made and how it went; it does not gate the decision.
   */
  checkingStatus: checkingStatusSchema,
});
export type QueueRow = z.infer<typeof queueRowSchema>;
export const queueFiltersSchema = z.strictObject({
  stage: reviewStageSchema.optional(),
  state: queueStateSchema.optional(),
  orderNo: orderNoSchema.optional(),
  phone: phoneSearchSchema.optional(),
  reviewerId: idSchema.optional(),
  customerType: customerTypeSchema.optional(),
});
export const queueListBodySchema = listRequestSchema(queueFiltersSchema, [
  'id',
  'queuedAt',
  'decidedAt',
  'principalPaise',
  'machineScore',
]);
export const queueListRetSchema = listResultSchema(queueRowSchema);

/** 'select distribution personnel': hand the selected waiting orders to one reviewer. */
export const assignBodySchema = z.strictObject({
  taskIds: z.array(idSchema).min(1).max(100),
  reviewerId: idSchema,
});
export const assignRetSchema = z.object({ assigned: z.int() });

/* ---------- groups and reviewers ---------- */

export const reviewGroupSchema = z.object({
  id: z.int(),
  name: z.string(),
  stage: reviewStageSchema,
  productIds: z.array(z.int()),
  productNames: z.array(z.string()),
  customerType: z.enum(['new', 'old', 'all']),
  dailyCap: z.int(),
  active: z.boolean(),
  members: z.array(z.string()),
});
export type ReviewGroup = z.infer<typeof reviewGroupSchema>;
export const groupListFiltersSchema = z.strictObject({
  stage: reviewStageSchema.optional(),
  active: z.boolean().optional(),
});
export const groupListBodySchema = listRequestSchema(groupListFiltersSchema, ['id', 'name']);
export const groupListRetSchema = listResultSchema(reviewGroupSchema);
export const groupSaveBodySchema = z.strictObject({
  id: idSchema.optional(),
  name: nameSchema,
  stage: reviewStageSchema,
  productIds: z.array(idSchema).max(50).default([]),
  customerType: z.enum(['new', 'old', 'all']),
  dailyCap: z.int().min(1).max(10_000),
  active: z.boolean(),
});
export const idBodySchema = z.strictObject({ id: idSchema });
export const okRetSchema = z.object({ id: z.int() });

export const reviewerRowSchema = z.object({
  userId: z.int(),
  name: z.string(),
  groupId: z.int(),
  groupName: z.string(),
  stage: reviewStageSchema,
  onDuty: z.boolean(),
  /** The reviewer's own cap, or null for the group's. */
  ownCap: z.int().nullable(),
  dailyCap: z.int(),
  pending: z.int(),
  decidedToday: z.int(),
  /** Passes among decisions, in ppm (null before any decision). */
  passRatePpm: z.int().nullable(),
});
export type ReviewerRow = z.infer<typeof reviewerRowSchema>;
export const reviewerListFiltersSchema = z.strictObject({
  groupId: idSchema.optional(),
  stage: reviewStageSchema.optional(),
  onDuty: z.boolean().optional(),
});
export const reviewerListBodySchema = listRequestSchema(reviewerListFiltersSchema, [
  'userId',
  'name',
]);
export const reviewerListRetSchema = listResultSchema(reviewerRowSchema);
/** Adds or changes a reviewer; going off duty releases their waiting orders to others. */
export const reviewerSaveBodySchema = z.strictObject({
  userId: idSchema,
  groupId: idSchema,
  onDuty: z.boolean(),
  dailyCap: z.int().min(1).max(10_000).nullable(),
});
export const reviewerSaveRetSchema = z.object({ userId: z.int(), released: z.int() });

export const reviewerOptionsBodySchema = z.strictObject({ stage: reviewStageSchema.optional() });
export const reviewerOptionsRetSchema = z.object({
  reviewers: z.array(
    z.object({ userId: z.int(), name: z.string(), stage: reviewStageSchema, onDuty: z.boolean() }),
  ),
  /** Staff accounts that are not reviewers yet (to add one). */
  staff: z.array(z.object({ userId: z.int(), name: z.string() })),
  groups: z.array(z.object({ id: z.int(), name: z.string(), stage: reviewStageSchema })),
  products: z.array(z.object({ id: z.int(), name: z.string() })),
});
export type ReviewerOptions = z.infer<typeof reviewerOptionsRetSchema>;

/* ---------- rejection codes ---------- */

export const rejectionStageSchema = z.enum(['machine', 'first', 'final', 'any']);
export const rejectionCodeSchema = z.object({
  id: z.int(),
  code: z.string(),
  textEn: z.string(),
  textZh: z.string(),
  stage: rejectionStageSchema,
  reapplyAfterDays: z.int(),
  blacklist: z.boolean(),
  borrowerMessage: z.string(),
  enabled: z.boolean(),
  /** Decisions that used it: a used code can be disabled, not deleted. */
  usedCount: z.int(),
});
export type RejectionCode = z.infer<typeof rejectionCodeSchema>;
export const rejectionListFiltersSchema = z.strictObject({
  stage: rejectionStageSchema.optional(),
  enabled: z.boolean().optional(),
  code: z.string().trim().max(40).optional(),
});
export const rejectionListBodySchema = listRequestSchema(rejectionListFiltersSchema, [
  'id',
  'code',
]);
export const rejectionListRetSchema = listResultSchema(rejectionCodeSchema);
export const rejectionSaveBodySchema = z.strictObject({
  id: idSchema.optional(),
  code: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .regex(/^[A-Z0-9_-]+$/, 'upper-case letters, digits, _ and - only'),
  textEn: nameSchema,
  textZh: nameSchema,
  stage: rejectionStageSchema,
  reapplyAfterDays: z.int().min(0).max(3650),
  blacklist: z.boolean(),
  borrowerMessage: z.string().trim().min(1).max(300),
  enabled: z.boolean(),
});
export const rejectionStatusBodySchema = z.strictObject({ id: idSchema, enabled: z.boolean() });

/* ---------- decisions and reviewer quality ---------- */

export const decisionRowSchema = z.object({
  taskId: z.int(),
  orderId: z.int(),
  orderNo: z.string(),
  stage: reviewStageSchema,
  reviewerName: z.string().nullable(),
  decision: reviewDecisionSchema,
  rejectionCode: z.string().nullable(),
  remarks: z.string().nullable(),
  approvedPrincipalPaise: paiseSchema.nullable(),
  minutes: z.int(),
  decidedAt: z.string(),
});
export type DecisionRow = z.infer<typeof decisionRowSchema>;
export const decisionListFiltersSchema = withRanges(
  z.strictObject({
    stage: reviewStageSchema.optional(),
    decision: reviewDecisionSchema.optional(),
    reviewerId: idSchema.optional(),
    orderNo: orderNoSchema.optional(),
    dateFrom: indiaDateSchema.optional(),
    dateTo: indiaDateSchema.optional(),
  }),
  ['dateFrom', 'dateTo'],
);
export const decisionListBodySchema = listRequestSchema(decisionListFiltersSchema, [
  'id',
  'decidedAt',
]);
export const decisionListRetSchema = listResultSchema(decisionRowSchema);

export const reviewerQualityBodySchema = withRanges(
  z.strictObject({
    dateFrom: indiaDateSchema.optional(),
    dateTo: indiaDateSchema.optional(),
  }),
  ['dateFrom', 'dateTo'],
);
/** How each reviewer works and how the loans they passed went later. */
export const reviewerQualityRowSchema = z.object({
  reviewerId: z.int(),
  reviewerName: z.string(),
  assigned: z.int(),
  decided: z.int(),
  passRatePpm: z.int().nullable(),
  medianMinutes: z.int().nullable(),
  /** Loans disbursed after the reviewer passed them. */
  loans: z.int(),
  firstPaymentDefault: z.int(),
  overdue7: z.int(),
  overdue30: z.int(),
});
export type ReviewerQualityRow = z.infer<typeof reviewerQualityRowSchema>;
export const reviewerQualityRetSchema = z.object({ list: z.array(reviewerQualityRowSchema) });

/* ---------- the review form ---------- */

export const reviewFormBodySchema = z.strictObject({ orderNo: orderNoSchema.min(1) });
export const reviewFormRetSchema = z.object({
  orderId: z.int(),
  orderNo: z.string(),
  status: orderStatusSchema,
  /** The stage waiting for a decision, or null when none is (decided, or not at review). */
  stage: reviewStageSchema.nullable(),
  reviewerName: z.string().nullable(),
  /** Whether the caller may decide (their task, or a lead). */
  canDecide: z.boolean(),
  principalPaise: paiseSchema,
  minPrincipalPaise: paiseSchema,
  rejectionCodes: z.array(
    z.object({ id: z.int(), code: z.string(), textEn: z.string(), textZh: z.string() }),
  ),
  /** 'select final reviewer': eligible final reviewers (never the caller). */
  finalReviewers: z.array(z.object({ userId: z.int(), name: z.string() })),
});
export type ReviewForm = z.infer<typeof reviewFormRetSchema>;
