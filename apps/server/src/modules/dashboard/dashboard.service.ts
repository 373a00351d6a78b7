import {
  type AssetClassFigures,
  DASHBOARD_RANGE_DAYS,
  type DashboardFigures,
  type DashboardRangeKey,
  type DashboardSummary,
} from '@lending/contract';
import { addDays, ASSET_CLASSES } from '@lending/lending';
import type { Database } from '../../plugins/db.js';
import type { Clock } from '../../shared/clock.js';
import { indiaDateOf, startOfIndiaDate } from '../../shared/india-date.js';
import { paiseFromDb, paiseToApi } from '../../shared/paise.js';
import {
  assetClassFigures,
  dailyFigures,
  type AssetClassRow,
  type DayFigures,
} from './dashboard.repository.js';

export interface DashboardDeps {
  db: Database;
  clock: Clock;
}

/** 'YYYY-MM-DD HH:mm:ss' on the India wall clock. */
export function indiaDateTime(instant: Date): string {
  const shifted = new Date(instant.getTime() + 330 * 60_000).toISOString();
  return `${shifted.slice(0, 10)} ${shifted.slice(11, 19)}`;
}

/** The India days a range spans: it ends today (counted up to 23:59:59) and spans N days. */
export function rangeOf(range: DashboardRangeKey, now: Date): { from: string; to: string } {
  const to = indiaDateOf(now);
  return { from: addDays(to, -(DASHBOARD_RANGE_DAYS[range] - 1)), to };
}

function toApi(day: Omit<DayFigures, 'date'>): DashboardFigures {
  const pair = (value: { count: number; amount: bigint }) => ({
    count: value.count,
    amountPaise: paiseToApi(value.amount),
  });
  return {
    registrations: day.registrations,
    applications: day.applications,
    approvals: day.approvals,
    disbursals: pair(day.disbursals),
    repayments: pair(day.repayments),
    due: pair(day.due),
    overdue: pair(day.overdue),
  };
}

function sum(days: DayFigures[]): Omit<DayFigures, 'date'> {
  const pair = (pick: (day: DayFigures) => { count: number; amount: bigint }) => ({
    count: days.reduce((total, day) => total + pick(day).count, 0),
    amount: days.reduce((total, day) => total + pick(day).amount, paiseFromDb(0)),
  });
  return {
    registrations: days.reduce((total, day) => total + day.registrations, 0),
    applications: days.reduce((total, day) => total + day.applications, 0),
    approvals: days.reduce((total, day) => total + day.approvals, 0),
    disbursals: pair((day) => day.disbursals),
    repayments: pair((day) => day.repayments),
    due: pair((day) => day.due),
    overdue: pair((day) => day.overdue),
  };
}

/**
 * Every asset class, STANDARD to NPA, with the loans that owe in it (none: zeros). A loan that
 * owes with no class yet counts as STANDARD: a disbursal classifies it so, and only a day-end
 * finds it past due.
 */
function byAssetClass(rows: AssetClassRow[]): AssetClassFigures[] {
  return ASSET_CLASSES.map((assetClass) => {
    const mine = rows.filter((row) => (row.rbiClass ?? 'STANDARD') === assetClass);
    return {
      assetClass,
      count: mine.reduce((total, row) => total + row.count, 0),
      outstandingPaise: paiseToApi(mine.reduce((total, row) => total + row.outstanding, 0n)),
      suspensePaise: paiseToApi(mine.reduce((total, row) => total + row.suspense, 0n)),
    };
  });
}

/**
 * The figures of the range as of 23:59:59 India time today, with a daily series, and the book
 * that owes now by asset class.
 */
export async function dashboardSummary(
  deps: DashboardDeps,
  range: DashboardRangeKey,
): Promise<DashboardSummary> {
  const now = deps.clock.now();
  const { from, to } = rangeOf(range, now);
  const days = await dailyFigures(deps.db, {
    from,
    to,
    fromInstant: startOfIndiaDate(from),
    toInstant: startOfIndiaDate(addDays(to, 1)),
  });
  const classes = await assetClassFigures(deps.db);
  return {
    range,
    from,
    to,
    asOf: `${to} 23:59:59`,
    indiaNow: indiaDateTime(now),
    totals: toApi(sum(days)),
    daily: days.map((day) => ({ date: day.date, ...toApi(day) })),
    assetClasses: byAssetClass(classes),
  };
}
