import { z } from 'zod';
import { indiaDateSchema, signedPaiseSchema } from '../common/money.js';
import { listRequestSchema, listResultSchema } from '../common/pagination.js';
import { withRanges } from '../common/rules.js';
import { indiaMonthSchema } from './finance.schema.js';

// ---------------------------------------------------------------------------------------------
// Closed days and locked months: the adjustments report and the month locks.

/**
 * The operations setting `locked_period_posting`: what a value-dated posting whose value date
 * falls in a locked month does. `adjust` (the default) values it on the first day after the
 * locked period, with a note; `refuse` answers 400 naming `valueDate`.
 */
export const lockedPeriodPostingSchema = z.enum(['adjust', 'refuse']);
export type LockedPeriodPosting = z.infer<typeof lockedPeriodPostingSchema>;
export const LOCKED_PERIOD_POSTING_DEFAULT: LockedPeriodPosting = 'adjust';

/**
 * A journal's net amount per kind of ledger account, by the account's prefix
 * (`loans_receivable:`, `income:`, `suspense:`, `cash:`, `liability:`, `expense:`): debit
 * positive, credit negative. A journal's amounts over every kind sum to zero.
 */
const kindAmounts = {
  receivablePaise: signedPaiseSchema,
  incomePaise: signedPaiseSchema,
  suspensePaise: signedPaiseSchema,
  /** Cash and clearing accounts (`cash:`). */
  cashPaise: signedPaiseSchema,
  liabilityPaise: signedPaiseSchema,
  expensePaise: signedPaiseSchema,
};

/**
 * One journal posted on a business day later than the day it belongs to: a value-dated
 * posting's reversals, payment and replays, or a journal of a closed day booked on the next
 * open one. Its net amount per kind of account.
 */
export const adjustmentRowSchema = z.object({
  /** The journal's id. */
  id: z.int(),
  /** The business date it was booked on: the range filter and the totals go by it. */
  postedDate: indiaDateSchema,
  /** The day it corrects (the day it belongs to), before the posted date. */
  valueDate: indiaDateSchema,
  /** Null for a journal of no order (wallet and payout-account journals). */
  orderId: z.int().nullable(),
  orderNo: z.string().nullable(),
  /** The ledger event (`interestAccrual`, `repayment`, `valueDateReversal`…). */
  event: z.string(),
  /** For a reversal: the event it undoes. */
  reverses: z.string().nullable(),
  /** Why it was posted on another day ("value date X, posted Y", "belongs to closed day X"). */
  reason: z.string().nullable(),
  ...kindAmounts,
});
export type AdjustmentRow = z.infer<typeof adjustmentRowSchema>;

export const adjustmentFiltersSchema = withRanges(
  z.strictObject({
    /** Posting dates (business dates), both inclusive. */
    dateFrom: indiaDateSchema.optional(),
    dateTo: indiaDateSchema.optional(),
    orderNo: z.string().trim().toUpperCase().max(40).optional(),
  }),
  ['dateFrom', 'dateTo'],
);
export const adjustmentBodySchema = listRequestSchema(adjustmentFiltersSchema, [
  'id',
  'postedDate',
  'valueDate',
]);
export const adjustmentTotalsSchema = z.object({ count: z.int(), ...kindAmounts });
export type AdjustmentTotals = z.infer<typeof adjustmentTotalsSchema>;
/** The page, and the totals per kind of account of every journal the filters match. */
export const adjustmentRetSchema = listResultSchema(adjustmentRowSchema).extend({
  totals: adjustmentTotalsSchema,
});

/** One month lock: who locked it, when and why. */
export const periodLockRowSchema = z.object({
  id: z.int(),
  month: indiaMonthSchema,
  /** The month's last day: the ledger is locked through it (and so through every day before). */
  lockedThrough: indiaDateSchema,
  reason: z.string(),
  lockedBy: z.string().nullable(),
  lockedAt: z.string(),
});
export type PeriodLockRow = z.infer<typeof periodLockRowSchema>;

export const periodLockBodySchema = listRequestSchema(z.strictObject({}), ['id']);
/** The locks, newest first, with where the ledger stands and the setting in force. */
export const periodLockRetSchema = listResultSchema(periodLockRowSchema).extend({
  /** The last business date the day-end closed; null before the first. */
  closedThrough: indiaDateSchema.nullable(),
  /** The last locked day; null while no month is locked. */
  lockedThrough: indiaDateSchema.nullable(),
  /** The latest month that may be locked now (every day closed, not yet locked), if any. */
  lockableMonth: indiaMonthSchema.nullable(),
  /** The operations setting `locked_period_posting` in force. */
  postingMode: lockedPeriodPostingSchema,
});

export const lockMonthBodySchema = z.strictObject({
  month: indiaMonthSchema,
  /** Why it is locked (kept with the lock and in the audit trail). */
  reason: z.string().trim().min(1).max(500),
});
export const lockMonthRetSchema = z.object({
  lock: periodLockRowSchema,
  lockedThrough: indiaDateSchema,
});
