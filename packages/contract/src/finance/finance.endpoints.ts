import { defineEndpoint } from '../endpoint.js';
import {
  cashFlowBodySchema,
  cashFlowRetSchema,
  gstByMonthBodySchema,
  gstByMonthRetSchema,
  orderLoanBodySchema,
  orderLoanRetSchema,
  reconciliationBreakBodySchema,
  reconciliationBreakRetSchema,
  reconciliationDayBodySchema,
  reconciliationDayRetSchema,
  repaymentOrderBodySchema,
  repaymentOrderRetSchema,
  resolveBreakBodySchema,
  resolveBreakRetSchema,
  runReconciliationBodySchema,
  runReconciliationRetSchema,
  trialBalanceBodySchema,
  trialBalanceRetSchema,
} from './finance.schema.js';
import {
  applyCreditBodySchema,
  applyCreditRetSchema,
  creditRefundSchema,
  requestCreditRefundBodySchema,
  reviewCreditRefundBodySchema,
  unappliedCreditBodySchema,
  unappliedCreditRetSchema,
} from './unapplied-credits.schema.js';
import {
  adjustmentBodySchema,
  adjustmentRetSchema,
  lockMonthBodySchema,
  lockMonthRetSchema,
  periodLockBodySchema,
  periodLockRetSchema,
} from './period.schema.js';

export const orderLoanList = defineEndpoint({
  id: 'finance.order_loan_list',
  method: 'POST',
  summary: 'Disbursement statement: every processed payout with principal, fee, GST, net; totals',
  access: 'granted',
  mutates: false,
  body: orderLoanBodySchema,
  query: undefined,
  ret: orderLoanRetSchema,
});

export const repaymentOrderList = defineEndpoint({
  id: 'finance.repayment_order_list',
  method: 'POST',
  summary: 'Repayment statement: repayments and reversals split by component; totals',
  access: 'granted',
  mutates: false,
  body: repaymentOrderBodySchema,
  query: undefined,
  ret: repaymentOrderRetSchema,
});

export const reconciliationDayList = defineEndpoint({
  id: 'finance.reconciliation_list',
  method: 'POST',
  summary: 'Reconciliation per day, side and channel: system vs third-party amounts and counts',
  access: 'granted',
  mutates: false,
  body: reconciliationDayBodySchema,
  query: undefined,
  ret: reconciliationDayRetSchema,
});

export const reconciliationBreakList = defineEndpoint({
  id: 'finance.break_list',
  method: 'POST',
  summary: 'Reconciliation breaks: amount mismatch, ours only, gateway only',
  access: 'granted',
  mutates: false,
  body: reconciliationBreakBodySchema,
  query: undefined,
  ret: reconciliationBreakRetSchema,
});

export const resolveBreak = defineEndpoint({
  id: 'finance.resolve_break',
  method: 'POST',
  summary: "Resolve a break: accept the gateway's record (posted), refund, or ignore with a reason",
  access: 'granted',
  mutates: true,
  errors: [
    'conflict',
    'duplicate',
    'idempotencyKeyReused',
    'notFound',
    'orderStateConflict',
    'repaymentAlreadyReversed',
  ],
  body: resolveBreakBodySchema,
  query: undefined,
  ret: resolveBreakRetSchema,
});

export const runReconciliation = defineEndpoint({
  id: 'finance.run_reconciliation',
  method: 'POST',
  summary: "Reconcile one India day against the gateways' statements (again)",
  access: 'granted',
  mutates: true,
  // No business error of its own: what the loan book refuses while the run applies a credit
  // is kept on the credit, not answered (decision 0070).
  body: runReconciliationBodySchema,
  query: undefined,
  ret: runReconciliationRetSchema,
});

export const trialBalance = defineEndpoint({
  id: 'finance.trial_balance',
  method: 'POST',
  summary: 'Trial balance from the ledger: each account as of the end of an India day',
  access: 'granted',
  mutates: false,
  body: trialBalanceBodySchema,
  query: undefined,
  ret: trialBalanceRetSchema,
});

