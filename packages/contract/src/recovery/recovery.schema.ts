import { z } from 'zod';
import { idSchema, phoneSearchSchema } from '../common/fields.js';
import { indiaDateSchema, paiseSchema, positivePaiseSchema } from '../common/money.js';
import { listRequestSchema, listResultSchema } from '../common/pagination.js';
import { crossFieldRules, withRanges } from '../common/rules.js';
import { assetClassSchema } from '../loan-book/loan-book.schema.js';

/** Pre-collection (orders coming due) or collection (overdue orders). */
export const caseKindSchema = z.enum(['pre', 'collection']);
export type CaseKind = z.infer<typeof caseKindSchema>;
/** open: being worked; finished: repaid in full; closed: left otherwise (rollover, write-off, became overdue). */
export const caseStatusSchema = z.enum(['open', 'finished', 'closed']);
export type CaseStatus = z.infer<typeof caseStatusSchema>;
export const caseOutcomeSchema = z.enum(['repaid', 'rollover', 'overdue', 'writtenOff', 'other']);
/** Follow: promise, connected, not connected. */
export const followResultSchema = z.enum(['promise', 'connected', 'notConnected']);
export type FollowResult = z.infer<typeof followResultSchema>;
export const contactChannelSchema = z.enum(['call', 'sms', 'whatsapp', 'email', 'visit']);
export type ContactChannel = z.infer<typeof contactChannelSchema>;
export const dispatchModeSchema = z.enum(['leastLoaded', 'roundRobin', 'ratio']);
export type DispatchMode = z.infer<typeof dispatchModeSchema>;
/**
 * Why a case waits in the pool: no active group takes its stage, no one on duty, no one on duty
 * but the collector it was taken from for broken promises, every cap full.
 */
export const undispatchedReasonSchema = z.enum([
  'noGroup',
  'noCollector',
  'noOtherCollector',
  'capsFull',
]);
export type UndispatchedReason = z.infer<typeof undispatchedReasonSchema>;
export const caseMoveReasonSchema = z.enum([
  'opened',
  'auto',
  'manual',
  'takeBack',
  'moveBook',
  'stageChange',
  'keepExpired',
  /** Taken from its collector after too many broken promises (decision 0056). */
  'brokenPromises',
  'closed',
]);

const orderNoSchema = z.string().trim().toUpperCase().max(40);
const remarksSchema = z.string().trim().max(500);
const stageCodeSchema = z.string().trim().min(1).max(20);

/** One case as the lists show it. Personal data arrives masked. */
export const caseRowSchema = z.object({
  id: z.int(),
  kind: caseKindSchema,
  orderId: z.int(),
  orderNo: z.string(),
  customerName: z.string(),
  customerPhone: z.string(),
  status: caseStatusSchema,
  outcome: caseOutcomeSchema.nullable(),
  stage: z.string(),
  dueDate: indiaDateSchema,
  overdueDays: z.int(),
  /** The order's asset class while it owes (last day-end); null once it owes nothing. */
  rbiClass: assetClassSchema.nullable(),
  /** The order was rolled over while already past due (a rescheduling). */
  rescheduled: z.boolean(),
  /** What the order owed when the case was assigned (or opened), and owes now. */
  owedAtAssignmentPaise: paiseSchema,
  outstandingPaise: paiseSchema,
  /** Money received on the order since the case was opened. */
  recoveredPaise: paiseSchema,
  collectorId: z.int().nullable(),
  collectorName: z.string().nullable(),
  groupId: z.int().nullable(),
  groupName: z.string().nullable(),
  undispatchedReason: undispatchedReasonSchema.nullable(),
  followStatus: followResultSchema.nullable(),
  promiseDate: indiaDateSchema.nullable(),
  promisePaise: paiseSchema.nullable(),
  promiseBroken: z.boolean(),
  /** The open promise falls due today (India date). */
  promiseToday: z.boolean(),
  lastContactAt: z.string().nullable(),
  attemptsToday: z.int(),
  assignedAt: z.string().nullable(),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
});
export type CaseRow = z.infer<typeof caseRowSchema>;

