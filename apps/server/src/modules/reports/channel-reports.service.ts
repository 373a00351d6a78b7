import type {
  borrowAgainBodySchema,
  channelConversionBodySchema,
  channelMonitoringBodySchema,
  conversionRateBodySchema,
  FunnelFigures,
  pipelineAnalysisBodySchema,
  registrationReportBodySchema,
} from '@lending/contract';
import type { z } from 'zod';
import { AppError } from '../../shared/app-error.js';
import type { ListSort } from '../../shared/list-query.js';
import { paiseToApi } from '../../shared/paise.js';
import { channelDaysIn } from './channel-days.repository.js';
import type { ChannelDayRow } from './channel-days.table.js';
import { channelDayFigures, refreshTodayIfShown, type ReportsDeps } from './read-models.js';

/**
 * The channel reports (decision 0039): six views of the one read model, each reading the
 * stored days of its range (a few rows per day and channel) and grouping, sorting and paging
 * them here, so that every view's totals are sums of the same rows.
 */

interface Filters {
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
  channel?: string | undefined;
}

interface Body<F> {
  page: number;
  pageSize: number;
  filters?: F | undefined;
  sort?: ListSort | undefined;
}

/** A share as a true fraction; null when there is nothing to divide by. */
export function share(part: number, whole: number): number | null {
  return whole === 0 ? null : part / whole;
}

type Sums = Omit<ChannelDayRow, 'businessDate' | 'channel' | 'refreshedAt'>;

const ZERO: Sums = {
  registrations: 0,
  kycCompleted: 0,
  appliedSameDay: 0,
  applied: 0,
  machinePassed: 0,
  approved: 0,
  disbursed: 0,
  applications: 0,
  approvals: 0,
  disbursedCount: 0,
  disbursedPaise: 0n,
  dueCount: 0,
  firstDayOverdue: 0,
  cleared: 0,
  reborrowed3: 0,
  reborrowed7: 0,
  reborrowed30: 0,
};

function sum(rows: readonly Sums[]): Sums {
  const total = { ...ZERO };
  for (const row of rows) {
    for (const key of Object.keys(ZERO) as (keyof Sums)[]) {
      (total as Record<string, unknown>)[key] =
        key === 'disbursedPaise'
          ? total.disbursedPaise + row.disbursedPaise
          : (total[key] as number) + (row[key] as number);
    }
  }
  return total;
}

function groupSums(rows: readonly ChannelDayRow[], keyOf: (row: ChannelDayRow) => string) {
  const groups = new Map<string, ChannelDayRow[]>();
  for (const row of rows) {
    const key = keyOf(row);
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups].map(([key, members]) => ({ key, sums: sum(members) }));
}

