import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { type RepaymentOrderTotals, financeApi } from '@lending/contract';
import {
  describeList,
  ListFilters,
  ListTable,
  ListToolbar,
  useListPage,
} from '../../../components/list-page';
import { TotalsBar } from '../../../components/totals-bar';
import { orderDetailPath } from '../finance-tags';

const spec = describeList(financeApi.repaymentOrderList, ({ column, filter }) => ({
  route: 'RepaymentOrder',
  exportable: true,
  filters: [
    // The range is of the day each entry was booked, so its totals tie to the ledger's days.
    filter.indiaDateRange('dateFrom', 'dateTo', 'finance.repaymentOrder.postedDateRange'),
    filter.text('orderNo', 'finance.orderNo'),
    filter.text('channel', 'finance.channel'),
    filter.text('virtualAccountCode', 'finance.repaymentOrder.virtualAccountCode'),
    filter.choice('kind', 'finance.repaymentOrder.kind', {
      repayment: 'finance.repaymentOrder.kinds.repayment',
      reversal: 'finance.repaymentOrder.kinds.reversal',
    }),
  ],
  columns: [
    column.indiaDate('valueDate', 'finance.repaymentOrder.valueDate', { sortable: true }),
    column.indiaDate('postedDate', 'finance.repaymentOrder.postedDate'),
    column.render('kind', 'finance.repaymentOrder.kind', (row, t) =>
      t(`finance.repaymentOrder.kinds.${row.kind}`),
    ),
    column.text('serialNo', 'finance.repaymentOrder.serialNo'),
    column.link('orderNo', 'finance.orderNo', { to: (row) => orderDetailPath(row.orderNo) }),
    column.text('channel', 'finance.channel'),
    column.text('virtualAccountCode', 'finance.repaymentOrder.virtualAccountCode'),
    column.money('amountPaise', 'finance.amount'),
    column.money('principalPaise', 'finance.principal'),
    column.money('interestPaise', 'finance.interest'),
    column.money('feePaise', 'finance.fee'),
    column.money('gstPaise', 'finance.gst'),
    column.money('penalPaise', 'finance.penal'),
    column.money('excessPaise', 'finance.repaymentOrder.excess', { hiddenByDefault: true }),
  ],
}));

/**
 * /financialManagement/RepaymentOrder: the repayment statement, read from the ledger's
 * repayment journals: each repayment and each reversal (negative), split into principal,
 * interest, fee, GST and penal charges, with the totals of the filtered range.
 */
export function RepaymentOrderPage() {
  const { t } = useTranslation();
  const list = useListPage(spec);
  const totals = (list.query.data as { totals: RepaymentOrderTotals } | undefined)?.totals;
  return (
    <Card title={<h1 className="page-heading">{t('route.RepaymentOrder')}</h1>}>
      <ListFilters list={list} />
      <TotalsBar
        title="finance.totals.range"
        items={[
          { label: 'finance.count', value: totals?.count },
          { label: 'finance.amount', value: totals?.amountPaise, money: true },
          { label: 'finance.principal', value: totals?.principalPaise, money: true },
          { label: 'finance.interest', value: totals?.interestPaise, money: true },
          { label: 'finance.fee', value: totals?.feePaise, money: true },
          { label: 'finance.gst', value: totals?.gstPaise, money: true },
          { label: 'finance.penal', value: totals?.penalPaise, money: true },
          { label: 'finance.repaymentOrder.excess', value: totals?.excessPaise, money: true },
        ]}
      />
      <ListToolbar list={list} />
      <ListTable list={list} />
      {list.dialog}
    </Card>
  );
}
