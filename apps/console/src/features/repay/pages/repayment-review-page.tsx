import { offlineRepayApi } from '@lending/contract';
import { listPage } from '../../../components/list-page';
import {
  ImportOfflineDialog,
  PASS_INVALIDATES,
  ReceiptDialog,
  RecordOfflineDialog,
  RefuseOfflineDialog,
} from '../components/offline-dialogs';
import { offlineStatusTags, orderDetailPath } from '../repay-tags';

/**
 * /repay/repaymentReview: offline repayments (bank transfer, cash deposit) recorded by
 * one staff member and passed or refused by another (docs/product.md §4: pending review / invalid /
 * pass). Passing posts the money as of its value date. A batch can be imported from .xlsx.
 */
export const RepaymentReviewPage = listPage(
  offlineRepayApi.listOfflineRepayments,
  ({ column, filter, action }) => ({
    route: 'repaymentReview',
    rowLabel: (row) => row.bankReference,
    filters: [
      filter.text('orderNo', 'repay.orderNo'),
      filter.text('phone', 'repay.phone'),
      filter.status('status', 'repay.status', offlineStatusTags),
      filter.choice('channel', 'offlineRepay.channel', {
        bankTransfer: 'offlineRepay.channels.bankTransfer',
        cashDeposit: 'offlineRepay.channels.cashDeposit',
      }),
      filter.text('bankReference', 'offlineRepay.bankReference'),
      filter.indiaDateRange('dateFrom', 'dateTo', 'offlineRepay.recordedRange'),
    ],
    columns: [
      column.link('orderNo', 'repay.orderNo', { to: (row) => orderDetailPath(row.orderNo) }),
      column.masked('customerName', 'repay.customer'),
      column.masked('customerPhone', 'repay.phone', { hiddenByDefault: true }),
      column.render('channel', 'offlineRepay.channel', (row, t) =>
        t(`offlineRepay.channels.${row.channel}`),
      ),
      column.money('amountPaise', 'offlineRepay.amount', { sortable: true }),
      column.indiaDate('valueDate', 'offlineRepay.valueDate', { sortable: true }),
      column.text('bankReference', 'offlineRepay.bankReference'),
      column.status('status', 'repay.status', offlineStatusTags),
      column.text('recordedBy', 'offlineRepay.recordedBy'),
      column.instant('recordedAt', 'offlineRepay.recordedAt', { sortable: true }),
      column.text('reviewedBy', 'offlineRepay.reviewedBy'),
      column.instant('reviewedAt', 'offlineRepay.reviewedAt', { hiddenByDefault: true }),
      column.ellipsis('reviewReason', 'offlineRepay.reviewReason'),
      column.text('repaymentSerialNo', 'offlineRepay.serialNo'),
      column.ellipsis('valueDateNote', 'offlineRepay.valueDateNote', { hiddenByDefault: true }),
      column.ellipsis('remark', 'offlineRepay.remark', { hiddenByDefault: true }),
      column.text('batch', 'offlineRepay.batch', { hiddenByDefault: true }),
    ],
    toolbar: [
      action.form('offlineRepay.actions.record', RecordOfflineDialog, {
        needs: offlineRepayApi.recordOfflineRepayment,
      }),
      action.form('offlineRepay.actions.import', ImportOfflineDialog, {
        needs: offlineRepayApi.importOfflineRepayments,
      }),
    ],
    rowActions: [
      action.call(offlineRepayApi.reviewOfflineRepayment, {
        label: 'offlineRepay.actions.pass',
        body: (row) => ({ id: row.id, decision: 'pass' }),
        confirm: 'offlineRepay.passConfirm',
        success: 'offlineRepay.passSuccess',
        invalidates: PASS_INVALIDATES,
        hidden: (row) => row.status !== 'pending',
        disabled: (row) => (row.recordedByMe ? 'offlineRepay.ownRecord' : false),
      }),
      action.form('offlineRepay.actions.refuse', RefuseOfflineDialog, {
        needs: offlineRepayApi.reviewOfflineRepayment,
        hidden: (row) => row.status !== 'pending',
        disabled: (row) => (row.recordedByMe ? 'offlineRepay.ownRecord' : false),
        danger: true,
      }),
      action.form('offlineRepay.actions.viewReceipt', ReceiptDialog, {
        needs: offlineRepayApi.offlineReceipt,
        hidden: (row) => !row.hasReceipt,
      }),
    ],
  }),
);
