import { Space, Tag, Typography } from 'antd';
import { type LoanFlowRow, disbursementApi, loanBookApi } from '@lending/contract';
import { listPage } from '../../../components/list-page';
import { PayoutHistoryDialog, RetryPayoutDialog } from '../components/disburse-dialogs';
import { payoutStatusTags } from '../status-tags';
import { orderDetailPath } from './wait-loan-list-page';

const canBeRetried = (payout: LoanFlowRow) =>
  payout.status === 'failed' || payout.status === 'reversed' || payout.status === 'unknown';

/** Why a failed, reversed or unknown payout cannot be paid again (a translation key). */
function whyNoRetry(payout: LoanFlowRow): string | false {
  // An unknown outcome may yet be paid: a second payout could pay twice (docs/security.md).
  if (payout.status === 'unknown') return 'disbursement.unknownNoRetry';
  if (!payout.retryable) return 'disbursement.notRetryable';
  return false;
}

/**
 * /loan/loanFlow: every payout attempt (docs/product.md §3: disburse status, channel, fail
 * count, error message) with its gateway reference and times. A failed or reversed latest attempt
 * is paid again with a new key; an unknown one is being confirmed with the gateway and cannot be;
 * every attempt shows its history.
 */
export const LoanFlowPage = listPage(
  disbursementApi.loanFlowList,
  ({ column, filter, action }) => ({
    route: 'loanFlow',
    rowLabel: (payout) => `${payout.orderNo} #${payout.attempt}`,
    exportable: true,
    filters: [
      filter.text('orderNo', 'disbursement.orderNo'),
      filter.status('status', 'disbursement.disburseStatus', payoutStatusTags),
      filter.text('channel', 'disbursement.channel'),
      filter.indiaDateRange('dateFrom', 'dateTo', 'disbursement.attemptDate'),
    ],
    columns: [
      column.link('orderNo', 'disbursement.orderNo', {
        to: (payout) => orderDetailPath(payout.orderNo),
        fixed: 'start',
      }),
      column.masked('customerName', 'disbursement.customer'),
      column.text('attempt', 'disbursement.attempt'),
      column.render('status', 'disbursement.disburseStatus', (payout, t) => {
        const tag = payoutStatusTags[payout.status];
        return (
          <Space direction="vertical" size={0}>
            <Tag color={tag.color}>{t(tag.label)}</Tag>
            {payout.status === 'unknown' ? (
              <Typography.Text type="warning">{t('disbursement.beingConfirmed')}</Typography.Text>
            ) : null}
          </Space>
        );
      }),
      column.text('channel', 'disbursement.channel'),
      column.money('amountPaise', 'disbursement.amount', { sortable: true }),
      column.count('failCount', 'disbursement.failCount', { sortable: true }),
      column.ellipsis('errorMessage', 'disbursement.errorMessage', { width: 220 }),
      column.text('utr', 'disbursement.utr'),
      column.text('gatewayPayoutId', 'disbursement.gatewayReference'),
      column.text('reference', 'disbursement.ourReference', { hiddenByDefault: true }),
      column.text('createdBy', 'disbursement.createdBy', { hiddenByDefault: true }),
      column.instant('createdAt', 'disbursement.requestedAt', { sortable: true }),
      column.instant('updatedAt', 'disbursement.updatedAt', { sortable: true }),
    ],
    rowActions: [
      action.form('disbursement.retry', RetryPayoutDialog, {
        needs: loanBookApi.createPayout,
        hidden: (payout) => !canBeRetried(payout),
        disabled: whyNoRetry,
      }),
      action.form('disbursement.history', PayoutHistoryDialog, {
        needs: disbursementApi.loanFlowList,
      }),
    ],
  }),
);