/** The Monday (India date) of the week a date falls in. */
export function weekOf(date: string): string {
  const day = new Date(`${date}T00:00:00.000Z`);
  const back = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - back * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The stored days the filters select. Today is recomputed first when the range includes it
 * (the day-end settles it tonight), so a report shows this morning's registrations.
 */
async function channelDays(deps: ReportsDeps, filters: Filters | undefined) {
  await refreshTodayIfShown(deps, channelDayFigures, filters);
  return channelDaysIn(deps.db, filters ?? {});
}

/**
 * One page of rows sorted by a field the report offers (another is a 400 naming
 * `sort.field`), ties broken by the row's key so pages never repeat a row.
 */
function pageOf<R>(
  rows: R[],
  body: Body<unknown>,
  sortable: Record<string, (row: R) => string | number | null>,
  fallback: ListSort,
  keyOf: (row: R) => string,
): { list: R[]; total: number } {
  const sort = body.sort ?? fallback;
  const valueOf = sortable[sort.field];
  if (!Object.hasOwn(sortable, sort.field) || !valueOf) {
    throw AppError.invalid('sort.field', `must be one of ${Object.keys(sortable).join(', ')}`);
  }
  const direction = sort.order === 'asc' ? 1 : -1;
  const compare = (a: string | number | null, b: string | number | null) =>
    a === b ? 0 : a === null ? -1 : b === null ? 1 : a < b ? -1 : 1;
  const sorted = [...rows].sort(
    (a, b) =>
      direction * compare(valueOf(a), valueOf(b)) || direction * compare(keyOf(a), keyOf(b)),
  );
  const start = (body.page - 1) * body.pageSize;
  return { list: sorted.slice(start, start + body.pageSize), total: rows.length };
}

function funnelOf(s: Sums): FunnelFigures {
  return {
    registrations: s.registrations,
    kycCompleted: s.kycCompleted,
    applied: s.applied,
    machinePassed: s.machinePassed,
    approved: s.approved,
    disbursed: s.disbursed,
    kycRate: share(s.kycCompleted, s.registrations),
    applyRate: share(s.applied, s.kycCompleted),
    machinePassRate: share(s.machinePassed, s.applied),
    approveRate: share(s.approved, s.machinePassed),
    disburseRate: share(s.disbursed, s.approved),
    conversionRate: share(s.disbursed, s.registrations),
  };
}

function monitoringOf(s: Sums) {
  return {
    registrations: s.registrations,
    applications: s.applications,
    approvals: s.approvals,
    disbursedCount: s.disbursedCount,
    disbursedPaise: paiseToApi(s.disbursedPaise),
    dueCount: s.dueCount,
    firstDayOverdue: s.firstDayOverdue,
    overdueRate: share(s.firstDayOverdue, s.dueCount),
  };
}

function registrationOf(s: Sums) {
  return {
    registrations: s.registrations,
    kycCompleted: s.kycCompleted,
    kycRate: share(s.kycCompleted, s.registrations),
    appliedSameDay: s.appliedSameDay,
    sameDayApplyRate: share(s.appliedSameDay, s.registrations),
  };
}

function borrowAgainOf(s: Sums) {
  return {
    cleared: s.cleared,
    within3: s.reborrowed3,
    within7: s.reborrowed7,
    within30: s.reborrowed30,
    rate3: share(s.reborrowed3, s.cleared),
    rate7: share(s.reborrowed7, s.cleared),
    rate30: share(s.reborrowed30, s.cleared),
  };
}

const byDateAndChannel = (row: { date: string; channel: string }) => `${row.date}|${row.channel}`;

export async function channelMonitoring(
  deps: ReportsDeps,
  body: z.output<typeof channelMonitoringBodySchema>,
) {
  const days = (await channelDays(deps, body.filters)).filter(
    (row) =>
      row.registrations + row.applications + row.approvals + row.disbursedCount + row.dueCount > 0,
  );
  const rows = days.map((row) => ({
    date: row.businessDate,
    channel: row.channel,
    ...monitoringOf(row),
  }));
  const page = pageOf(
    rows,
    body,
    {
      date: (row) => row.date,
      channel: (row) => row.channel,
      registrations: (row) => row.registrations,
      disbursedCount: (row) => row.disbursedCount,
      overdueRate: (row) => row.overdueRate,
    },
    { field: 'date', order: 'desc' },
    byDateAndChannel,
  );
  return { ...page, totals: monitoringOf(sum(days)) };
}

export async function registrationReport(
  deps: ReportsDeps,
  body: z.output<typeof registrationReportBodySchema>,
) {
  const days = (await channelDays(deps, body.filters)).filter((row) => row.registrations > 0);
  const rows = days.map((row) => ({
    date: row.businessDate,
    channel: row.channel,
    ...registrationOf(row),
  }));
  const page = pageOf(
    rows,
    body,
    {
      date: (row) => row.date,
      channel: (row) => row.channel,
      registrations: (row) => row.registrations,
      kycRate: (row) => row.kycRate,
    },
    { field: 'date', order: 'desc' },
    byDateAndChannel,
  );
  return { ...page, totals: registrationOf(sum(days)) };
}

export async function conversionRate(
  deps: ReportsDeps,
  body: z.output<typeof conversionRateBodySchema>,
) {
  const { granularity = 'day', ...filters } = body.filters ?? {};
  const days = (await channelDays(deps, filters)).filter((row) => row.registrations > 0);
  const periodOf = (row: ChannelDayRow) =>
    granularity === 'week' ? weekOf(row.businessDate) : row.businessDate;
  const rows = groupSums(days, periodOf).map(({ key, sums }) => ({
    period: key,
    ...funnelOf(sums),
  }));
  const page = pageOf(
    rows,
    body,
    {
      period: (row) => row.period,
      registrations: (row) => row.registrations,
      conversionRate: (row) => row.conversionRate,
    },
    { field: 'period', order: 'desc' },
    (row) => row.period,
  );
  return { ...page, totals: funnelOf(sum(days)) };
}

export async function channelConversionRate(
  deps: ReportsDeps,
  body: z.output<typeof channelConversionBodySchema>,
) {
  const days = (await channelDays(deps, body.filters)).filter((row) => row.registrations > 0);
  const rows = groupSums(days, (row) => row.channel).map(({ key, sums }) => ({
    channel: key,
    ...funnelOf(sums),
  }));
  const page = pageOf(
    rows,
    body,
    {
      channel: (row) => row.channel,
      registrations: (row) => row.registrations,
      conversionRate: (row) => row.conversionRate,
    },
    { field: 'registrations', order: 'desc' },
    (row) => row.channel,
  );
  return { ...page, totals: funnelOf(sum(days)) };
}

export async function pipelineAnalysis(
  deps: ReportsDeps,
  body: z.output<typeof pipelineAnalysisBodySchema>,
) {
  const days = (await channelDays(deps, body.filters)).filter((row) => row.registrations > 0);
  const rows = days.map((row) => ({
    date: row.businessDate,
    channel: row.channel,
    ...funnelOf(row),
  }));
  const page = pageOf(
    rows,
    body,
    {
      date: (row) => row.date,
      channel: (row) => row.channel,
      registrations: (row) => row.registrations,
      conversionRate: (row) => row.conversionRate,
    },
    { field: 'date', order: 'desc' },
    byDateAndChannel,
  );
  return { ...page, totals: funnelOf(sum(days)) };
}

export async function borrowAgainRate(
  deps: ReportsDeps,
  body: z.output<typeof borrowAgainBodySchema>,
) {
  const days = (await channelDays(deps, body.filters)).filter((row) => row.cleared > 0);
  const rows = groupSums(days, (row) => row.businessDate).map(({ key, sums }) => ({
    date: key,
    ...borrowAgainOf(sums),
  }));
  const page = pageOf(
    rows,
    body,
    { date: (row) => row.date, rate7: (row) => row.rate7, rate30: (row) => row.rate30 },
    { field: 'date', order: 'desc' },
    (row) => row.date,
  );
  return { ...page, totals: borrowAgainOf(sum(days)) };
}
