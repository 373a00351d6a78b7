import { disbursementApi } from '@lending/contract';
import { listPage } from '../../../components/list-page';
import { lendStatusTags } from '../status-tags';
import { orderDetailPath } from './wait-loan-list-page';

/**
 * /loan/loanRecord: each disbursed loan by its latest payout — lend success, lend fail
 * or lending (docs/product.md §4) — with the UTR, channel, amounts and the day the money arrived.
 */
export const LoanRecordPage = listPage(disbursementApi.loanRecordList, ({ column, filter }) => ({
  route: 'loanRecord',
  rowLabel: (record) => record.orderNo,
  exportable: true,
  filters: [
    filter.text('orderNo', 'disbursement.orderNo'),
    filter.text('phone', 'disbursement.phone', { placeholder: 'disbursement.phoneHint' }),
    filter.status('lendStatus', 'disbursement.loanStatus', lendStatusTags),
    filter.text('channel', 'disbursement.channel'),
    filter.indiaDateRange('disbursedFrom', 'disbursedTo', 'disbursement.disbursedDate'),
  ],
  columns: [
    column.link('orderNo', 'disbursement.orderNo', {
      to: (record) => orderDetailPath(record.orderNo),
      fixed: 'start',
    }),
    column.masked('customerName', 'disbursement.customer'),
    column.masked('bankAccount', 'disbursement.bankAccount'),
    column.status('lendStatus', 'disbursement.loanStatus', lendStatusTags),
    column.text('utr', 'disbursement.utr'),
    column.text('channel', 'disbursement.channel'),
    column.money('principalPaise', 'disbursement.principal'),
    column.money('amountPaise', 'disbursement.netDisbursement', { sortable: true }),
    column.count('failCount', 'disbursement.failCount'),
    column.ellipsis('errorMessage', 'disbursement.errorMessage', { width: 220 }),
    column.indiaDate('disbursedDate', 'disbursement.disbursedAt', { sortable: true }),
    column.instant('requestedAt', 'disbursement.requestedAt', {
      sortable: true,
      hiddenByDefault: true,
    }),
    column.instant('updatedAt', 'disbursement.updatedAt', { sortable: true }),
  ],
}));
