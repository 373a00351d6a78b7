import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChannelMonitoringRow, channelReportApi } from '@lending/contract';
import { describeList, useListPage } from '../../../components/list-page';
import { formatShare } from '../../../lib/format';
import { channelName, ReportFrame, stackedByChannel } from '../report-parts';

const spec = describeList(channelReportApi.channelMonitoring, ({ column, filter }) => ({
  route: 'channelMonitoring',
  exportable: true,
  pageSize: 50,
  rowKey: (row) => `${row.date}|${row.channel}`,
  filters: [
    filter.indiaDateRange('dateFrom', 'dateTo', 'channelReport.dateRange'),
    filter.channel('channel', 'channelReport.channel'),
  ],
  columns: [
    column.indiaDate('date', 'channelReport.date', { sortable: true }),
    column.render('channel', 'channelReport.channel', (row, t) => channelName(row.channel, t), {
      sortable: true,
    }),
    column.count('registrations', 'channelReport.registrations', { sortable: true }),
    column.count('applications', 'channelReport.applications'),
    column.count('approvals', 'channelReport.approvals'),
    column.count('disbursedCount', 'channelReport.disbursedCount', { sortable: true }),
    column.money('disbursedPaise', 'channelReport.disbursedAmount'),
    column.count('dueCount', 'channelReport.dueCount'),
    column.count('firstDayOverdue', 'channelReport.firstDayOverdue'),
    column.share('overdueRate', 'channelReport.overdueRate', { sortable: true }),
  ],
}));

type Answer = {
  list: ChannelMonitoringRow[];
  totals: Omit<ChannelMonitoringRow, 'date' | 'channel'>;
};

/**
 * /report/channelMonitoring: what each acquisition channel's borrowers did on an India day
 * (registrations, applications, final approvals, payouts) and the share of the channel's loans
 * due that day not cleared by it; a chart of payouts per channel over the page's days.
 */
export function ChannelMonitoringPage() {
  const { t } = useTranslation();
  const list = useListPage(spec);
  const answer = list.query.data as Answer | undefined;
  const totals = answer?.totals;
  const option = useMemo(
    () => stackedByChannel(answer?.list ?? [], (row) => row.disbursedCount, t),
    [answer, t],
  );
  return (
    <ReportFrame
      route="channelMonitoring"
      list={list}
      chartLabel="channelReport.monitoringChart"
      note="channelReport.monitoringNote"
      option={option}
      figures={[
        { label: 'channelReport.registrations', value: totals?.registrations },
        { label: 'channelReport.applications', value: totals?.applications },
        { label: 'channelReport.approvals', value: totals?.approvals },
        { label: 'channelReport.disbursedCount', value: totals?.disbursedCount },
        { label: 'channelReport.disbursedAmount', value: totals?.disbursedPaise, kind: 'money' },
        {
          label: 'channelReport.overdueRate',
          value: totals ? formatShare(totals.overdueRate) : undefined,
        },
      ]}
    />
  );
}
