import { offlineRepayApi } from '@lending/contract';
import { listPage } from '../../../components/list-page';
import { overdueDetailPath } from '../repay-tags';

/**
 * /repay/overdueRepayment: repayments received on overdue orders, with the overdue days on
 * the value date, the band (docs/product.md §9: 1–7 / 8+) and the overdue fee they collected. A row
 * opens the hidden /repay/overdueRepaymentDetail (the one order detail). The collector credited
 * comes with the collection issue.
 */
export const OverdueRepaymentPage = listPage(
  offlineRepayApi.listOverdueRepayments,
  ({ column, filter }) => ({
    route: 'overdueRepayment',
    rowLabel: (row) => row.serialNo,
    filters: [
      filter.text('orderNo', 'repay.orderNo'),
      filter.text('phone', 'repay.phone'),
      filter.choice('band', 'overdueRepay.band', {
        '1-7': 'overdueRepay.bands.1-7',
        '8+': 'overdueRepay.bands.8+',
      }),
      filter.indiaDateRange('valueDateFrom', 'valueDateTo', 'repay.records.valueDateRange'),
    ],
    columns: [
      column.text('serialNo', 'repay.records.serialNo', { fixed: 'start' }),
      column.link('orderNo', 'repay.orderNo', { to: (row) => overdueDetailPath(row.orderNo) }),
      column.masked('customerName', 'repay.customer'),
      column.masked('customerPhone', 'repay.phone', { hiddenByDefault: true }),
      column.text('channel', 'repay.records.channel'),
      column.money('amountPaise', 'repay.records.amount'),
      column.money('penalPaise', 'overdueRepay.penal'),
      column.days('overdueDays', 'overdueRepay.overdueDays', { sortable: true }),
      column.render('band', 'overdueRepay.band', (row, t) => t(`overdueRepay.bands.${row.band}`)),
      column.render('coverage', 'overdueRepay.coverage', (row, t) =>
        row.coverage ? t(`overdueRepay.coverages.${row.coverage}`) : '',
      ),
      column.indiaDate('valueDate', 'repay.records.valueDate', { sortable: true }),
      column.instant('postedAt', 'repay.records.postedAt', { sortable: true }),
      column.render('reversed', 'overdueRepay.reversed', (row, t) =>
        row.reversed ? t('overdueRepay.reversed') : '',
      ),
    ],
  }),
);
