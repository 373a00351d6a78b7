import { addDays } from '@lending/lending';
import type { Executor } from '../../plugins/db.js';
import type { Clock } from '../../shared/clock.js';
import { indiaDateOf } from '../../shared/india-date.js';
import { channelDayRows } from './channel-days.repository.js';
import { reportChannelDays } from './channel-days.table.js';
import { dailyOrderRows, dueCohortRows } from './order-figures.repository.js';
import { reportDailyOrders, reportDueCohorts } from './order-figures.table.js';
import { replaceReportDays, type ReportDays } from './report-days.repository.js';

export type { ReportDays } from './report-days.repository.js';

/**
 * How every report's figures are built (docs/adding-a-report.md): a table of rows per India
 * date and dimension, recomputed from the book by its refresh, which a report then queries.
 * Only the refresh reads the book (a night's window, or today on request); a report's query
 * reads the rows of its range.
 */
export interface ReportReadModel {
  /**
   * Days before a closed day whose figures still move (a cohort whose loans are open, a
   * registrant who may still apply): each night recomputes them with the closed day.
   */
  readonly settlingDays: number;
  /**
   * Recomputes the closed India dates `days` as the night after `days.to` leaves them: the
   * day-end's part over its settling window, and the way to backfill any range of closed days.
   */
  refreshClosedDays(db: Executor, days: ReportDays, at: Date): Promise<void>;
  /** Recomputes today, which has not ended, before a report whose range includes it answers. */
  refreshToday(db: Executor, today: string, at: Date): Promise<void>;
}

/** Each India date of `days`, in order. */
function eachDay({ from, to }: ReportDays): string[] {
  const dates: string[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) dates.push(date);
  return dates;
}

/** Applications, reviews, payouts, repayments and clearances of each day (dailyOrderAnalysis). */
export const dailyOrderFigures: ReportReadModel = {
  // A day's events do not change after it ends.
  settlingDays: 0,
  refreshClosedDays: (db, days, at) => refreshOrderDays(db, days, at),
  refreshToday: (db, today, at) => refreshOrderDays(db, { from: today, to: today }, at),
};

async function refreshOrderDays(db: Executor, days: ReportDays, at: Date) {
  const rows = [];
  for (const date of eachDay(days)) rows.push(...(await dailyOrderRows(db, date, at)));
  await replaceReportDays(db, reportDailyOrders, reportDailyOrders.businessDate, days, rows);
}

/**
 * Each due-date cohort and how far its loans went overdue (orderOverdue), counted to the day
 * the figures are as of: the last closed day at night, today on request.
 */
export const dueCohortFigures: ReportReadModel = {
  // A cohort moves while its loans are open (cleared, or further overdue).
  settlingDays: 60,
  refreshClosedDays: (db, days, at) => refreshCohorts(db, days, days.to, at),
  refreshToday: (db, today, at) => refreshCohorts(db, { from: today, to: today }, today, at),
};

async function refreshCohorts(db: Executor, dueDates: ReportDays, asOf: string, at: Date) {
  const rows = [];
  for (const dueDate of eachDay(dueDates)) {
    rows.push(...(await dueCohortRows(db, dueDate, asOf, at)));
  }
  await replaceReportDays(db, reportDueCohorts, reportDueCohorts.dueDate, dueDates, rows);
}

/**
 * The channel reports' day per acquisition channel (decision 0039): registrants and how far
 * they got by now, the day's activity, the loans due and those cleared and borrowed again.
 */
export const channelDayFigures: ReportReadModel = {
  // A registrant may apply weeks after registering, and a cleared loan's 30-day re-borrow
  // window must close before its day settles.
  settlingDays: 45,
  // The day after the last closed day is the first that has not ended: the loans due before
  // it and not cleared are overdue.
  refreshClosedDays: (db, days, at) => refreshChannelDays(db, days, addDays(days.to, 1), at),
  refreshToday: (db, today, at) => refreshChannelDays(db, { from: today, to: today }, today, at),
};

async function refreshChannelDays(db: Executor, days: ReportDays, today: string, at: Date) {
  const rows = await channelDayRows(db, days, today, at);
  await replaceReportDays(db, reportChannelDays, reportChannelDays.businessDate, days, rows);
}

/** Every read model, in the order the day-end refreshes them. */
export const reportReadModels: readonly ReportReadModel[] = [
  dailyOrderFigures,
  dueCohortFigures,
  channelDayFigures,
];

/**
 * The day-end's part, after it closed `date`: each read model's closed day and the settling
 * days before it.
 */
export async function refreshReports(db: Executor, date: string, at: Date): Promise<void> {
  for (const model of reportReadModels) {
    await model.refreshClosedDays(db, { from: addDays(date, -model.settlingDays), to: date }, at);
  }
}

/**
 * Every read model's closed days `days`, recomputed from the book (`npm run reports:backfill`):
 * the days before a new read model's first night, or older than a settling window after a fix.
 */
export async function backfillReports(db: Executor, days: ReportDays, at: Date): Promise<void> {
  for (const model of reportReadModels) await model.refreshClosedDays(db, days, at);
}

/** A report's range of India dates; an end left out is open. */
export interface ReportRange {
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
}

/** What a report's service is handed: the database and the clock that says what today is. */
export interface ReportsDeps {
  db: Executor;
  clock: Clock;
}

/**
 * The read side's one step before a query: today is recomputed when the range shows it, so
 * this morning's figures appear before the night settles them.
 */
export async function refreshTodayIfShown(
  deps: ReportsDeps,
  model: ReportReadModel,
  range: ReportRange | undefined,
): Promise<void> {
  const today = indiaDateOf(deps.clock.now());
  const shown =
    (!range?.dateFrom || range.dateFrom <= today) && (!range?.dateTo || today <= range.dateTo);
  if (shown) await model.refreshToday(deps.db, today, deps.clock.now());
}
