import type { dailyOrderBodySchema, overdueCohortBodySchema } from '@lending/contract';
import type { z } from 'zod';
import { intFromDb, paiseFromDb, paiseToApi } from '../../shared/paise.js';
import { listDailyOrders, listDueCohorts } from './order-figures.repository.js';
import {
  dailyOrderFigures,
  dueCohortFigures,
  refreshTodayIfShown,
  type ReportsDeps,
} from './read-models.js';

/** A range's totals as the contract answers them: amounts in paise, counts as numbers. */
function totalsOf<K extends string>(totals: Record<K, string>, amounts: readonly NoInfer<K>[]) {
  return Object.fromEntries(
    Object.entries(totals).map(([key, value]) => [
      key,
      amounts.includes(key as K) ? paiseToApi(paiseFromDb(value)) : intFromDb(value),
    ]),
  ) as Record<K, number>;
}

/** /report/dailyOrderAnalysis: each India day's figures of one customer type, and the range's. */
export async function dailyOrderAnalysis(
  deps: ReportsDeps,
  body: z.output<typeof dailyOrderBodySchema>,
) {
  await refreshTodayIfShown(deps, dailyOrderFigures, body.filters);
  const { list, total, totals } = await listDailyOrders(deps.db, body);
  return {
    total,
    list: list.map((row) => ({
      date: row.businessDate,
      customerType: row.customerType,
      applications: row.applications,
      machinePass: row.machinePass,
      machineRefer: row.machineRefer,
      machineReject: row.machineReject,
      manualPass: row.manualPass,
      manualReject: row.manualReject,
      disbursedCount: row.disbursedCount,
      disbursedPaise: paiseToApi(row.disbursedPaise),
      netDisbursedPaise: paiseToApi(row.netDisbursedPaise),
      feePaise: paiseToApi(row.feePaise),
      gstPaise: paiseToApi(row.gstPaise),
      repaymentCount: row.repaymentCount,
      repaidPaise: paiseToApi(row.repaidPaise),
      cleared: row.cleared,
    })),
    totals: totalsOf(totals, [
      'disbursedPaise',
      'netDisbursedPaise',
      'feePaise',
      'gstPaise',
      'repaidPaise',
    ]),
  };
}

/** /report/orderOverdue: each due-date cohort of one customer type, and the range's. */
export async function orderOverdue(
  deps: ReportsDeps,
  body: z.output<typeof overdueCohortBodySchema>,
) {
  await refreshTodayIfShown(deps, dueCohortFigures, body.filters);
  const { list, total, totals } = await listDueCohorts(deps.db, body);
  return {
    total,
    list: list.map((row) => ({
      dueDate: row.dueDate,
      customerType: row.customerType,
      dueCount: row.dueCount,
      dueAmountPaise: paiseToApi(row.dueAmountPaise),
      firstDayOverdue: row.firstDayOverdue,
      overdue1to7: row.overdue1to7,
      overdue8plus: row.overdue8plus,
      recovered: row.recovered,
    })),
    totals: totalsOf(totals, ['dueAmountPaise']),
  };
}