export const gstByMonth = defineEndpoint({
  id: 'finance.gst_by_month',
  method: 'POST',
  summary: 'GST on fees per India month from the ledger: fee base, GST charged, reversed, net',
  access: 'granted',
  mutates: false,
  body: gstByMonthBodySchema,
  query: undefined,
  ret: gstByMonthRetSchema,
});

export const cashFlow = defineEndpoint({
  id: 'finance.cash_flow',
  method: 'POST',
  summary: "Each India day's cash from the ledger: disbursed, collected, refunded, net",
  access: 'granted',
  mutates: false,
  body: cashFlowBodySchema,
  query: undefined,
  ret: cashFlowRetSchema,
});

export const unappliedCreditList = defineEndpoint({
  id: 'finance.unapplied_credit_list',
  method: 'POST',
  summary:
    'Credits no loan took and not returned, aged against the unapplied_credit_days setting (masked)',
  access: 'granted',
  mutates: false,
  body: unappliedCreditBodySchema,
  query: undefined,
  ret: unappliedCreditRetSchema,
});

export const requestCreditRefund = defineEndpoint({
  id: 'finance.request_credit_refund',
  method: 'POST',
  summary:
    "Ask to refund an unapplied credit (to the payer's account or the borrower's verified one); a second person approves",
  access: 'granted',
  mutates: true,
  errors: ['conflict', 'duplicate', 'notFound'],
  body: requestCreditRefundBodySchema,
  query: undefined,
  ret: creditRefundSchema,
});

export const reviewCreditRefund = defineEndpoint({
  id: 'finance.review_credit_refund',
  method: 'POST',
  summary:
    "Approve (someone other than the requester; paid once through the payout gateway) or reject a credit's refund",
  access: 'granted',
  mutates: true,
  errors: ['alreadyReviewed', 'conflict', 'notFound', 'sameMakerChecker'],
  body: reviewCreditRefundBodySchema,
  query: undefined,
  ret: creditRefundSchema,
});

export const applyCredit = defineEndpoint({
  id: 'finance.apply_credit',
  method: 'POST',
  summary:
    "Apply an unapplied credit as a repayment of the borrower's later loan, with the borrower's recorded agreement",
  access: 'granted',
  mutates: true,
  errors: ['conflict', 'duplicate', 'idempotencyKeyReused', 'notFound', 'orderStateConflict'],
  body: applyCreditBodySchema,
  query: undefined,
  ret: applyCreditRetSchema,
});

export const adjustmentList = defineEndpoint({
  id: 'finance.adjustment_list',
  method: 'POST',
  summary:
    'Adjustments: journals posted on a later business day than the day they belong to, with their net per kind of account; totals',
  access: 'granted',
  mutates: false,
  body: adjustmentBodySchema,
  query: undefined,
  ret: adjustmentRetSchema,
});

export const periodLockList = defineEndpoint({
  id: 'finance.period_lock_list',
  method: 'POST',
  summary:
    'Month locks: each locked month with who locked it and why; the days closed and locked, and the locked-period posting setting',
  access: 'granted',
  mutates: false,
  body: periodLockBodySchema,
  query: undefined,
  ret: periodLockRetSchema,
});

export const lockMonth = defineEndpoint({
  id: 'finance.lock_month',
  method: 'POST',
  summary:
    'Lock a month whose every day is closed: no journal may belong to a day up to its last day any more (permanent)',
  access: 'granted',
  mutates: true,
  errors: ['monthNotClosed', 'monthAlreadyLocked'],
  body: lockMonthBodySchema,
  query: undefined,
  ret: lockMonthRetSchema,
});

export const financeEndpoints = [
  orderLoanList,
  repaymentOrderList,
  reconciliationDayList,
  reconciliationBreakList,
  resolveBreak,
  runReconciliation,
  trialBalance,
  gstByMonth,
  cashFlow,
  unappliedCreditList,
  requestCreditRefund,
  reviewCreditRefund,
  applyCredit,
  adjustmentList,
  periodLockList,
  lockMonth,
] as const;
