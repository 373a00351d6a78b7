import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type RegistrationRow, channelReportApi } from '@lending/contract';
import { describeList, useListPage } from '../../../components/list-page';
import { formatShare } from '../../../lib/format';
import { channelName, ReportFrame, stackedByChannel } from '../report-parts';

const spec = describeList(channelReportApi.registrationReport, ({ column, filter }) => ({
  route: 'registrationReport',
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
    column.count('registrations', 'channelReport.registrations', { sortable: true }),
    column.count('kycCompleted', 'channelReport.kycCompleted'),
    column.share('kycRate', 'channelReport.kycRate', {
      sortable: true,
    }),
    column.count('appliedSameDay', 'channelReport.appliedSameDay'),
    column.share('sameDayApplyRate', 'channelReport.sameDayApplyRate'),
  ],
}));

type Answer = { list: RegistrationRow[]; totals: Omit<RegistrationRow, 'date' | 'channel'> };

/**
 * /report/registrationReport: registrations per India day and channel, how many of those
 * registrants have completed KYC by now, and how many applied on the day they registered.
 */
export function RegistrationReportPage() {
  const { t } = useTranslation();
  const list = useListPage(spec);
  const answer = list.query.data as Answer | undefined;
  const totals = answer?.totals;
  const option = useMemo(
    () => stackedByChannel(answer?.list ?? [], (row) => row.registrations, t),
    [answer, t],
  );
  return (
    <ReportFrame
      route="registrationReport"
      list={list}
      chartLabel="channelReport.registrationChart"
      note="channelReport.registrationNote"
      option={option}
      figures={[
        { label: 'channelReport.registrations', value: totals?.registrations },
        { label: 'channelReport.kycCompleted', value: totals?.kycCompleted },
        { label: 'channelReport.kycRate', value: totals ? formatShare(totals.kycRate) : undefined },
        { label: 'channelReport.appliedSameDay', value: totals?.appliedSameDay },
        {
          label: 'channelReport.sameDayApplyRate',
          value: totals ? formatShare(totals.sameDayApplyRate) : undefined,
        },
      ]}
    />
  );
}
