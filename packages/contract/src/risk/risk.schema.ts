import { z } from 'zod';
import { idSchema } from '../common/fields.js';
import { indiaDateSchema } from '../common/money.js';
import { listRequestSchema, listResultSchema } from '../common/pagination.js';
import { withRanges } from '../common/rules.js';
import { riskOperators } from './risk-fields.js';

const nameText = z.string().trim().min(1).max(100);
const ruleCodeSchema = z.string().trim().min(1).max(20);
/** A share in parts per million, null when nothing was counted. */
const ratePpm = z.int().min(0).max(1_000_000).nullable();

export const riskLevelSchema = z.enum(['hard', 'soft']);
export const riskVersionStatusSchema = z.enum(['draft', 'published', 'retired']);
export const riskDecisionSchema = z.enum(['pass', 'refer', 'reject']);
export const customerTypeChoiceSchema = z.enum(['any', 'new', 'old']);

/** Risk rule labels, plus the version the rule belongs to and its stable code. */
export const riskRuleRowSchema = z.object({
  id: z.int(),
  ruleSetId: z.int(),
  version: z.int(),
  versionStatus: riskVersionStatusSchema,
  ruleCode: z.string(),
  ruleName: z.string(),
  className: z.string(),
  fieldName: z.string(),
  expression: z.enum(riskOperators),
  comparisonValue: z.string(),
  score: z.int(),
  weight: z.int(),
  level: riskLevelSchema,
  enable: z.boolean(),
});
export type RiskRuleRowApi = z.infer<typeof riskRuleRowSchema>;

export const riskRuleFiltersSchema = z.strictObject({
  /** Which version's rules; the draft when there is one, else the published version. */
  version: z.int().min(1).max(1_000_000).optional(),
  ruleName: z.string().trim().max(100).optional(),
  className: z.string().trim().max(40).optional(),
  fieldName: z.string().trim().max(40).optional(),
  enable: z.enum(['enabled', 'disabled']).optional(),
});
export const riskRuleListBodySchema = listRequestSchema(riskRuleFiltersSchema, [
  'id',
  'ruleCode',
  'score',
  'weight',
]);
export const riskRuleListRetSchema = listResultSchema(riskRuleRowSchema);

/** Create (no id: into the draft) or edit (a rule of the draft). */
export const riskRuleSaveBodySchema = z.strictObject({
  id: idSchema.optional(),
  ruleCode: ruleCodeSchema.optional(),
  ruleName: nameText,
  className: z.string().trim().min(1).max(40),
  fieldName: z.string().trim().min(1).max(40),
  expression: z.enum(riskOperators),
  comparisonValue: z.string().trim().min(1).max(500),
  /** Points taken off the version's base score when the rule hits (negative adds points). */
  score: z.int().min(-1000).max(1000),
  weight: z.int().min(1).max(100),
  level: riskLevelSchema,
  enable: z.boolean(),
});
export const riskRuleEnableBodySchema = z.strictObject({ id: idSchema, enable: z.boolean() });
export const riskRuleDeleteBodySchema = z.strictObject({ id: idSchema });

export const riskThresholdOverrideSchema = z.strictObject({
  /** Null: every product. */
  productId: idSchema.nullable(),
  customerType: customerTypeChoiceSchema,
  rejectBelow: z.int().min(-100_000).max(100_000),
  passAbove: z.int().min(-100_000).max(100_000),
});
export type RiskThresholdOverride = z.infer<typeof riskThresholdOverrideSchema>;

export const riskBacktestResultSchema = z.object({
  id: z.int(),
  ruleSetId: z.int(),
  version: z.int(),
  revision: z.int(),
  /** True while the draft is unchanged since this back-test (publishing needs it). */
  current: z.boolean(),
  days: z.int(),
  ranAt: z.string(),
  /** Applications decided in the window (with a recorded feature snapshot). */
  evaluated: z.int(),
  /** Decisions that differ from the published version's on the same applications. */
  changed: z.int(),
  transitions: z.array(
    z.object({ from: riskDecisionSchema, to: riskDecisionSchema, count: z.int() }),
  ),
  draftDecisions: z.object({ pass: z.int(), refer: z.int(), reject: z.int() }),
  publishedDecisions: z.object({ pass: z.int(), refer: z.int(), reject: z.int() }),
  /** Disbursed loans the draft would have rejected, and how they went later. */
  newlyRejectedLoans: z.int(),
  newlyRejectedFpdPpm: ratePpm,
  newlyRejectedDpd7Ppm: ratePpm,
  newlyRejectedDpd30Ppm: ratePpm,
  /** The same measures over all disbursed loans of the window, for comparison. */
  allLoans: z.int(),
  allLoansFpdPpm: ratePpm,
});
export type RiskBacktestResult = z.infer<typeof riskBacktestResultSchema>;

