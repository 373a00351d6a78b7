import { remarketingApi } from '@lending/contract';
import { listPage } from '../../../components/list-page';
import { orderDetailPath } from '../../../components/order-detail';
import { revealCustomer } from '../../../components/unmask/unmask';
import { ClearNotLoanSmsDialog, selectedSmsNeeds } from '../components/selected-sms-dialog';

/**
 * /order/clearNotLoan: customers whose last loan cleared and who have not applied
 * since, the re-marketing list: how long ago, how many loans, the last amount, what they
 * repaid and how punctually. Export (the list kit's) takes it to the marketing team; Send SMS
 * makes a marketing SMS campaign to the selected customers (decision 0067).
 */
export const ClearNotLoanPage = listPage(
  remarketingApi.listClearNotLoan,
  ({ column, filter, action }) => ({
    route: 'clearNotLoan',
    rowLabel: (row) => row.phone,
    filters: [
      filter.text('phone', 'order.phone', { placeholder: 'order.phonePlaceholder' }),
      filter.indiaDateRange('clearedFrom', 'clearedTo', 'remarketing.clearedRange'),
      filter.number('minLoans', 'remarketing.minLoans'),
    ],
    columns: [
      column.masked('customerName', 'order.customerName', {
        reveal: revealCustomer('name', (row) => row.id),
      }),
      column.masked('phone', 'order.phone', { reveal: revealCustomer('phone', (row) => row.id) }),
      column.link('lastOrderNo', 'remarketing.lastOrderNo', {
        to: (row) => orderDetailPath(row.lastOrderNo),
      }),
      column.indiaDate('clearedDate', 'remarketing.clearedDate', { sortable: true }),
      column.days('daysSinceCleared', 'remarketing.daysSinceCleared'),
      column.count('loansTaken', 'remarketing.loansTaken'),
      column.money('lastAmountPaise', 'remarketing.lastAmount', { sortable: true }),
      column.money('totalRepaidPaise', 'remarketing.totalRepaid'),
      column.count('clearedOnTime', 'remarketing.clearedOnTime'),
      column.count('clearedLate', 'remarketing.clearedLate'),
    ],
    bulkActions: [
      action.bulkForm('remarketing.sms.button', ClearNotLoanSmsDialog, { needs: selectedSmsNeeds }),
    ],
  }),
);
