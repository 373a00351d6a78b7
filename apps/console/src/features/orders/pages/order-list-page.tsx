import { loanBookApi, orderApi } from '@lending/contract';
import { useTranslation } from 'react-i18next';
import { assetClassTags, useRescheduledOptions } from '../../../components/asset-class';
import { listPage, type FilterOption } from '../../../components/list-page';
import { orderDetailPath, orderStatusTags } from '../../../components/order-detail';
import { revealCustomer } from '../../../components/unmask/unmask';
import { useGrants } from '../../../lib/grants';
import { useEndpointQuery } from '../../../lib/use-endpoint';

/** The loan products to filter by (first loans and re-loans), when the user may list them. */
function useProductOptions(): FilterOption<number>[] {
  const { t } = useTranslation();
  const { can } = useGrants();
  const products = useEndpointQuery(
    loanBookApi.listLoanConfig,
    { page: 1, pageSize: 100 },
    { enabled: can(loanBookApi.listLoanConfig), staleTime: 60_000 },
  );
  return (products.data?.list ?? []).map((product) => ({
    value: product.id,
    label: `${product.name} (${t(`order.kinds.${product.kind}`)})`,
  }));
}

/** /order/orderList: every order; a row's number opens the order detail. */
export const OrderListPage = listPage(orderApi.listOrders, ({ column, filter }) => ({
  route: 'orderList',
  rowLabel: (row) => row.orderNo,
  filters: [
    filter.text('orderNo', 'order.orderNo'),
    filter.text('phone', 'order.phone', { placeholder: 'order.phonePlaceholder' }),
    filter.status('status', 'order.status', orderStatusTags),
    filter.choice('customerKind', 'order.customerKind', {
      first: 'order.kinds.first',
      reloan: 'order.kinds.reloan',
    }),
    filter.select('productId', 'order.product', useProductOptions),
    filter.indiaDateRange('appliedFrom', 'appliedTo', 'order.appliedRange'),
    filter.indiaDateRange('disbursedFrom', 'disbursedTo', 'order.disbursedRange'),
    filter.indiaDateRange('dueFrom', 'dueTo', 'order.dueRange'),
    filter.amountRange('minAmountPaise', 'maxAmountPaise', 'order.amount'),
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
    column.render('customerKind', 'order.customerKind', (row, t) =>
      t(`order.kinds.${row.customerKind}`),
    ),
    column.text('productName', 'order.product'),
    column.money('principalPaise', 'order.amount', { sortable: true }),
    column.days('tenorDays', 'order.period'),
    column.money('feesPaise', 'order.fees'),
    column.status('status', 'order.status', orderStatusTags),
    column.instant('appliedAt', 'order.appliedAt', { sortable: true }),
    column.indiaDate('disbursalDate', 'order.disbursalDate'),
    column.indiaDate('dueDate', 'order.dueDate', { sortable: true }),
    column.days('overdueDays', 'order.overdueDays'),
    column.status('rbiClass', 'assetClass.rbiClass', assetClassTags),
  ],
  exportable: true,
}));
