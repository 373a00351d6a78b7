import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type BorrowAgainRow, channelReportApi } from '@lending/contract';
import { describeList, useListPage } from '../../../components/list-page';
import { formatShare } from '../../../lib/format';
import { ReportFrame, sharePercent } from '../report-parts';

const spec = describeList(channelReportApi.borrowAgainRate, ({ column, filter }) => ({
  route: 'borrowAgainRate',
  exportable: true,
  pageSize: 50,
  rowKey: (row) => row.date,
  filters: [
    filter.indiaDateRange('dateFrom', 'dateTo', 'channelReport.clearedDateRange'),
    filter.channel('channel', 'channelReport.channel'),
  ],
  columns: [
    column.indiaDate('date', 'channelReport.clearedDate', { sortable: true }),
    column.count('cleared', 'channelReport.cleared'),
    column.count('within3', 'channelReport.within3'),
    column.share('rate3', 'channelReport.rate3'),
    column.count('within7', 'channelReport.within7'),
    column.share('rate7', 'channelReport.rate7', {
      sortable: true,
    }),
    column.count('within30', 'channelReport.within30'),
    column.share('rate30', 'channelReport.rate30', {
      sortable: true,
    }),
  ],
}));

type Answer = { list: BorrowAgainRow[]; totals: Omit<BorrowAgainRow, 'date'> };

/**
 * /report/borrowAgainRate: the loans cleared on each India day and the share whose borrower
 * had a new loan disbursed within 3, 7 and 30 days (a rollover is the same loan, not a new one).
 */
export function BorrowAgainRatePage() {
  const { t } = useTranslation();
  const list = useListPage(spec);
  const answer = list.query.data as Answer | undefined;
  const totals = answer?.totals;
  const option = useMemo(() => {
    const rows = [...(answer?.list ?? [])].reverse();
    return {
      tooltip: { trigger: 'axis' },
      legend: {},
      grid: { left: 48, right: 24, bottom: 32 },
      xAxis: { type: 'category', data: rows.map((row) => row.date) },
      yAxis: { type: 'value', axisLabel: { formatter: '{value}%' } },
      series: (['rate3', 'rate7', 'rate30'] as const).map((key) => ({
        name: t(`channelReport.${key}`),
        type: 'line',
        data: rows.map((row) => sharePercent(row[key])),
      })),
    };
  }, [answer, t]);
  return (
    <ReportFrame
      route="borrowAgainRate"
      list={list}
      chartLabel="channelReport.borrowAgainChart"
      note="channelReport.borrowAgainNote"
      option={option}
      figures={[
        { label: 'channelReport.cleared', value: totals?.cleared },
        { label: 'channelReport.within7', value: totals?.within7 },
        { label: 'channelReport.rate7', value: totals ? formatShare(totals.rate7) : undefined },
        { label: 'channelReport.within30', value: totals?.within30 },
        { label: 'channelReport.rate30', value: totals ? formatShare(totals.rate30) : undefined },
      ]}
    />
  );
}