export const caseFiltersSchema = withRanges(
  z.strictObject({
    kind: caseKindSchema.optional(),
    /** open = being worked; done = finished or closed. */
    state: z.enum(['open', 'done']).optional(),
    /** Cases with no follow-up yet (false) or with at least one (true). */
    followedUp: z.boolean().optional(),
    /** Only the signed-in collector's own cases (myPreCollectionManage). */
    mine: z.boolean().optional(),
    assigned: z.boolean().optional(),
    orderNo: orderNoSchema.optional(),
    phone: phoneSearchSchema.optional(),
    stage: stageCodeSchema.optional(),
    overdueDaysMin: z.int().min(0).max(100_000).optional(),
    overdueDaysMax: z.int().min(0).max(100_000).optional(),
    amountMin: paiseSchema.optional(),
    amountMax: paiseSchema.optional(),
    collectorId: idSchema.optional(),
    groupId: idSchema.optional(),
    followStatus: followResultSchema.optional(),
    /** Last contact, India dates, both inclusive. */
    lastContactFrom: indiaDateSchema.optional(),
    lastContactTo: indiaDateSchema.optional(),
    /** Cases whose order owes (ACTIVE, DUE, OVERDUE) in this asset class at the last day-end. */
    rbiClass: assetClassSchema.optional(),
    /** Cases whose order was rolled over while already past due (a rescheduling), or not. */
    rescheduled: z.boolean().optional(),
  }),
  ['overdueDaysMin', 'overdueDaysMax'],
  ['amountMin', 'amountMax'],
  ['lastContactFrom', 'lastContactTo'],
);
export const caseListBodySchema = listRequestSchema(caseFiltersSchema, [
  'id',
  'priority',
  'overdueDays',
  'dueDate',
  'lastContactAt',
  'openedAt',
]);
export const caseListRetSchema = listResultSchema(caseRowSchema);

export const caseRefSchema = z.strictObject({ caseId: idSchema });

export const caseMoveSchema = z.object({
  id: z.int(),
  reason: caseMoveReasonSchema,
  fromCollector: z.string().nullable(),
  toCollector: z.string().nullable(),
  fromStage: z.string().nullable(),
  toStage: z.string().nullable(),
  actor: z.string().nullable(),
  note: z.string().nullable(),
  at: z.string(),
});
export const followUpSchema = z.object({
  id: z.int(),
  collector: z.string().nullable(),
  channel: contactChannelSchema,
  result: followResultSchema.nullable(),
  detailCode: z.string().nullable(),
  promiseDate: indiaDateSchema.nullable(),
  promisePaise: paiseSchema.nullable(),
  remarks: z.string().nullable(),
  /** A contact the conduct guard refused (outside 08:00–19:00 India time or over the cap). */
  refused: z.boolean(),
  refusal: z.string().nullable(),
  at: z.string(),
});
export const promiseSchema = z.object({
  id: z.int(),
  dueDate: indiaDateSchema,
  amountPaise: paiseSchema,
  instalment: z.int().nullable(),
  /** replaced: a later promise on the case took its place. */
  status: z.enum(['open', 'kept', 'broken', 'replaced']),
});
/** The hidden detail pages: the case, its history, follow-ups, promises and the contact panel. */
export const caseDetailRetSchema = z.object({
  case: caseRowSchema,
  moves: z.array(caseMoveSchema),
  followUps: z.array(followUpSchema),
  promises: z.array(promiseSchema),
  contact: z.object({
    /** Masked: the collector dials through the console's record, never a copied number. */
    phone: z.string(),
    windowStart: z.string(),
    windowEnd: z.string(),
    /** India time now is inside the contact hours. */
    withinHours: z.boolean(),
    attemptsToday: z.int(),
    attemptCap: z.int(),
  }),
});
export type CaseDetail = z.infer<typeof caseDetailRetSchema>;
/** The detail by order number (the hidden detail routes carry `?orderNo=`). */
export const caseDetailBodySchema = z
  .strictObject({ caseId: idSchema.optional(), orderNo: orderNoSchema.optional() })
  .refine((b) => b.caseId !== undefined || Boolean(b.orderNo), {
    message: 'order number cannot be empty',
    path: ['orderNo'],
  })
  .meta(crossFieldRules('caseId or orderNo: at least one of the two, orderNo not empty'));

export const followUpBodySchema = z
  .strictObject({
    caseId: idSchema,
    channel: contactChannelSchema,
    result: followResultSchema,
    detailCode: z.string().trim().max(40).optional(),
    promiseDate: indiaDateSchema.optional(),
    promisePaise: positivePaiseSchema.optional(),
    remarks: remarksSchema.min(1, 'fill remarks'),
  })
  .refine((b) => b.result !== 'promise' || b.promiseDate !== undefined, {
    message: 'a promise needs its date',
    path: ['promiseDate'],
  })
  .refine((b) => b.result !== 'promise' || b.promisePaise !== undefined, {
    message: 'a promise needs its amount',
    path: ['promisePaise'],
  })
  .meta(crossFieldRules('result promise needs promiseDate and promisePaise'));