export const riskVersionRowSchema = z.object({
  id: z.int(),
  version: z.int(),
  status: riskVersionStatusSchema,
  baseScore: z.int(),
  rejectBelow: z.int(),
  passAbove: z.int(),
  overrides: z.array(riskThresholdOverrideSchema),
  revision: z.int(),
  ruleCount: z.int(),
  enabledRuleCount: z.int(),
  decidedOrders: z.int(),
  createdAt: z.string(),
  publishedAt: z.string().nullable(),
  lastBacktest: riskBacktestResultSchema.nullable(),
});
export type RiskVersionRow = z.infer<typeof riskVersionRowSchema>;

export const riskVersionFiltersSchema = z.strictObject({
  status: riskVersionStatusSchema.optional(),
});
export const riskVersionListBodySchema = listRequestSchema(riskVersionFiltersSchema, ['version']);
export const riskVersionListRetSchema = listResultSchema(riskVersionRowSchema);

export const riskVersionIdBodySchema = z.strictObject({ id: idSchema });
export const riskVersionThresholdsBodySchema = z.strictObject({
  id: idSchema,
  baseScore: z.int().min(-100_000).max(100_000),
  rejectBelow: z.int().min(-100_000).max(100_000),
  passAbove: z.int().min(-100_000).max(100_000),
  overrides: z.array(riskThresholdOverrideSchema).max(50),
});
export const riskBacktestBodySchema = z.strictObject({
  id: idSchema,
  days: z.int().min(1).max(180),
});

/** riskConfig: global settings machine review reads before the rules. */
export const riskSettingsSchema = withRanges(
  z.strictObject({
    blacklistCheck: z.boolean(),
    maxOpenLoans: z.int().min(1).max(10),
    reapplyDaysAfterRejection: z.int().min(0).max(365),
    duplicateDeviceCheck: z.boolean(),
    duplicatePhoneCheck: z.boolean(),
    duplicatePanCheck: z.boolean(),
    duplicateBankAccountCheck: z.boolean(),
    minAge: z.int().min(18).max(100),
    maxAge: z.int().min(18).max(100),
    /** Indian states and union territories an applicant may live in; empty: all. */
    allowedRegions: z.array(z.string().trim().min(1).max(60)).max(40),
  }),
  ['minAge', 'maxAge'],
);
export type RiskSettings = z.infer<typeof riskSettingsSchema>;
export const riskSettingsRetSchema = z.strictObject({
  ...riskSettingsSchema.shape,
  updatedAt: z.string().nullable(),
});

const dateRange = {
  dateFrom: indiaDateSchema.optional(),
  dateTo: indiaDateSchema.optional(),
};

export const ruleHitRateRowSchema = z.object({
  /** `<ruleCode>:<date>`: one row per rule and India date. */
  id: z.string(),
  ruleCode: z.string(),
  ruleName: z.string(),
  date: indiaDateSchema,
  evaluated: z.int(),
  hit: z.int(),
  hitRatePpm: ratePpm,
});
export const ruleHitRateFiltersSchema = withRanges(
  z.strictObject({
    ruleCode: z.string().trim().max(20).optional(),
    ...dateRange,
  }),
  ['dateFrom', 'dateTo'],
);
export const ruleHitRateBodySchema = listRequestSchema(ruleHitRateFiltersSchema, [
  'date',
  'ruleCode',
  'evaluated',
  'hit',
  'hitRate',
]);
export const ruleHitRateRetSchema = listResultSchema(ruleHitRateRowSchema);

export const ruleHitDetailRowSchema = z.object({
  id: z.int(),
  orderId: z.int(),
  orderNo: z.string(),
  customerName: z.string(),
  customerPhone: z.string(),
  ruleCode: z.string(),
  ruleName: z.string(),
  version: z.int(),
  value: z.string().nullable(),
  score: z.int(),
  decision: riskDecisionSchema.nullable(),
  decidedAt: z.string(),
});
export const ruleHitDetailFiltersSchema = withRanges(
  z.strictObject({
    ruleCode: z.string().trim().max(20).optional(),
    ...dateRange,
  }),
  ['dateFrom', 'dateTo'],
);
export const ruleHitDetailBodySchema = listRequestSchema(ruleHitDetailFiltersSchema, [
  'id',
  'decidedAt',
]);
export const ruleHitDetailRetSchema = listResultSchema(ruleHitDetailRowSchema);

