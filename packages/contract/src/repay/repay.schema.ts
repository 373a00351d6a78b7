import { z } from 'zod';
import { idSchema, phoneSearchSchema } from '../common/fields.js';
import { indiaDateSchema, paiseSchema } from '../common/money.js';
import { listRequestSchema, listResultSchema } from '../common/pagination.js';
import { crossFieldRules, withRanges } from '../common/rules.js';

/** The statuses of an order with money owing: not yet due, due today, overdue. */
export const owingStatusSchema = z.enum(['ACTIVE', 'DUE', 'OVERDUE']);
export type OwingStatus = z.infer<typeof owingStatusSchema>;

/** An order number as staff type it: trimmed, upper-cased (`LN…`). */
const orderNoSchema = z.string().trim().toUpperCase().max(40);

/**
 * /repay/repayPlan: one open order with money owing. Personal data arrives masked. `due*` are
 * what is owed of each component as of the last day-end; `outstandingPaise` is their sum;
 * `clearingTodayPaise` is the engine's amount that clears the loan today (India date
 * `clearingDate`), which adds the days accrued since the last day-end.
 */
export const repayPlanRowSchema = z.object({
  id: z.int(),
  orderNo: z.string(),
  customerName: z.string(),
  customerPhone: z.string(),
  status: owingStatusSchema,
  principalPaise: paiseSchema,
  dueDate: indiaDateSchema,
  overdueDays: z.int(),
  rolloverCount: z.int(),
  duePrincipalPaise: paiseSchema,
  dueInterestPaise: paiseSchema,
  dueFeePaise: paiseSchema,
  dueGstPaise: paiseSchema,
  duePenalPaise: paiseSchema,
  /** Money received and not reversed (rollover payments included). */
  paidPaise: paiseSchema,
  outstandingPaise: paiseSchema,
  clearingTodayPaise: paiseSchema,
  clearingDate: indiaDateSchema,
  /**
   * A waiver above the approval amount (decision 0045) or a write-off (decision 0050), asked for
   * and not yet decided: at most one waits per order.
   */
  pendingWaiver: z
    .object({
      id: z.int(),
      kind: z.enum(['waiver', 'writeOff']),
      /**
       * What it waived when asked: the parts, or what clearing cost that day for a settlement
       * or a write-off.
       */
      amountPaise: paiseSchema,
      /** What it takes off today: a settlement grows as charges accrue. Approval confirms it. */
      toWaivePaise: paiseSchema,
      settle: z.boolean(),
      reason: z.string(),
      requestedBy: z.string(),
      /** Asked for by the caller: they cannot decide it (another person must). */
      yours: z.boolean(),
      requestedAt: z.string(),
    })
    .nullable(),
});
export type RepayPlanRow = z.infer<typeof repayPlanRowSchema>;

export const repayPlanFiltersSchema = withRanges(
  z.strictObject({
    orderNo: orderNoSchema.optional(),
    /** Exact match on the normalised 10-digit number, never a partial one. */
    phone: phoneSearchSchema.optional(),
    status: owingStatusSchema.optional(),
    /** India dates, both inclusive. */
    dueDateFrom: indiaDateSchema.optional(),
    dueDateTo: indiaDateSchema.optional(),
    overdueDaysMin: z.int().min(0).max(100_000).optional(),
    /** Only orders with a waiver waiting for a second person's approval. */
    waiverPending: z.boolean().optional(),
    /** Only orders with a write-off waiting for a second person's approval. */
    writeOffPending: z.boolean().optional(),
  }),
  ['dueDateFrom', 'dueDateTo'],
);
export const repayPlanBodySchema = listRequestSchema(repayPlanFiltersSchema, [
  'id',
  'dueDate',
  'overdueDays',
]);
export const repayPlanRetSchema = listResultSchema(repayPlanRowSchema);

/** Repayment type: normal or renew (a rollover payment)… */
export const repaymentKindSchema = z.enum(['normal', 'renew']);
/** …and full (it cleared the loan) or partial (a balance remained); none for a renewal. */
export const repaymentCoverageSchema = z.enum(['full', 'partial']);
export const repaymentRecordStatusSchema = z.enum(['posted', 'reversed']);

