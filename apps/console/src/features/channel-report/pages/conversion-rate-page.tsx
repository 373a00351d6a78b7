import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type ConversionRow, type FunnelFigures, channelReportApi } from '@lending/contract';
import { describeList, useListPage } from '../../../components/list-page';
import { FUNNEL_STEPS, funnelColumns, funnelFigures } from '../funnel';
import { ReportFrame } from '../report-parts';

const spec = describeList(channelReportApi.conversionRate, ({ column, filter }) => ({
  route: 'conversionRate',
  exportable: true,
  pageSize: 50,
  rowKey: (row) => row.period,
  filters: [
    filter.indiaDateRange('dateFrom', 'dateTo', 'channelReport.registrationDateRange'),
    filter.channel('channel', 'channelReport.channel'),
    filter.choice('granularity', 'channelReport.granularity', {
      day: 'channelReport.granularities.day',
      week: 'channelReport.granularities.week',
    }),
  ],
  columns: [
    column.indiaDate('period', 'channelReport.period', { sortable: true }),
    ...funnelColumns(column),
  ],
}));

type Answer = { list: ConversionRow[]; totals: FunnelFigures };

/**
 * /report/conversionRate: the registrants of each India day (or week, from its Monday) and how
 * many reached each step by now: KYC, an application, a machine pass, a final approval, a
 * payout. The chart is the range's funnel.
 */
export function ConversionRatePage() {
  const { t } = useTranslation();
  const list = useListPage(spec);
  const answer = list.query.data as Answer | undefined;
  const totals = answer?.totals;
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'item' },
      series: [
        {
          name: t('channelReport.funnelChart'),
          type: 'funnel',
          sort: 'none',
          label: { show: true, position: 'inside' },
          data: FUNNEL_STEPS.map((step) => ({
            name: t(`channelReport.funnel.${step.count}`),
            value: totals?.[step.count] ?? 0,
          })),
        },
      ],
    }),
    [totals, t],
  );
  return (
    <ReportFrame
      route="conversionRate"
      list={list}
      chartLabel="channelReport.funnelChart"
      note="channelReport.funnelNote"
      option={option}
      figures={funnelFigures(totals)}
    />
  );
}