export const ruleAnalysisRowSchema = z.object({
  id: z.string(),
  ruleCode: z.string(),
  ruleName: z.string(),
  fieldName: z.string(),
  evaluated: z.int(),
  hit: z.int(),
  hitRatePpm: ratePpm,
  /** Of the applications that hit: share the machine passed or referred. */
  passRatePpm: ratePpm,
  loansHit: z.int(),
  loansNotHit: z.int(),
  fpdHitPpm: ratePpm,
  fpdNotHitPpm: ratePpm,
  dpd7HitPpm: ratePpm,
  dpd7NotHitPpm: ratePpm,
  dpd30HitPpm: ratePpm,
  dpd30NotHitPpm: ratePpm,
});
export const ruleAnalysisFiltersSchema = withRanges(z.strictObject({ ...dateRange }), [
  'dateFrom',
  'dateTo',
]);
export const ruleAnalysisBodySchema = listRequestSchema(ruleAnalysisFiltersSchema, [
  'ruleCode',
  'hitRate',
  'fpdHit',
]);
export const ruleAnalysisRetSchema = listResultSchema(ruleAnalysisRowSchema);

export const singleRuleAnalysisBodySchema = withRanges(
  z.strictObject({
    ruleCode: ruleCodeSchema,
    ...dateRange,
  }),
  ['dateFrom', 'dateTo'],
);
export const singleRuleAnalysisRetSchema = z.object({
  ruleCode: z.string(),
  ruleName: z.string(),
  fieldName: z.string(),
  days: z.array(
    z.object({
      date: indiaDateSchema,
      evaluated: z.int(),
      hit: z.int(),
      hitRatePpm: ratePpm,
      passRatePpm: ratePpm,
      loansHit: z.int(),
      fpdHitPpm: ratePpm,
      fpdNotHitPpm: ratePpm,
    }),
  ),
});

export const dataStatisticsBodySchema = withRanges(z.strictObject({ ...dateRange }), [
  'dateFrom',
  'dateTo',
]);
export const dataStatisticsRetSchema = z.object({
  dateFrom: indiaDateSchema,
  dateTo: indiaDateSchema,
  fields: z.array(
    z.object({
      field: z.string(),
      buckets: z.array(
        z.object({
          bucket: z.string(),
          applications: z.int(),
          approvals: z.int(),
          /** Disbursed loans of the bucket that were ever 1+ days overdue. */
          overdue: z.int(),
        }),
      ),
    }),
  ),
});

/** /toolMage/blacklist */
export const blacklistKindSchema = z.enum(['phone', 'pan', 'device', 'bankAccount']);
export const blacklistSourceSchema = z.enum(['manual', 'rejectionCode', 'fraud']);
export const blacklistRowSchema = z.object({
  id: z.int(),
  kind: blacklistKindSchema,
  /** Masked as the server masks personal data (devices shown whole). */
  value: z.string(),
  reason: z.string(),
  source: blacklistSourceSchema,
  addedBy: z.string().nullable(),
  addedAt: z.string(),
  hits: z.int(),
});
export const blacklistFiltersSchema = withRanges(
  z.strictObject({
    kind: blacklistKindSchema.optional(),
    source: blacklistSourceSchema.optional(),
    /** Exact match on the normalised value (a phone number, PAN, device id or account). */
    value: z.string().trim().max(64).optional(),
    ...dateRange,
  }),
  ['dateFrom', 'dateTo'],
);
export const blacklistListBodySchema = listRequestSchema(blacklistFiltersSchema, [
  'id',
  'addedAt',
  'hits',
]);
export const blacklistListRetSchema = listResultSchema(blacklistRowSchema);
export const blacklistAddBodySchema = z.strictObject({
  kind: blacklistKindSchema,
  value: z.string().trim().min(1).max(64),
  reason: z.string().trim().min(1).max(500),
  source: blacklistSourceSchema,
});
export const blacklistRemoveBodySchema = z.strictObject({
  id: idSchema,
  reason: z.string().trim().min(1).max(500),
});
