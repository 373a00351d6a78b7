import { defineEndpoint } from '../endpoint.js';
import {
  cancelOrderBodySchema,
  createPayoutBodySchema,
  finalReviewBodySchema,
  firstReviewBodySchema,
  ledgerCheckBodySchema,
  ledgerCheckRetSchema,
  listLoanConfigBodySchema,
  listLoanConfigRetSchema,
  loanConfigSchema,
  orderCommandRetSchema,
  orderDetailBodySchema,
  postRepaymentBodySchema,
  rejectOrderBodySchema,
  reverseRepaymentBodySchema,
  rolloverBodySchema,
  saveLoanConfigBodySchema,
  setLoanConfigStatusBodySchema,
  waiverBodySchema,
  writeOffBodySchema,
} from './loan-book.schema.js';
import { orderDetailSchema } from './order-detail.schema.js';

export const listLoanConfig = defineEndpoint({
  id: 'loanConfig.list',
  method: 'POST',
  summary: 'List loan configurations (first loans and re-loans)',
  access: 'granted',
  mutates: false,
  body: listLoanConfigBodySchema,
  query: undefined,
  ret: listLoanConfigRetSchema,
});

export const saveLoanConfig = defineEndpoint({
  id: 'loanConfig.save',
  method: 'POST',
  summary: 'Create a loan configuration, or save a new version of one',
  access: 'granted',
  mutates: true,
  errors: ['conflict', 'notFound'],
  body: saveLoanConfigBodySchema,
  query: undefined,
  ret: loanConfigSchema,
});

export const setLoanConfigStatus = defineEndpoint({
  id: 'loanConfig.set_status',
  method: 'POST',
  summary: 'Make a loan configuration available or unavailable',
  access: 'granted',
  mutates: true,
  errors: ['notFound'],
  body: setLoanConfigStatusBodySchema,
  query: undefined,
  ret: loanConfigSchema,
});

export const checkLedger = defineEndpoint({
  id: 'ledger.check',
  method: 'POST',
  summary: 'Run the ledger check: every journal balances; each order equals its postings',
  access: 'granted',
  mutates: false,
  body: ledgerCheckBodySchema,
  query: undefined,
  ret: ledgerCheckRetSchema,
});

export const firstReviewOrder = defineEndpoint({
  id: 'order.first_review',
  method: 'POST',
  summary: 'First review: pass to final review or reject',
  access: 'granted',
  mutates: true,
  errors: ['idempotencyKeyReused', 'notFound', 'orderStateConflict'],
  body: firstReviewBodySchema,
  query: undefined,
  ret: orderCommandRetSchema,
});

export const finalReviewOrder = defineEndpoint({
  id: 'order.final_review',
  method: 'POST',
  summary: 'Final review by a second person: pass, reject or send back',
  access: 'granted',
  mutates: true,
  errors: ['idempotencyKeyReused', 'notFound', 'orderStateConflict', 'sameReviewer'],
  body: finalReviewBodySchema,
  query: undefined,
  ret: orderCommandRetSchema,
});

export const rejectOrder = defineEndpoint({
  id: 'order.reject',
  method: 'POST',
  summary: 'Reject an order at its current review stage',
  access: 'granted',
  mutates: true,
  errors: ['idempotencyKeyReused', 'notFound', 'orderStateConflict', 'sameReviewer'],
  body: rejectOrderBodySchema,
  query: undefined,
  ret: orderCommandRetSchema,
});

export const cancelOrder = defineEndpoint({
  id: 'order.cancel',
  method: 'POST',
  summary: 'Cancel an order before its payout',
  access: 'granted',
  mutates: true,
  errors: ['idempotencyKeyReused', 'notFound', 'orderStateConflict'],
  body: cancelOrderBodySchema,
  query: undefined,
  ret: orderCommandRetSchema,
});

export const orderDetail = defineEndpoint({
  id: 'order.detail',
  method: 'POST',
  summary: 'One order with its amounts, history, payouts, repayments and ledger',
  access: 'granted',
  mutates: false,
  errors: ['notFound'],
  body: orderDetailBodySchema,
  query: undefined,
  ret: orderDetailSchema,
});

export const createPayout = defineEndpoint({
  id: 'loan.create_payout',
  method: 'POST',
  summary: 'Create the disbursal payout of an approved order (idempotent by key)',
  access: 'granted',
  mutates: true,
  errors: ['idempotencyKeyReused', 'notFound', 'orderStateConflict'],
  body: createPayoutBodySchema,
  query: undefined,
  ret: orderCommandRetSchema,
});

export const postRepayment = defineEndpoint({
  id: 'repay.post_repayment',
  method: 'POST',
  summary: 'Post money received for an order (idempotent by key and gateway payment id)',
  access: 'granted',
  mutates: true,
  errors: ['duplicate', 'idempotencyKeyReused', 'notFound', 'orderStateConflict'],
  body: postRepaymentBodySchema,
  query: undefined,
  ret: orderCommandRetSchema,
});

export const rolloverOrder = defineEndpoint({
  id: 'repay.rollover',
  method: 'POST',
  summary: 'Renew a loan on payment of the rollover quote',
  access: 'granted',
  mutates: true,
  errors: [
    'amountNotAllowed',
    'duplicate',
    'idempotencyKeyReused',
    'notFound',
    'orderStateConflict',
    'rolloverLimitReached',
    'rolloverNotAllowed',
  ],
  body: rolloverBodySchema,
  query: undefined,
  ret: orderCommandRetSchema,
});

export const waiveOrder = defineEndpoint({
  id: 'repay.waiver',
  method: 'POST',
  summary: 'Settle an open loan by waiving what remains',
  access: 'granted',
  mutates: true,
  errors: [
    'amountNotAllowed',
    'duplicate',
    'idempotencyKeyReused',
    'notFound',
    'orderStateConflict',
  ],
  body: waiverBodySchema,
  query: undefined,
  ret: orderCommandRetSchema,
});

export const writeOffOrder = defineEndpoint({
  id: 'repay.write_off',
  method: 'POST',
  summary: 'Ask to write off an overdue loan: it waits for a second person (decision 0050)',
  access: 'granted',
  mutates: true,
  errors: [
    'amountNotAllowed',
    'duplicate',
    'idempotencyKeyReused',
    'notFound',
    'orderStateConflict',
  ],
  body: writeOffBodySchema,
  query: undefined,
  ret: orderCommandRetSchema,
});

export const reverseRepayment = defineEndpoint({
  id: 'repay.reverse',
  method: 'POST',
  summary: 'Reverse a repayment (bounced or charged back); re-opens a cleared order',
  access: 'granted',
  mutates: true,
  errors: ['idempotencyKeyReused', 'notFound', 'orderStateConflict', 'repaymentAlreadyReversed'],
  body: reverseRepaymentBodySchema,
  query: undefined,
  ret: orderCommandRetSchema,
});

/** The loan book's endpoints (configuration, ledger check and the order commands). */
export const loanBookEndpoints = [
  listLoanConfig,
  saveLoanConfig,
  setLoanConfigStatus,
  checkLedger,
  firstReviewOrder,
  finalReviewOrder,
  rejectOrder,
  cancelOrder,
  orderDetail,
  createPayout,
  postRepayment,
  rolloverOrder,
  waiveOrder,
  writeOffOrder,
  reverseRepayment,
] as const;