/** /repay/repaymentRecord: one repayment with its allocation per component (docs/product.md §3). */
export const repaymentRecordSchema = z.object({
  id: z.int(),
  serialNo: z.string(),
  orderId: z.int(),
  orderNo: z.string(),
  customerName: z.string(),
  channel: z.string(),
  virtualAccountCode: z.string().nullable(),
  /** The gateway's payment id or the bank reference (UTR) staff entered. */
  reference: z.string().nullable(),
  amountPaise: paiseSchema,
  principalPaise: paiseSchema,
  interestPaise: paiseSchema,
  feePaise: paiseSchema,
  gstPaise: paiseSchema,
  penalPaise: paiseSchema,
  excessPaise: paiseSchema,
  /** The business date the money was applied as of (India date). */
  valueDate: indiaDateSchema,
  /** When it was posted (instant, ISO). */
  postedAt: z.string(),
  kind: repaymentKindSchema,
  coverage: repaymentCoverageSchema.nullable(),
  status: repaymentRecordStatusSchema,
  reversedAt: z.string().nullable(),
  reversalReason: z.string().nullable(),
});
export type RepaymentRecord = z.infer<typeof repaymentRecordSchema>;

export const repaymentRecordFiltersSchema = withRanges(
  z.strictObject({
    orderNo: orderNoSchema.optional(),
    serialNo: z.string().trim().toUpperCase().max(40).optional(),
    channel: z.string().trim().max(50).optional(),
    virtualAccountCode: z.string().trim().max(50).optional(),
    kind: repaymentKindSchema.optional(),
    coverage: repaymentCoverageSchema.optional(),
    status: repaymentRecordStatusSchema.optional(),
    /** Value dates (India), both inclusive. */
    valueDateFrom: indiaDateSchema.optional(),
    valueDateTo: indiaDateSchema.optional(),
  }),
  ['valueDateFrom', 'valueDateTo'],
);
export const repaymentRecordBodySchema = listRequestSchema(repaymentRecordFiltersSchema, [
  'id',
  'postedAt',
  'valueDate',
  'amountPaise',
]);
export const repaymentRecordRetSchema = listResultSchema(repaymentRecordSchema);

/**
 * /repay/repayQuery: an order by its number, or the orders of a phone number; what clears
 * each on `date` (India date, today when absent; never before today).
 */
export const repayQueryBodySchema = z
  .strictObject({
    orderNo: orderNoSchema.optional(),
    phone: phoneSearchSchema.optional(),
    date: indiaDateSchema.optional(),
  })
  .refine((body) => Boolean(body.orderNo) || Boolean(body.phone), {
    message: 'order number cannot be empty',
    path: ['orderNo'],
  })
  .meta(crossFieldRules('orderNo or phone: at least one of the two, not empty'));
export type RepayQueryBody = z.input<typeof repayQueryBodySchema>;

const componentAmountsSchema = z.object({
  principalPaise: paiseSchema,
  interestPaise: paiseSchema,
  feePaise: paiseSchema,
  gstPaise: paiseSchema,
  penalPaise: paiseSchema,
});

/** The borrower app's own rollover quote (same service), as of the query's date. */
export const repayQueryRolloverSchema = z.object({
  available: z.boolean(),
  /** Why not (the engine's refusal, e.g. MAX_ROLLOVERS_REACHED), when not available. */
  reason: z.string().nullable(),
  interestPaise: paiseSchema,
  feePaise: paiseSchema,
  gstPaise: paiseSchema,
  penalPaise: paiseSchema,
  totalPaise: paiseSchema,
  newDueDate: indiaDateSchema.nullable(),
  rolloverNumber: z.int().nullable(),
});

/** Where the borrower pays: their own virtual account and UPI id (as the app shows them). */
export const repayQueryInstructionsSchema = z.object({
  beneficiaryName: z.string(),
  virtualAccount: z.object({ accountNumber: z.string(), ifsc: z.string() }),
  upiId: z.string().nullable(),
});

export const repayQueryOrderSchema = z.object({
  id: idSchema,
  orderNo: z.string(),
  customerName: z.string(),
  customerPhone: z.string(),
  status: z.string(),
  dueDate: indiaDateSchema.nullable(),
  overdueDays: z.int(),
  rolloverCount: z.int(),
  /** Null when the order has nothing to repay (not disbursed, or closed). */
  clearing: componentAmountsSchema
    .extend({ totalPaise: paiseSchema, date: indiaDateSchema, overdueDays: z.int() })
    .nullable(),
  rollover: repayQueryRolloverSchema,
  /** Null when nothing is owed, or when `instructionsMissing` says why. */
  instructions: repayQueryInstructionsSchema.nullable(),
  /**
   * Why an order that owes money has no instructions: the borrower's app has not opened their
   * payment account yet (the query reads, it never opens one: decision 0058).
   */
  instructionsMissing: z.enum(['noPaymentAccountYet']).nullable(),
});
export type RepayQueryOrder = z.infer<typeof repayQueryOrderSchema>;

export const repayQueryRetSchema = z.object({
  date: indiaDateSchema,
  /** Newest first; empty when nothing matches. */
  orders: z.array(repayQueryOrderSchema),
});
export type RepayQueryRet = z.infer<typeof repayQueryRetSchema>;
