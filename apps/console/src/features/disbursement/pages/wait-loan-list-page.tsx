import { disbursementApi, loanBookApi } from '@lending/contract';
import { listPage } from '../../../components/list-page';
import {
  AcceptanceTag,
  BankAccount,
  BulkDisburseDialog,
  CancelOrderDialog,
  DisburseDialog,
  whyNotPayable,
} from '../components/disburse-dialogs';

/** The order detail (another screen) by order number. */
export const orderDetailPath = (orderNo: string) =>
  `/loan/loanDetail?orderNo=${encodeURIComponent(orderNo)}`;

/**
 * /loan/waitLoanList: approved orders waiting for their payout. Disburse one or the
 * selected ones ('Paying out, please wait...', one press, a fresh key each), or cancel one
 * with a reason. A payout goes only to a verified account, and an order approved for less than
 * applied for only after the borrower accepted its recomputed key fact statement.
 */
export const WaitLoanListPage = listPage(
  disbursementApi.waitLoanList,
  ({ column, filter, action }) => ({
    route: 'waitLoanList',
    rowLabel: (order) => order.orderNo,
    exportable: true,
    filters: [
      filter.text('orderNo', 'disbursement.orderNo'),
      filter.text('phone', 'disbursement.phone', { placeholder: 'disbursement.phoneHint' }),
      filter.choice('bankAccount', 'disbursement.bankAccount', {
        verified: 'disbursement.verified',
        unverified: 'disbursement.unverified',
      }),
      filter.choice('productKind', 'disbursement.product', {
        first: 'disbursement.productKind.first',
        reloan: 'disbursement.productKind.reloan',
      }),
      filter.choice('customerType', 'disbursement.customerType', {
        new: 'disbursement.customerTypes.new',
        old: 'disbursement.customerTypes.old',
      }),
      filter.indiaDateRange('approvedFrom', 'approvedTo', 'disbursement.approvedDate'),
    ],
    columns: [
      column.link('orderNo', 'disbursement.orderNo', {
        to: (order) => orderDetailPath(order.orderNo),
        fixed: 'start',
      }),
      column.masked('customerName', 'disbursement.customer'),
      column.masked('phone', 'disbursement.phone'),
      column.render('bankAccount', 'disbursement.bankAccount', (order) => (
        <BankAccount row={order} />
      )),
      column.render('awaitingAcceptance', 'disbursement.acceptance', (order) => (
        <AcceptanceTag row={order} />
      )),
      column.money('principalPaise', 'disbursement.principal', { sortable: true }),
      column.money('feesPaise', 'disbursement.fees', { hiddenByDefault: true }),
      column.money('netDisbursedPaise', 'disbursement.netDisbursement', { sortable: true }),
      column.days('tenorDays', 'disbursement.period', { hiddenByDefault: true }),
      column.text('approvedBy', 'disbursement.approvedBy'),
      column.instant('approvedAt', 'disbursement.approvedAt', { sortable: true }),
    ],
    rowActions: [
      action.form('disbursement.disburse', DisburseDialog, {
        needs: loanBookApi.createPayout,
        disabled: whyNotPayable,
      }),
      action.form('disbursement.cancel', CancelOrderDialog, {
        needs: loanBookApi.cancelOrder,
        danger: true,
      }),
    ],
    bulkActions: [
      action.bulkForm('disbursement.disburseSelected', BulkDisburseDialog, {
        needs: loanBookApi.createPayout,
      }),
    ],
  }),
);
