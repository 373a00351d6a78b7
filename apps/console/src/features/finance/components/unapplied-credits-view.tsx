import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { financeApi } from '@lending/contract';
import {
  describeList,
  ListFilters,
  ListTable,
  ListToolbar,
  useListPage,
} from '../../../components/list-page';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useEndpointQuery } from '../../../lib/use-endpoint';
import { creditRefundStatusTags, unappliedCreditStatusTags } from '../finance-tags';
import { ApplyCreditDialog, RejectRefundDialog, RequestRefundDialog } from './credit-dialogs';

/**
 * Money into a virtual account that no loan took and not returned: oldest first, the aged ones
 * (the `unapplied_credit_days` setting) to refund, two people, or apply to a later loan.
 */
const creditsSpec = describeList(financeApi.unappliedCreditList, ({ column, filter, action }) => ({
  route: 'FinancialList',
  rowLabel: (row) => row.paymentId,
  filters: [
    filter.choice('age', 'finance.credits.age', {
      aged: 'finance.credits.ages.aged',
      recent: 'finance.credits.ages.recent',
    }),
    filter.status('status', 'finance.status', unappliedCreditStatusTags),
  ],
  columns: [
    column.text('paymentId', 'finance.credits.paymentId'),
    column.instant('creditedAt', 'finance.credits.creditedAt', { sortable: true }),
    column.money('amountPaise', 'finance.amount', { sortable: true }),
    column.render('ageDays', 'finance.credits.age', (row, t) => (
      <Tag color={row.aged ? 'red' : 'default'}>
        {t('finance.credits.ageDays', { days: row.ageDays })}
      </Tag>
    )),
    column.text('customerName', 'finance.customer'),
    column.text('phone', 'finance.credits.phone'),
    column.text('virtualAccount', 'finance.credits.virtualAccount'),
    column.ellipsis('payerReference', 'finance.credits.payerReference', { hiddenByDefault: true }),
    column.ellipsis('note', 'finance.credits.why'),
    column.status('status', 'finance.status', unappliedCreditStatusTags),
    column.render('refund', 'finance.credits.refund', (row, t) =>
      row.refund ? (
        <Tag color={creditRefundStatusTags[row.refund.status].color}>
          {t(creditRefundStatusTags[row.refund.status].label)}
        </Tag>
      ) : (
        '—'
      ),
    ),
  ],
  rowActions: [
    action.form('finance.credits.requestRefund', RequestRefundDialog, {
      needs: financeApi.requestCreditRefund,
      hidden: (row) => row.status !== 'unmatched',
    }),
    action.call(financeApi.reviewCreditRefund, {
      label: 'finance.credits.approve',
      body: (row) => ({
        refundId: row.refund?.id ?? 0,
        decision: 'approve',
        idempotencyKey: newIdempotencyKey('credit-refund-approve'),
      }),
      confirm: 'finance.credits.approveConfirm',
      success: 'finance.credits.approved',
      invalidates: [financeApi.reconciliationBreakList, financeApi.reconciliationDayList],
      hidden: (row) => row.refund?.status !== 'requested',
    }),
    action.form('finance.credits.reject', RejectRefundDialog, {
      needs: financeApi.reviewCreditRefund,
      hidden: (row) => row.refund?.status !== 'requested',
      danger: true,
    }),
    action.form('finance.credits.applyToLoan', ApplyCreditDialog, {
      needs: financeApi.applyCredit,
      hidden: (row) => row.status !== 'unmatched' || row.customerName === null,
    }),
  ],
}));

export function UnappliedCreditsView() {
  const { t } = useTranslation();
  const list = useListPage(creditsSpec);
  const setting = useEndpointQuery(financeApi.unappliedCreditList, { page: 1, pageSize: 1 });
  return (
    <>
      {setting.data ? (
        <Typography.Paragraph type="secondary">
          {t('finance.credits.agedAfter', { days: setting.data.agedAfterDays })}
        </Typography.Paragraph>
      ) : null}
      <ListFilters list={list} />
      <ListToolbar list={list} />
      <ListTable list={list} />
      {list.dialog}
    </>
  );
}
