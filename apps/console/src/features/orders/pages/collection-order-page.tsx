import { remarketingApi } from '@lending/contract';
import { assetClassTags, useRescheduledOptions } from '../../../components/asset-class';
import { listPage, type StatusTags } from '../../../components/list-page';
import { orderDetailPath, orderStatusTags } from '../../../components/order-detail';
import { revealCustomer } from '../../../components/unmask/unmask';

const bandTags: StatusTags<'1-7' | '8+'> = {
  '1-7': { label: 'remarketing.bands.early', color: 'orange' },
  '8+': { label: 'remarketing.bands.late', color: 'red' },
};

/**
 * /order/collectionOrder: orders in collection, a read view for the order team. Until
 * collection cases land (the collection issue), these are the orders overdue now; the
 * collector and the last follow-up come with the cases.
 */
export const CollectionOrderPage = listPage(
  remarketingApi.listCollectionOrders,
  ({ column, filter }) => ({
    route: 'collectionOrder',
    rowLabel: (row) => row.orderNo,
    filters: [
      filter.text('orderNo', 'order.orderNo'),
      filter.text('phone', 'order.phone', { placeholder: 'order.phonePlaceholder' }),
      filter.status('band', 'remarketing.band', bandTags),
      filter.indiaDateRange('dueFrom', 'dueTo', 'order.dueRange'),
      filter.status('rbiClass', 'assetClass.rbiClass', assetClassTags),
      filter.select('rescheduled', 'assetClass.rescheduled', useRescheduledOptions),
    ],
    columns: [
      column.link('orderNo', 'order.orderNo', {
        to: (row) => orderDetailPath(row.orderNo),
        fixed: 'start',
      }),
      column.masked('customerName', 'order.customerName', {
        reveal: revealCustomer('name', (row) => row.customerId),
      }),
      column.masked('phone', 'order.phone', {
        reveal: revealCustomer('phone', (row) => row.customerId),
      }),
      column.status('status', 'order.status', orderStatusTags),
      column.money('principalPaise', 'order.amount'),
      column.money('outstandingPaise', 'remarketing.outstanding'),
      column.indiaDate('dueDate', 'order.dueDate', { sortable: true }),
      column.days('overdueDays', 'order.overdueDays', { sortable: true }),
      column.status('band', 'remarketing.band', bandTags),
      column.status('rbiClass', 'assetClass.rbiClass', assetClassTags),
      column.text('collectorName', 'remarketing.collector'),
      column.instant('lastContactAt', 'remarketing.lastContact'),
    ],
  }),
);
