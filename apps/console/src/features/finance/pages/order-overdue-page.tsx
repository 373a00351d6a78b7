import { useMemo } from 'react';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { type OverdueCohortRow, reportApi } from '@lending/contract';
import { Chart } from '../../../components/chart/chart';
import {
  describeList,
  ListFilters,
  ListTable,
  ListToolbar,
  useListPage,
} from '../../../components/list-page';
import { TotalsBar } from '../../../components/totals-bar';
import { customerTypeChoices } from './daily-order-analysis-page';

/** A share of a cohort as a percentage with one decimal ('—' for an empty cohort). */
export function rate(part: number, whole: number): string {
  return whole === 0 ? '—' : `${((part * 100) / whole).toFixed(1)}%`;
}

const spec = describeList(reportApi.orderOverdue, ({ column, filter }) => ({
  route: 'orderOverdue',
  exportable: true,
  pageSize: 50,
  rowKey: (row) => row.dueDate,
  filters: [
    filter.indiaDateRange('dateFrom', 'dateTo', 'report.overdue.dueDateRange'),
    filter.choice('customerType', 'report.customerType', customerTypeChoices),
  ],
  columns: [
    column.indiaDate('dueDate', 'report.overdue.dueDate', { sortable: true }),
    column.count('dueCount', 'report.overdue.dueCount'),
    column.money('dueAmountPaise', 'report.overdue.dueAmount'),
    column.count('firstDayOverdue', 'report.overdue.firstDay'),
    column.render('firstDayRate', 'report.overdue.firstDayRate', (row) =>
      rate(row.firstDayOverdue, row.dueCount),
    ),
    column.render('rate1to7', 'report.overdue.rate1to7', (row) =>
      rate(row.overdue1to7, row.dueCount),
    ),
    column.render('rate8plus', 'report.overdue.rate8plus', (row) =>
      rate(row.overdue8plus, row.dueCount),
    ),
    column.count('recovered', 'report.overdue.recovered'),
  ],
}));

type Totals = Omit<OverdueCohortRow, 'dueDate' | 'customerType'>;

/**
 * /report/orderOverdue: per due-date cohort, loans due and their amount, the share not
 * cleared by the due date (first-day overdue), the shares in the bands 1–7 days and 8 days and
 * above (docs/product.md §9), and those recovered after going overdue; new and old customers apart.
 */
export function OrderOverduePage() {
  const { t } = useTranslation();
  const list = useListPage(spec);
  const answer = list.query.data as { list: OverdueCohortRow[]; totals: Totals } | undefined;
  const totals = answer?.totals;
  const option = useMemo(() => {
    const cohorts = [...(answer?.list ?? [])].reverse();
    const percent = (part: number, whole: number) =>
      whole === 0 ? 0 : Math.round((part * 1000) / whole) / 10;
    return {
      tooltip: { trigger: 'axis' },
      legend: {},
      grid: { left: 48, right: 24, bottom: 32 },
      xAxis: { type: 'category', data: cohorts.map((row) => row.dueDate) },
      yAxis: { type: 'value', axisLabel: { formatter: '{value}%' } },
      series: [
        {
          name: t('report.overdue.firstDayRate'),
          type: 'line',
          data: cohorts.map((r) => percent(r.firstDayOverdue, r.dueCount)),
        },
        {
          name: t('report.overdue.rate1to7'),
          type: 'line',
          data: cohorts.map((r) => percent(r.overdue1to7, r.dueCount)),
        },
        {
          name: t('report.overdue.rate8plus'),
          type: 'line',
          data: cohorts.map((r) => percent(r.overdue8plus, r.dueCount)),
        },
      ],
    };
  }, [answer, t]);
  return (
    <Card title={<h1 className="page-heading">{t('route.orderOverdue')}</h1>}>
      <ListFilters list={list} />
      <TotalsBar
        title="report.totals"
        items={[
          { label: 'report.overdue.dueCount', value: totals?.dueCount },
          { label: 'report.overdue.dueAmount', value: totals?.dueAmountPaise, money: true },
          { label: 'report.overdue.firstDay', value: totals?.firstDayOverdue },
          { label: 'report.overdue.in1to7', value: totals?.overdue1to7 },
          { label: 'report.overdue.in8plus', value: totals?.overdue8plus },
          { label: 'report.overdue.recovered', value: totals?.recovered },
        ]}
      />
      <Chart option={option} label={t('report.overdue.chart')} />
      <ListToolbar list={list} />
      <ListTable list={list} />
    </Card>
  );
}
