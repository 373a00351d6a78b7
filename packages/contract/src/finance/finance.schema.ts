import { z } from 'zod';
import { idSchema } from '../common/fields.js';
import {
  idempotencyKeySchema,
  indiaDateSchema,
  paiseSchema,
  signedPaiseSchema,
} from '../common/money.js';
import { listRequestSchema, listResultSchema } from '../common/pagination.js';
import { withRanges } from '../common/rules.js';
import {
  agreementChannelSchema,
  creditRefundDestinationSchema,
  creditRefundStatusSchema,
  refundPayeeSchema,
} from './unapplied-credits.schema.js';

/** An order number as staff type it: trimmed, upper-cased (`LN…`). */
const orderNoSchema = z.string().trim().toUpperCase().max(40);
const channelSchema = z.string().trim().max(50);

// ---------------------------------------------------------------------------------------------
// OrderLoan: the disbursement statement (every payout that left, and any that came back).

export const orderLoanStatusSchema = z.enum(['processed', 'reversed']);

/** One disbursal payout the gateway processed: what the borrower was lent and was paid. */
export const orderLoanRowSchema = z.object({
  id: z.int(),
  /** India date the gateway processed the payout: the statement's day. */
  date: indiaDateSchema,
  orderId: z.int(),
  orderNo: z.string(),
  customerName: z.string(),
  principalPaise: paiseSchema,
  processingFeePaise: paiseSchema,
  gstPaise: paiseSchema,
  netPaidPaise: paiseSchema,
  utr: z.string().nullable(),
  channel: z.string(),
  status: orderLoanStatusSchema,
});
export type OrderLoanRow = z.infer<typeof orderLoanRowSchema>;

export const orderLoanFiltersSchema = withRanges(
  z.strictObject({
    /** India dates, both inclusive. */
    dateFrom: indiaDateSchema.optional(),
    dateTo: indiaDateSchema.optional(),
    orderNo: orderNoSchema.optional(),
    channel: channelSchema.optional(),
    status: orderLoanStatusSchema.optional(),
  }),
  ['dateFrom', 'dateTo'],
);

export const orderLoanTotalsSchema = z.object({
  count: z.int(),
  principalPaise: paiseSchema,
  processingFeePaise: paiseSchema,
  gstPaise: paiseSchema,
  netPaidPaise: paiseSchema,
});
export type OrderLoanTotals = z.infer<typeof orderLoanTotalsSchema>;

export const orderLoanBodySchema = listRequestSchema(orderLoanFiltersSchema, [
  'id',
  'date',
  'netPaidPaise',
]);
/** The page, the totals of the whole filtered range, and each day's totals for the page's days. */
export const orderLoanRetSchema = listResultSchema(orderLoanRowSchema).extend({
  totals: orderLoanTotalsSchema,
  days: z.array(orderLoanTotalsSchema.extend({ date: indiaDateSchema })),
});

// ---------------------------------------------------------------------------------------------
// RepaymentOrder: the repayment statement, read from the ledger's repayment journals.

export const repaymentOrderKindSchema = z.enum(['repayment', 'reversal']);

/**
 * One repayment journal (money in) or its reversal (money back out, amounts negative), with
 * the split of what it paid. Value date is the journal's business date.
 */
export const repaymentOrderRowSchema = z.object({
  id: z.int(),
  /** The day the money came: earlier than the posting for a credit found late (decision 0065). */
  valueDate: indiaDateSchema,
  /** The business date the journal was booked on; the range filter and totals go by it. */
  postedDate: indiaDateSchema,
  kind: repaymentOrderKindSchema,
  serialNo: z.string(),
  orderId: z.int(),
  orderNo: z.string(),
  channel: z.string(),
  virtualAccountCode: z.string().nullable(),
  amountPaise: signedPaiseSchema,
  principalPaise: signedPaiseSchema,
  interestPaise: signedPaiseSchema,
  feePaise: signedPaiseSchema,
  gstPaise: signedPaiseSchema,
  penalPaise: signedPaiseSchema,
  excessPaise: signedPaiseSchema,
});
export type RepaymentOrderRow = z.infer<typeof repaymentOrderRowSchema>;

export const repaymentOrderFiltersSchema = withRanges(
  z.strictObject({
    dateFrom: indiaDateSchema.optional(),
    dateTo: indiaDateSchema.optional(),
    orderNo: orderNoSchema.optional(),
    channel: channelSchema.optional(),
    virtualAccountCode: channelSchema.optional(),
    kind: repaymentOrderKindSchema.optional(),
  }),
  ['dateFrom', 'dateTo'],
);