export const followUpRetSchema = z.object({ followUpId: z.int() });

export const instalmentPlanBodySchema = z.strictObject({
  caseId: idSchema,
  instalments: z
    .array(z.strictObject({ dueDate: indiaDateSchema, amountPaise: positivePaiseSchema }))
    .min(2)
    .max(4),
  remarks: remarksSchema.min(1, 'fill remarks'),
});
export const sendReminderBodySchema = z.strictObject({ caseId: idSchema });
export const sendReminderRetSchema = z.object({ messageId: z.string() });

/** Groups (groupManage / collectioGroupManage). */
export const groupRowSchema = z.object({
  id: z.int(),
  kind: caseKindSchema,
  name: z.string(),
  stages: z.array(z.string()),
  dailyCap: z.int(),
  dispatchMode: dispatchModeSchema,
  keepDays: z.int(),
  active: z.boolean(),
  /**
   * The group's own broken-promise rule: after this many of the holder's promises broke, the
   * day-end re-dispatches the case; 0: never; null: the operations setting
   * recovery_broken_promise_limit (decision 0066).
   */
  brokenPromiseLimit: z.int().nullable(),
  /** The rule in force for the group: its own, else the operations setting. */
  brokenPromiseLimitInForce: z.int(),
  members: z.int(),
  openCases: z.int(),
});
export type GroupRow = z.infer<typeof groupRowSchema>;
export const collectionGroupListBodySchema = listRequestSchema(
  z.strictObject({ kind: caseKindSchema.optional(), active: z.boolean().optional() }),
  ['id', 'name'],
);
export const collectionGroupListRetSchema = listResultSchema(groupRowSchema);
export const saveGroupBodySchema = z.strictObject({
  id: idSchema.optional(),
  kind: caseKindSchema,
  name: z.string().trim().min(1).max(80),
  stages: z.array(stageCodeSchema).min(1).max(10),
  dailyCap: z.int().min(1).max(10_000),
  dispatchMode: dispatchModeSchema,
  keepDays: z.int().min(1).max(365),
  active: z.boolean(),
  /** 0–10 (0: never); null: the operations setting; absent: unchanged (null for a new group). */
  brokenPromiseLimit: z.int().min(0).max(10).nullable().optional(),
});
export const groupRefSchema = z.strictObject({ id: idSchema });

/** Collectors (userManage / collectionUserManage). */
export const collectorRowSchema = z.object({
  userId: z.int(),
  name: z.string(),
  email: z.string(),
  groupId: z.int(),
  groupName: z.string(),
  kind: caseKindSchema,
  onDuty: z.boolean(),
  /** Daily cap of new cases (the group's when not set). */
  dailyCap: z.int(),
  weight: z.int(),
  openCases: z.int(),
  assignedToday: z.int(),
  contactsToday: z.int(),
  recoveredThisMonthPaise: paiseSchema,
});
export type CollectorRow = z.infer<typeof collectorRowSchema>;
export const collectorListBodySchema = listRequestSchema(
  z.strictObject({
    kind: caseKindSchema.optional(),
    groupId: idSchema.optional(),
    onDuty: z.boolean().optional(),
  }),
  ['userId', 'name'],
);
export const collectorListRetSchema = listResultSchema(collectorRowSchema);
export const saveCollectorBodySchema = z.strictObject({
  userId: idSchema,
  groupId: idSchema,
  onDuty: z.boolean(),
  dailyCap: z.int().min(1).max(10_000).nullable(),
  weight: z.int().min(1).max(10),
});

/** Dispatch (dispatchManage / collectionDispatchManage). */
export const manualDispatchBodySchema = z.strictObject({
  caseIds: z.array(idSchema).min(1, 'select orders to allocate').max(500),
  /** The receiver ('select a pre-receiver'). */
  collectorId: idSchema,
});
export const takeBackBodySchema = z.strictObject({
  caseIds: z.array(idSchema).min(1, 'select orders to allocate').max(500),
  remarks: remarksSchema.min(1, 'fill remarks'),
});
export const moveBookBodySchema = z.strictObject({
  fromCollectorId: idSchema,
  toCollectorId: idSchema,
});
export const dispatchResultSchema = z.object({
  dispatched: z.int(),
  undispatched: z.array(z.object({ caseId: z.int(), reason: undispatchedReasonSchema })),
});
export const runDispatchBodySchema = z.strictObject({ kind: caseKindSchema });

