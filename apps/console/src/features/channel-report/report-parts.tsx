import { Card } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Chart } from '../../components/chart/chart';
import type { EndpointDefinition } from '@lending/contract';
import {
  ListFilters,
  ListTable,
  ListToolbar,
  type ListPageState,
} from '../../components/list-page';
import { TotalsBar } from '../../components/totals-bar';

/** The same share as a number of percent for a chart's axis (null leaves a gap). */
export function sharePercent(value: number | null): number | null {
  return value === null ? null : Math.round(value * 1000) / 10;
}

/**
 * A bar chart of one figure per India day, stacked by channel: the chart of the reports whose
 * rows are one day and one channel.
 */
export function stackedByChannel<Row extends { date: string; channel: string }>(
  rows: readonly Row[],
  figure: (row: Row) => number,
  t: TFunction,
) {
  const days = [...new Set(rows.map((row) => row.date))].sort();
  const channels = [...new Set(rows.map((row) => row.channel))].sort();
  return {
    tooltip: { trigger: 'axis' },
    legend: {},
    grid: { left: 48, right: 24, bottom: 32 },
    xAxis: { type: 'category', data: days },
    yAxis: { type: 'value' },
    series: channels.map((channel) => ({
      name: channelName(channel, t),
      type: 'bar',
      stack: 'figure',
      data: days.map((day) => {
        const row = rows.find((r) => r.date === day && r.channel === channel);
        return row ? figure(row) : 0;
      }),
    })),
  };
}

/** A channel's code as the reports show it: registrations that named none are 'Direct'. */
export function channelName(channel: string, t: TFunction): string {
  return channel === '' ? t('channelReport.direct') : channel;
}

export interface Figure {
  label: string;
  value: number | string | undefined;
  kind?: 'count' | 'money' | 'share';
}

/** The totals of the filtered range, above the chart and the table. */
export function FiguresBar({ figures }: { figures: Figure[] }) {
  return (
    <TotalsBar
      title="channelReport.totals"
      items={figures.map(({ label, value, kind }) => ({ label, value, money: kind === 'money' }))}
    />
  );
}

/**
 * The frame every channel report shares: filters, the range's totals, a chart of the page's
 * rows, a note saying how the figures are counted, the toolbar (export) and the table.
 */
export function ReportFrame<E extends EndpointDefinition>({
  route,
  list,
  figures,
  option,
  chartLabel,
  note,
}: {
  route: string;
  list: ListPageState<E>;
  figures: Figure[];
  option: Record<string, unknown>;
  chartLabel: string;
  note: string;
}) {
  const { t } = useTranslation();
  return (
    <Card title={<h1 className="page-heading">{t(`route.${route}`)}</h1>}>
      <ListFilters list={list} />
      <FiguresBar figures={figures} />
      <Chart option={option} label={t(chartLabel)} />
      <p className="report-note">{t(note)}</p>
      <ListToolbar list={list} />
      <ListTable list={list} />
    </Card>
  );
}