export const repaymentOrderTotalsSchema = z.object({
  count: z.int(),
  amountPaise: signedPaiseSchema,
  principalPaise: signedPaiseSchema,
  interestPaise: signedPaiseSchema,
  feePaise: signedPaiseSchema,
  gstPaise: signedPaiseSchema,
  penalPaise: signedPaiseSchema,
  excessPaise: signedPaiseSchema,
});
export type RepaymentOrderTotals = z.infer<typeof repaymentOrderTotalsSchema>;

export const repaymentOrderBodySchema = listRequestSchema(repaymentOrderFiltersSchema, [
  'id',
  'valueDate',
]);
export const repaymentOrderRetSchema = listResultSchema(repaymentOrderRowSchema).extend({
  totals: repaymentOrderTotalsSchema,
});

// ---------------------------------------------------------------------------------------------
// FinancialList: reconciliation per day, side and channel (docs/product.md §3, §4 checking
// statuses).

/** "Checking: not checked, failed, passed". */
export const checkingStatusSchema = z.enum(['not_checked', 'failed', 'passed']);
export type CheckingStatus = z.infer<typeof checkingStatusSchema>;
/** Payouts against the payout gateway, collections against the collection gateway. */
export const reconciliationSideSchema = z.enum(['payout', 'collection']);

export const reconciliationDayRowSchema = z.object({
  id: z.int(),
  date: indiaDateSchema,
  side: reconciliationSideSchema,
  channel: z.string(),
  systemAmountPaise: paiseSchema,
  systemCount: z.int(),
  /** Null when the third party has no statement to compare with (not checked). */
  thirdPartyAmountPaise: paiseSchema.nullable(),
  thirdPartyCount: z.int().nullable(),
  status: checkingStatusSchema,
  openBreaks: z.int(),
  breaks: z.int(),
  checkedAt: z.string(),
  /** Who ran the day's last reconciliation: the server's schedule or a staff member (named). */
  checkedBy: z.enum(['scheduled', 'staff']).nullable(),
  checkedByName: z.string().nullable(),
});
export type ReconciliationDayRow = z.infer<typeof reconciliationDayRowSchema>;

export const reconciliationDayFiltersSchema = withRanges(
  z.strictObject({
    dateFrom: indiaDateSchema.optional(),
    dateTo: indiaDateSchema.optional(),
    side: reconciliationSideSchema.optional(),
    status: checkingStatusSchema.optional(),
  }),
  ['dateFrom', 'dateTo'],
);
export const reconciliationDayBodySchema = listRequestSchema(reconciliationDayFiltersSchema, [
  'id',
  'date',
]);
export const reconciliationDayRetSchema = listResultSchema(reconciliationDayRowSchema);

export const breakKindSchema = z.enum(['amount_mismatch', 'ours_only', 'gateway_only']);
/** `refunding`: an unapplied credit's two-person refund is under way. */
export const breakStatusSchema = z.enum(['open', 'accepted', 'refunding', 'refunded', 'ignored']);
/** `apply`: an unapplied credit applied to a later loan with the borrower's agreement. */
export const breakActionSchema = z.enum(['accept', 'refund', 'apply', 'ignore']);

export const reconciliationBreakRowSchema = z.object({
  id: z.int(),
  dayId: z.int(),
  date: indiaDateSchema,
  side: reconciliationSideSchema,
  kind: breakKindSchema,
  /** The gateway's payment id. */
  reference: z.string(),
  orderNo: z.string().nullable(),
  oursPaise: paiseSchema.nullable(),
  gatewayPaise: paiseSchema.nullable(),
  status: breakStatusSchema,
  note: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  /** The book's credit the break is about, when it has one. */
  creditId: z.int().nullable(),
  /** An unapplied credit's refund the break started, and where it stands. */
  refundId: z.int().nullable(),
  refundStatus: creditRefundStatusSchema.nullable(),
});
export type ReconciliationBreakRow = z.infer<typeof reconciliationBreakRowSchema>;

export const reconciliationBreakFiltersSchema = z.strictObject({
  dayId: idSchema.optional(),
  kind: breakKindSchema.optional(),
  status: breakStatusSchema.optional(),
});
export const reconciliationBreakBodySchema = listRequestSchema(reconciliationBreakFiltersSchema, [
  'id',
]);
export const reconciliationBreakRetSchema = listResultSchema(reconciliationBreakRowSchema);

export const resolveBreakBodySchema = z.strictObject({
  breakId: idSchema,
  action: breakActionSchema,
  /** Required to ignore a break or to refund an unapplied credit; kept with the break. */
  reason: z.string().trim().max(500).optional(),
  /** Refund of an unapplied credit: where to (default the borrower's verified account). */
  refundTo: creditRefundDestinationSchema.optional(),
  payee: refundPayeeSchema.optional(),
  /** Apply: the borrower's later loan and how the borrower agreed. */
  orderNo: z.string().trim().toUpperCase().min(1).max(40).optional(),
  agreementChannel: agreementChannelSchema.optional(),
  agreementReference: z.string().trim().min(1).max(200).optional(),
  idempotencyKey: idempotencyKeySchema,
});
export const resolveBreakRetSchema = z.object({
  break: reconciliationBreakRowSchema,
  dayStatus: checkingStatusSchema,
});

