import { useMemo } from 'react';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { type DailyOrderRow, reportApi } from '@lending/contract';
import { Chart } from '../../../components/chart/chart';
import {
  describeList,
  ListFilters,
  ListTable,
  ListToolbar,
  useListPage,
} from '../../../components/list-page';
import { TotalsBar } from '../../../components/totals-bar';

export const customerTypeChoices = {
  all: 'report.customerTypes.all',
  new: 'report.customerTypes.new',
  old: 'report.customerTypes.old',
};

const spec = describeList(reportApi.dailyOrderAnalysis, ({ column, filter }) => ({
  route: 'dailyOrderAnalysis',
  exportable: true,
  pageSize: 50,
  rowKey: (row) => row.date,
  filters: [
    filter.indiaDateRange('dateFrom', 'dateTo', 'report.dateRange'),
    filter.choice('customerType', 'report.customerType', customerTypeChoices),
  ],
  columns: [
    column.indiaDate('date', 'report.date', { sortable: true }),
    column.count('applications', 'report.daily.applications'),
    column.count('machinePass', 'report.daily.machinePass'),
    column.count('machineRefer', 'report.daily.machineRefer'),
    column.count('machineReject', 'report.daily.machineReject'),
    column.count('manualPass', 'report.daily.manualPass'),
    column.count('manualReject', 'report.daily.manualReject'),
    column.count('disbursedCount', 'report.daily.disbursedCount'),
    column.money('disbursedPaise', 'report.daily.disbursed'),
    column.money('netDisbursedPaise', 'report.daily.netDisbursed'),
    column.money('feePaise', 'report.daily.fee'),
    column.money('gstPaise', 'report.daily.gst'),
    column.count('repaymentCount', 'report.daily.repaymentCount'),
    column.money('repaidPaise', 'report.daily.repaid'),
    column.count('cleared', 'report.daily.cleared'),
  ],
}));

type Totals = Omit<DailyOrderRow, 'date' | 'customerType'>;

/**
 * /report/dailyOrderAnalysis: per India day, applications, machine review (pass, refer, reject)
 * and manual review decisions, disbursals (count, amount, net), fees and GST, repayments and loans cleared, from
 * the daily figures the day-end keeps; a chart of the page's days and the range's totals.
 */
export function DailyOrderAnalysisPage() {
  const { t } = useTranslation();
  const list = useListPage(spec);
  const answer = list.query.data as { list: DailyOrderRow[]; totals: Totals } | undefined;
  const totals = answer?.totals;
  const option = useMemo(() => {
    const days = [...(answer?.list ?? [])].reverse();
    return {
      tooltip: { trigger: 'axis' },
      legend: {},
      grid: { left: 48, right: 24, bottom: 32 },
      xAxis: { type: 'category', data: days.map((row) => row.date) },
      yAxis: { type: 'value' },
      series: [
        {
          name: t('report.daily.applications'),
          type: 'bar',
          data: days.map((r) => r.applications),
        },
        {
          name: t('report.daily.disbursedCount'),
          type: 'bar',
          data: days.map((r) => r.disbursedCount),
        },
        { name: t('report.daily.cleared'), type: 'line', data: days.map((r) => r.cleared) },
      ],
    };
  }, [answer, t]);
  return (
    <Card title={<h1 className="page-heading">{t('route.dailyOrderAnalysis')}</h1>}>
      <ListFilters list={list} />
      <TotalsBar
        title="report.totals"
        items={[
          { label: 'report.daily.applications', value: totals?.applications },
          { label: 'report.daily.machinePass', value: totals?.machinePass },
          { label: 'report.daily.machineRefer', value: totals?.machineRefer },
          { label: 'report.daily.manualPass', value: totals?.manualPass },
          { label: 'report.daily.disbursedCount', value: totals?.disbursedCount },
          { label: 'report.daily.disbursed', value: totals?.disbursedPaise, money: true },
          { label: 'report.daily.netDisbursed', value: totals?.netDisbursedPaise, money: true },
          { label: 'report.daily.fee', value: totals?.feePaise, money: true },
          { label: 'report.daily.gst', value: totals?.gstPaise, money: true },
          { label: 'report.daily.repaid', value: totals?.repaidPaise, money: true },
          { label: 'report.daily.cleared', value: totals?.cleared },
        ]}
      />
      <Chart option={option} label={t('report.daily.chart')} />
      <ListToolbar list={list} />
      <ListTable list={list} />
    </Card>
  );
}
