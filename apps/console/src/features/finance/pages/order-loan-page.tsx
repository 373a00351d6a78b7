import { Card, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type OrderLoanTotals, financeApi } from '@lending/contract';
import {
  describeList,
  ListFilters,
  ListTable,
  ListToolbar,
  useListPage,
} from '../../../components/list-page';
import { formatPaise } from '../../../lib/format';
import { TotalsBar } from '../../../components/totals-bar';
import { orderDetailPath } from '../finance-tags';

const spec = describeList(financeApi.orderLoanList, ({ column, filter }) => ({
  route: 'OrderLoan',
  exportable: true,
  filters: [
    filter.indiaDateRange('dateFrom', 'dateTo', 'finance.orderLoan.dateRange'),
    filter.text('orderNo', 'finance.orderNo'),
    filter.text('channel', 'finance.channel'),
    filter.choice('status', 'finance.status', {
      processed: 'finance.orderLoan.statuses.processed',
      reversed: 'finance.orderLoan.statuses.reversed',
    }),
  ],
  columns: [
    column.indiaDate('date', 'finance.orderLoan.date', { sortable: true }),
    column.link('orderNo', 'finance.orderNo', { to: (row) => orderDetailPath(row.orderNo) }),
    column.masked('customerName', 'finance.customer'),
    column.money('principalPaise', 'finance.principal'),
    column.money('processingFeePaise', 'finance.processingFee'),
    column.money('gstPaise', 'finance.gst'),
    column.money('netPaidPaise', 'finance.orderLoan.netPaid', { sortable: true }),
    column.text('utr', 'finance.orderLoan.utr'),
    column.text('channel', 'finance.channel'),
    column.render('status', 'finance.status', (row, t) =>
      t(`finance.orderLoan.statuses.${row.status}`),
    ),
  ],
}));

type DayTotals = OrderLoanTotals & { date: string };

/**
 * /financialManagement/OrderLoan: the disbursement statement. Every payout the gateway
 * processed, its order's principal, processing fee and GST and the net paid; the totals of the
 * filtered range, and of each day on the page. The totals equal the ledger's disbursal postings.
 */
export function OrderLoanPage() {
  const { t } = useTranslation();
  const list = useListPage(spec);
  const answer = list.query.data as { totals: OrderLoanTotals; days: DayTotals[] } | undefined;
  const totals = answer?.totals;
  return (
    <Card title={<h1 className="page-heading">{t('route.OrderLoan')}</h1>}>
      <ListFilters list={list} />
      <TotalsBar
        title="finance.totals.range"
        items={[
          { label: 'finance.count', value: totals?.count },
          { label: 'finance.principal', value: totals?.principalPaise, money: true },
          { label: 'finance.processingFee', value: totals?.processingFeePaise, money: true },
          { label: 'finance.gst', value: totals?.gstPaise, money: true },
          { label: 'finance.orderLoan.netPaid', value: totals?.netPaidPaise, money: true },
        ]}
      />
      <ListToolbar list={list} />
      <ListTable list={list} />
      <Typography.Title level={5}>{t('finance.totals.days')}</Typography.Title>
      <Table<DayTotals>
        size="small"
        rowKey="date"
        pagination={false}
        dataSource={answer?.days ?? []}
        columns={[
          { title: t('finance.orderLoan.date'), dataIndex: 'date' },
          { title: t('finance.count'), dataIndex: 'count', align: 'right' },
          {
            title: t('finance.principal'),
            dataIndex: 'principalPaise',
            align: 'right',
            render: (value: number) => formatPaise(value),
          },
          {
            title: t('finance.processingFee'),
            dataIndex: 'processingFeePaise',
            align: 'right',
            render: (value: number) => formatPaise(value),
          },
          {
            title: t('finance.gst'),
            dataIndex: 'gstPaise',
            align: 'right',
            render: (value: number) => formatPaise(value),
          },
          {
            title: t('finance.orderLoan.netPaid'),
            dataIndex: 'netPaidPaise',
            align: 'right',
            render: (value: number) => formatPaise(value),
          },
        ]}
      />
      {list.dialog}
    </Card>
  );
}
