import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { type RepayPlanRow, loanBookApi, repayApi, waiverApprovalApi } from '@lending/contract';
import { listPage } from '../../../components/list-page';
import { RecordRepaymentDialog } from '../components/record-repayment-dialog';
import { RolloverDialog } from '../components/rollover-dialog';
import { WaiverDialog } from '../components/waiver-dialog';
import { WaiverReviewDialog } from '../components/waiver-review-dialog';
import { WriteOffDialog } from '../components/write-off-dialog';
import { orderDetailPath, owingStatusTags } from '../repay-tags';

/** 'overdue not paid': overdue with nothing received yet. */
function PlanStatus({ row, t }: { row: RepayPlanRow; t: (key: string) => string }) {
  const notPaid = row.status === 'OVERDUE' && row.paidPaise === 0;
  const tag = owingStatusTags[row.status];
  return (
    <Space size={4} wrap>
      <Tag color={tag.color}>{t(notPaid ? 'repay.statuses.overdueNotPaid' : tag.label)}</Tag>
      {row.pendingWaiver ? (
        <Tag color="gold">{t(`repay.statuses.${row.pendingWaiver.kind}Pending`)}</Tag>
      ) : null}
    </Space>
  );
}

function useWaiverPendingOptions() {
  const { t } = useTranslation();
  return [{ value: true, label: t('repay.waiverPendingOnly') }];
}

/**
 * /repay/repayPlan: orders with money owing, what is due of each part, paid,
 * outstanding and what clears the loan today (the engine's figure, India date); a repayment,
 * a rollover (after the spec's confirmation), a waiver or a write-off, each by permission. A
 * waiver above the approval amount, and every write-off, waits for a second person, who
 * approves it here (decisions 0045, 0050).
 */
export const RepayPlanPage = listPage(repayApi.listRepayPlan, ({ column, filter, action }) => ({
  route: 'repayPlan',
  rowLabel: (row) => row.orderNo,
  filters: [
    filter.text('orderNo', 'repay.orderNo'),
    filter.text('phone', 'repay.phone'),
    filter.status('status', 'repay.status', owingStatusTags),
    filter.indiaDateRange('dueDateFrom', 'dueDateTo', 'repay.dueDateRange'),
    filter.number('overdueDaysMin', 'repay.overdueDaysMin'),
    filter.select('waiverPending', 'repay.waiverPending', useWaiverPendingOptions),
    filter.select('writeOffPending', 'repay.writeOffPending', useWaiverPendingOptions),
  ],
  columns: [
    column.link('orderNo', 'repay.orderNo', {
      to: (row) => orderDetailPath(row.orderNo),
      fixed: 'start',
    }),
    column.masked('customerName', 'repay.customer'),
    column.masked('customerPhone', 'repay.phone'),
    column.indiaDate('dueDate', 'repay.dueDate', { sortable: true }),
    column.money('duePrincipalPaise', 'repay.duePrincipal'),
    column.money('dueInterestPaise', 'repay.dueInterest'),
    column.money('dueFeePaise', 'repay.dueFee'),
    column.money('dueGstPaise', 'repay.dueGst', { hiddenByDefault: true }),
    column.money('duePenalPaise', 'repay.duePenal'),
    column.money('paidPaise', 'repay.paid'),
    column.money('outstandingPaise', 'repay.outstanding'),
    column.money('clearingTodayPaise', 'repay.clearingToday'),
    column.days('overdueDays', 'repay.overdueDays', { sortable: true }),
    column.count('rolloverCount', 'repay.rollovers', { hiddenByDefault: true }),
    column.money('principalPaise', 'repay.loanAmount', { hiddenByDefault: true }),
    column.render('status', 'repay.status', (row, t) => <PlanStatus row={row} t={t} />),
  ],
  rowActions: [
    action.form('repay.actions.recordRepayment', RecordRepaymentDialog, {
      needs: loanBookApi.postRepayment,
    }),
    action.form('repay.actions.rollover', RolloverDialog, {
      needs: [loanBookApi.rolloverOrder, repayApi.repayQuery],
    }),
    action.form('repay.actions.waiver', WaiverDialog, {
      needs: loanBookApi.waiveOrder,
      disabled: (row) => (row.pendingWaiver ? 'repay.waiverDialog.alreadyWaiting' : false),
    }),
    // Waivers above the approval amount: a second person approves or rejects (decision 0045).
    action.form('repay.actions.reviewWaiver', WaiverReviewDialog, {
      needs: waiverApprovalApi.approveWaiver,
      hidden: (row) => row.pendingWaiver?.kind !== 'waiver',
    }),
    // Every write-off waits for a second person (decision 0050): the same review, its own grant.
    action.form('repay.actions.reviewWriteOff', WaiverReviewDialog, {
      needs: waiverApprovalApi.approveWriteOff,
      hidden: (row) => row.pendingWaiver?.kind !== 'writeOff',
    }),
    action.form('repay.actions.writeOff', WriteOffDialog, {
      needs: loanBookApi.writeOffOrder,
      disabled: (row) =>
        row.pendingWaiver
          ? 'repay.waiverDialog.alreadyWaiting'
          : row.status === 'OVERDUE'
            ? false
            : 'repay.writeOffDialog.onlyOverdue',
      danger: true,
    }),
  ],
}));