export const runReconciliationBodySchema = z.strictObject({ date: indiaDateSchema });
export const runReconciliationRetSchema = z.object({
  days: z.array(reconciliationDayRowSchema),
});

// ---------------------------------------------------------------------------------------------
// Ledger reads: trial balance, GST on fees by month, daily cash flow.

export const trialBalanceBodySchema = z.strictObject({ date: indiaDateSchema });
export const trialBalanceRetSchema = z.object({
  date: indiaDateSchema,
  accounts: z.array(
    z.object({ account: z.string(), debitPaise: paiseSchema, creditPaise: paiseSchema }),
  ),
  totalDebitPaise: paiseSchema,
  totalCreditPaise: paiseSchema,
});

/** An India calendar month, `YYYY-MM`. */
export const indiaMonthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'a month YYYY-MM');

/** The longest range the ledger reads answer: GST by month and daily cash flow. */
export const GST_MONTHS_AT_MOST = 24;
export const CASH_FLOW_DAYS_AT_MOST = 92;

/** Both months inclusive; at most GST_MONTHS_AT_MOST months. */
export const gstByMonthFiltersSchema = withRanges(
  z.strictObject({
    monthFrom: indiaMonthSchema,
    monthTo: indiaMonthSchema,
  }),
  ['monthFrom', 'monthTo'],
);
/**
 * A list (so the list kit's background export takes it, decision 0064) whose filters are
 * required: without the range the read answers 400 naming `monthFrom`. One row per month.
 */
export const gstByMonthBodySchema = listRequestSchema(gstByMonthFiltersSchema, []);

/**
 * One India month's GST on fees, read from the ledger: the fees GST is charged on (the
 * processing and rollover fee income lines) and the GST payable lines of the same journals.
 * Reversals (a payout that came back, a fee restated by a value-dated repayment) are netted.
 */
export const gstMonthSchema = z.object({
  month: indiaMonthSchema,
  processingFeePaise: signedPaiseSchema,
  rolloverFeePaise: signedPaiseSchema,
  /** Processing and rollover fee: the base the GST was charged on. */
  feeBasePaise: signedPaiseSchema,
  /** GST credited to `liability:gst_payable` by fee postings. */
  gstChargedPaise: signedPaiseSchema,
  /** GST taken back by reversal journals (positive: an amount that reduces the GST). */
  gstReversedPaise: signedPaiseSchema,
  /** Charged less reversed: the month's GST payable movement. */
  gstNetPaise: signedPaiseSchema,
});
export type GstMonth = z.infer<typeof gstMonthSchema>;
export const gstByMonthRetSchema = listResultSchema(gstMonthSchema).extend({
  totals: gstMonthSchema.omit({ month: true }),
});

/** Both dates inclusive; at most CASH_FLOW_DAYS_AT_MOST days. */
export const cashFlowFiltersSchema = withRanges(
  z.strictObject({
    dateFrom: indiaDateSchema,
    dateTo: indiaDateSchema,
  }),
  ['dateFrom', 'dateTo'],
);
/** A list with required filters, like GST by month: without the range, 400 naming `dateFrom`. */
export const cashFlowBodySchema = listRequestSchema(cashFlowFiltersSchema, []);

/**
 * One India day's cash, read from the ledger's cash accounts: money paid out to borrowers,
 * money collected from them, refunds, and the net. Moves between the lender's own cash
 * accounts (float top-ups, payout reservations) are not cash flow and net to nothing.
 */
export const cashFlowDaySchema = z.object({
  date: indiaDateSchema,
  /** Net loan amounts paid out (disbursal journals' credit to payout clearing). */
  disbursedPaise: signedPaiseSchema,
  /** Disbursal payouts that came back (reversals of disbursals). */
  payoutReturnedPaise: signedPaiseSchema,
  /** Repayments and rollover payments in, less repayments reversed (bounces). */
  collectedPaise: signedPaiseSchema,
  /** Overpayments refunded to borrowers. */
  refundedPaise: signedPaiseSchema,
  /** Reward wallet withdrawals paid to borrowers. */
  walletPaidPaise: signedPaiseSchema,
  /** In less out: the sum of every cash account line of the day. */
  netPaise: signedPaiseSchema,
});
export type CashFlowDay = z.infer<typeof cashFlowDaySchema>;
export const cashFlowRetSchema = listResultSchema(cashFlowDaySchema).extend({
  totals: cashFlowDaySchema.omit({ date: true }),
});
