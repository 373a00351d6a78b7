import {
  importReportSchema,
  UPLOAD_BODY_LIMIT_BYTES,
  xlsxUploadBodySchema,
} from '../common/upload.js';
import { defineEndpoint } from '../endpoint.js';
import {
  excessListBodySchema,
  excessListRetSchema,
  excessRefundApproveBodySchema,
  excessRefundRequestBodySchema,
  excessRefundRetSchema,
  offlineListBodySchema,
  offlineListRetSchema,
  offlineReceiptBodySchema,
  offlineReceiptRetSchema,
  offlineRecordBodySchema,
  offlineRepaymentSchema,
  offlineReviewBodySchema,
  offlineReviewRetSchema,
  overdueRepaymentBodySchema,
  overdueRepaymentRetSchema,
} from './offline.schema.js';

export const listOfflineRepayments = defineEndpoint({
  id: 'repay.offline_list',
  method: 'POST',
  summary: 'Offline repayments (bank transfer, cash deposit) and their review',
  access: 'granted',
  mutates: false,
  body: offlineListBodySchema,
  query: undefined,
  ret: offlineListRetSchema,
});

export const recordOfflineRepayment = defineEndpoint({
  id: 'repay.offline_record',
  method: 'POST',
  summary: 'Record an offline repayment with its value date and receipt (the maker)',
  access: 'granted',
  mutates: true,
  bodyLimit: UPLOAD_BODY_LIMIT_BYTES,
  errors: ['duplicate', 'idempotencyKeyReused', 'orderStateConflict'],
  body: offlineRecordBodySchema,
  query: undefined,
  ret: offlineRepaymentSchema,
});

export const reviewOfflineRepayment = defineEndpoint({
  id: 'repay.offline_review',
  method: 'POST',
  summary: 'Pass (post as of its value date) or refuse an offline repayment (the checker)',
  access: 'granted',
  mutates: true,
  errors: [
    'alreadyReviewed',
    'duplicate',
    'idempotencyKeyReused',
    'notFound',
    'orderStateConflict',
    'sameMakerChecker',
  ],
  body: offlineReviewBodySchema,
  query: undefined,
  ret: offlineReviewRetSchema,
});

export const offlineReceipt = defineEndpoint({
  id: 'repay.offline_receipt',
  method: 'POST',
  summary: "An offline repayment's receipt photo",
  access: 'granted',
  mutates: false,
  audited: true,
  errors: ['notFound'],
  body: offlineReceiptBodySchema,
  query: undefined,
  ret: offlineReceiptRetSchema,
});

export const importOfflineRepayments = defineEndpoint({
  id: 'repay.offline_import',
  method: 'POST',
  summary: 'Import a batch of offline repayments from .xlsx (each row waits for review)',
  access: 'granted',
  mutates: true,
  bodyLimit: UPLOAD_BODY_LIMIT_BYTES,
  errors: ['duplicate', 'idempotencyKeyReused', 'orderStateConflict'],
  body: xlsxUploadBodySchema,
  query: undefined,
  ret: importReportSchema,
});

export const listOverdueRepayments = defineEndpoint({
  id: 'repay.overdue_list',
  method: 'POST',
  summary: 'Repayments received on overdue orders: overdue days when paid, band, penal collected',
  access: 'granted',
  mutates: false,
  body: overdueRepaymentBodySchema,
  query: undefined,
  ret: overdueRepaymentRetSchema,
});

export const listExcessRepayments = defineEndpoint({
  id: 'repay.excess_list',
  method: 'POST',
  summary: 'Overpayments: the excess over what cleared the order, and its refund',
  access: 'granted',
  mutates: false,
  body: excessListBodySchema,
  query: undefined,
  ret: excessListRetSchema,
});

export const requestExcessRefund = defineEndpoint({
  id: 'repay.excess_refund_request',
  method: 'POST',
  summary: "Ask for an overpayment's refund to the borrower's verified account (the maker)",
  access: 'granted',
  mutates: true,
  errors: ['conflict', 'duplicate', 'notFound', 'orderStateConflict'],
  body: excessRefundRequestBodySchema,
  query: undefined,
  ret: excessRefundRetSchema,
});

export const approveExcessRefund = defineEndpoint({
  id: 'repay.excess_refund_approve',
  method: 'POST',
  summary: 'Approve an overpayment refund: it is paid out through the gateway (the checker)',
  access: 'granted',
  mutates: true,
  errors: [
    'alreadyReviewed',
    'idempotencyKeyReused',
    'notFound',
    'orderStateConflict',
    'sameMakerChecker',
  ],
  body: excessRefundApproveBodySchema,
  query: undefined,
  ret: excessRefundRetSchema,
});

export const offlineRepayEndpoints = [
  listOfflineRepayments,
  recordOfflineRepayment,
  reviewOfflineRepayment,
  offlineReceipt,
  importOfflineRepayments,
  listOverdueRepayments,
  listExcessRepayments,
  requestExcessRefund,
  approveExcessRefund,
] as const;
