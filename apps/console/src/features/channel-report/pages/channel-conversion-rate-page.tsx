import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChannelFunnelRow, type FunnelFigures, channelReportApi } from '@lending/contract';
import { describeList, useListPage } from '../../../components/list-page';
import { funnelColumns, funnelFigures } from '../funnel';
import { channelName, ReportFrame, sharePercent } from '../report-parts';

const spec = describeList(channelReportApi.channelConversionRate, ({ column, filter }) => ({
  route: 'channelConversionRate',
  exportable: true,
  pageSize: 50,
  rowKey: (row) => row.channel,
  filters: [
    filter.indiaDateRange('dateFrom', 'dateTo', 'channelReport.registrationDateRange'),
    filter.channel('channel', 'channelReport.channel'),
  ],
  columns: [
    column.render('channel', 'channelReport.channel', (row, t) => channelName(row.channel, t), {
      sortable: true,
    }),
    ...funnelColumns(column),
  ],
}));

type Answer = { list: ChannelFunnelRow[]; totals: FunnelFigures };

/**
 * /report/channelConversionRate: the funnel of each acquisition channel's registrants of the
 * range, step by step, so channels compare on what they bring to a payout, not on volume.
 */
export function ChannelConversionRatePage() {
  const { t } = useTranslation();
  const list = useListPage(spec);
  const answer = list.query.data as Answer | undefined;
  const option = useMemo(() => {
    const rows = answer?.list ?? [];
    return {
      tooltip: { trigger: 'axis' },
      legend: {},
      grid: { left: 48, right: 24, bottom: 32 },
      xAxis: { type: 'category', data: rows.map((row) => channelName(row.channel, t)) },
      yAxis: { type: 'value', axisLabel: { formatter: '{value}%' } },
      series: (['kycRate', 'applyRate', 'approveRate', 'conversionRate'] as const).map((key) => ({
        name: t(`channelReport.funnel.${key}`),
        type: 'bar',
        data: rows.map((row) => sharePercent(row[key])),
      })),
    };
  }, [answer, t]);
  return (
    <ReportFrame
      route="channelConversionRate"
      list={list}
      chartLabel="channelReport.channelFunnelChart"
      note="channelReport.funnelNote"
      option={option}
      figures={funnelFigures(answer?.totals)}
    />
  );
}
