import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type FunnelFigures, type PipelineRow, channelReportApi } from '@lending/contract';
import { describeList, useListPage } from '../../../components/list-page';
import { funnelColumns, funnelFigures } from '../funnel';
import { channelName, ReportFrame, sharePercent } from '../report-parts';

const spec = describeList(channelReportApi.pipelineAnalysis, ({ column, filter }) => ({
  route: 'pipelineAnalysis',
  exportable: true,
  pageSize: 50,
  rowKey: (row) => `${row.date}|${row.channel}`,
  filters: [
    filter.indiaDateRange('dateFrom', 'dateTo', 'channelReport.registrationDateRange'),
    filter.channel('channel', 'channelReport.channel'),
  ],
  columns: [
    column.indiaDate('date', 'channelReport.registrationDate', { sortable: true }),
    column.render('channel', 'channelReport.channel', (row, t) => channelName(row.channel, t), {
      sortable: true,
    }),
    ...funnelColumns(column),
  ],
}));

type Answer = { list: PipelineRow[]; totals: FunnelFigures };

/**
 * /toolMage/pipelineAnalysis: each acquisition channel's funnel over time, one row per India
 * day of registration and channel; the chart follows each channel's whole-funnel share.
 */
export function PipelineAnalysisPage() {
  const { t } = useTranslation();
  const list = useListPage(spec);
  const answer = list.query.data as Answer | undefined;
  const option = useMemo(() => {
    const rows = answer?.list ?? [];
    const days = [...new Set(rows.map((row) => row.date))].sort();
    const channels = [...new Set(rows.map((row) => row.channel))].sort();
    return {
      tooltip: { trigger: 'axis' },
      legend: {},
      grid: { left: 48, right: 24, bottom: 32 },
      xAxis: { type: 'category', data: days },
      yAxis: { type: 'value', axisLabel: { formatter: '{value}%' } },
      series: channels.map((channel) => ({
        name: channelName(channel, t),
        type: 'line',
        connectNulls: true,
        data: days.map((day) => {
          const row = rows.find((r) => r.date === day && r.channel === channel);
          return row ? sharePercent(row.conversionRate) : null;
        }),
      })),
    };
  }, [answer, t]);
  return (
    <ReportFrame
      route="pipelineAnalysis"
      list={list}
      chartLabel="channelReport.pipelineChart"
      note="channelReport.funnelNote"
      option={option}
      figures={funnelFigures(answer?.totals)}
    />
  );
}
