import { Space, Typography } from 'antd';
import { type RepaymentRecord, loanBookApi, repayApi } from '@lending/contract';
import { listPage } from '../../../components/list-page';
import { formatIndiaDateTime } from '../../../lib/format';
import { ReverseRepaymentDialog } from '../components/reverse-repayment-dialog';
import { orderDetailPath, recordStatusTags } from '../repay-tags';

/** Repayment type: normal / renew, and full / partial. */
function RepaymentType({ row, t }: { row: RepaymentRecord; t: (key: string) => string }) {
  return (
    <>
      {t(`repay.records.kinds.${row.kind}`)}
      {row.coverage ? ` / ${t(`repay.records.coverages.${row.coverage}`)}` : ''}
    </>
  );
}

/**
 * /repay/repaymentRecord: every repayment with its serial number, channel, virtual account
 * code and amounts per component (docs/product.md §3), value date and posting time, type
 * (docs/product.md §4); a posted one can be reversed with a reason.
 */
export const RepaymentRecordPage = listPage(
  repayApi.listRepaymentRecords,
  ({ column, filter, action }) => ({
    route: 'repaymentRecord',
    rowLabel: (row) => row.serialNo,
    filters: [
      filter.text('orderNo', 'repay.orderNo'),
      filter.text('serialNo', 'repay.records.serialNo'),
      filter.text('virtualAccountCode', 'repay.records.virtualAccountCode'),
      filter.text('channel', 'repay.records.channel'),
      filter.choice('kind', 'repay.records.kind', {
        normal: 'repay.records.kinds.normal',
        renew: 'repay.records.kinds.renew',
      }),
      filter.choice('coverage', 'repay.records.coverage', {
        full: 'repay.records.coverages.full',
        partial: 'repay.records.coverages.partial',
      }),
      filter.status('status', 'repay.status', recordStatusTags),
      filter.indiaDateRange('valueDateFrom', 'valueDateTo', 'repay.records.valueDateRange'),
    ],
    columns: [
      column.text('serialNo', 'repay.records.serialNo', { fixed: 'start' }),
      column.link('orderNo', 'repay.orderNo', { to: (row) => orderDetailPath(row.orderNo) }),
      column.masked('customerName', 'repay.customer', { hiddenByDefault: true }),
      column.text('channel', 'repay.records.channel'),
      column.text('virtualAccountCode', 'repay.records.virtualAccountCode'),
      column.text('reference', 'repay.records.reference', { hiddenByDefault: true }),
      column.money('amountPaise', 'repay.records.amount', { sortable: true }),
      column.money('principalPaise', 'repay.principal'),
      column.money('interestPaise', 'repay.interest'),
      column.money('feePaise', 'repay.serviceFee'),
      column.money('gstPaise', 'repay.gst'),
      column.money('penalPaise', 'repay.overdueFee'),
      column.money('excessPaise', 'repay.records.excess', { hiddenByDefault: true }),
      column.indiaDate('valueDate', 'repay.records.valueDate', { sortable: true }),
      column.instant('postedAt', 'repay.records.postedAt', { sortable: true }),
      column.render('type', 'repay.records.type', (row, t) => <RepaymentType row={row} t={t} />),
      column.render('status', 'repay.status', (row, t) => (
        <Space orientation="vertical" size={0}>
          {t(recordStatusTags[row.status].label)}
          {row.status === 'reversed' && row.reversedAt ? (
            <Typography.Text type="secondary">
              {t('repay.records.reversedOn', {
                at: formatIndiaDateTime(row.reversedAt),
                reason: row.reversalReason ?? '',
              })}
            </Typography.Text>
          ) : null}
        </Space>
      )),
    ],
    rowActions: [
      action.form('repay.actions.reverse', ReverseRepaymentDialog, {
        needs: loanBookApi.reverseRepayment,
        hidden: (row) => row.status === 'reversed',
        disabled: (row) =>
          row.kind === 'renew' ? 'repay.reverseDialog.renewNotReversible' : false,
        danger: true,
      }),
    ],
  }),
);