/** collectionDailyProcess / preDailyProcess: one collector (or group total) for a day. */
export const dailyProcessRowSchema = z.object({
  id: z.string(),
  collectorId: z.int().nullable(),
  collectorName: z.string().nullable(),
  groupName: z.string(),
  held: z.int(),
  newCases: z.int(),
  contacted: z.int(),
  connected: z.int(),
  promises: z.int(),
  promisesKept: z.int(),
  recoveredPaise: paiseSchema,
  cleared: z.int(),
  refused: z.int(),
});
export const dailyProcessBodySchema = z.strictObject({
  kind: caseKindSchema,
  date: indiaDateSchema.optional(),
});
export const dailyProcessRetSchema = z.object({
  date: indiaDateSchema,
  list: z.array(dailyProcessRowSchema),
});

/** summaryCollectinOrders / performance / performance2. Rates are ppm (never integer %). */
export const performanceRowSchema = z.object({
  key: z.string(),
  label: z.string(),
  cases: z.int(),
  recoveredCases: z.int(),
  owedPaise: paiseSchema,
  recoveredPaise: paiseSchema,
  countRatePpm: z.int().nullable(),
  amountRatePpm: z.int().nullable(),
  promises: z.int(),
  promisesKept: z.int(),
  promiseKeptPpm: z.int().nullable(),
  contacted: z.int(),
  contactRatePpm: z.int().nullable(),
  rolled: z.int(),
  rollRatePpm: z.int().nullable(),
});
export type PerformanceRow = z.infer<typeof performanceRowSchema>;
export const performanceBodySchema = withRanges(
  z.strictObject({
    kind: caseKindSchema,
    by: z.enum(['collector', 'group', 'stage', 'month']),
    /** Cases opened in this range (India dates, inclusive). */
    dateFrom: indiaDateSchema.optional(),
    dateTo: indiaDateSchema.optional(),
  }),
  ['dateFrom', 'dateTo'],
);
export const performanceRetSchema = z.object({
  list: z.array(performanceRowSchema),
  total: performanceRowSchema,
});

/** A calendar month, `YYYY-MM`. */
const monthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'a month YYYY-MM');

/**
 * performance2: the stage flow of collection cases by month (decision 0044). Each row is the
 * cases that entered one stage in one India month (opened there or rolled into it), and what
 * became of them in that stage. Rates are ppm, null when nothing to divide by.
 */
export const stageFlowRowSchema = z.object({
  key: z.string(),
  month: z.string(),
  stage: z.string(),
  /** The stage a case of this one rolls into (null for the last stage). */
  nextStage: z.string().nullable(),
  entered: z.int(),
  /** Moved on to a later stage. */
  rolled: z.int(),
  rollRatePpm: z.int().nullable(),
  /** Repaid in full while in this stage. */
  repaid: z.int(),
  repaidRatePpm: z.int().nullable(),
  /** Still in this stage today. */
  stillOpen: z.int(),
  /** What the orders owed when they entered the stage. */
  owedPaise: paiseSchema,
  /** Received while in the stage (at most what was owed at entry, case by case). */
  recoveredPaise: paiseSchema,
  amountRatePpm: z.int().nullable(),
  contacted: z.int(),
  contactRatePpm: z.int().nullable(),
  promises: z.int(),
  promisesKept: z.int(),
  promiseKeptPpm: z.int().nullable(),
});
export type StageFlowRow = z.infer<typeof stageFlowRowSchema>;
export const stageFlowBodySchema = withRanges(
  z.strictObject({
    /** Entries from this month (default: five months before `monthTo`). */
    monthFrom: monthSchema.optional(),
    /** Entries up to this month (default: this India month). */
    monthTo: monthSchema.optional(),
  }),
  ['monthFrom', 'monthTo'],
);
export const stageFlowRetSchema = z.object({
  monthFrom: z.string(),
  monthTo: z.string(),
  /** The collection stages in order. */
  stages: z.array(z.string()),
  /** Month by month, stages in order within a month. */
  list: z.array(stageFlowRowSchema),
});
export type StageFlowRet = z.infer<typeof stageFlowRetSchema>;

/** Settings of the recovery rules (stages, window); the conduct guard's are operations settings. */
export const recoverySettingsSchema = z.object({
  preWindowDays: z.int(),
  stages: z.array(z.object({ code: z.string(), from: z.int(), to: z.int().nullable() })),
});
export type RecoverySettings = z.infer<typeof recoverySettingsSchema>;
