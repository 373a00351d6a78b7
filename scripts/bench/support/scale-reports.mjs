// The scale bench's reports: every report screen and the dashboard, each called as the screen
// opens it (its default range, or the named one where the contract requires one), one client,
// median of three, against the budget of a second. Their ids are the contract's; the lists
// bench (scale-lists.mjs) leaves these out, though some are list-shaped (paged statements).
import { adminEndpoints } from '../../../packages/contract/src/index.ts';
import { call, median } from './scale-load.mjs';
import { matches, table } from './scale-table.mjs';

export const REPORT_MS = 1000;

/** [label, endpoint id, body] given the book's yesterday, ninety days back and its months. */
function reportCalls({ yesterday, ninetyDaysAgo, thirtyDaysAgo, monthFrom, monthTo }) {
  const ninety = { dateFrom: ninetyDaysAgo, dateTo: yesterday };
  const thirty = { dateFrom: thirtyDaysAgo, dateTo: yesterday };
  return [
    ['dashboard (last 3 days)', 'dashboard.summary', { range: 'last3days' }],
    ['dashboard (last month)', 'dashboard.summary', { range: 'lastMonth' }],
    ['daily order analysis', 'report.daily_order_analysis', {}],
    ['daily order analysis (90 days)', 'report.daily_order_analysis', { filters: ninety }],
    ['overdue cohorts', 'report.order_overdue', {}],
    ['overdue cohorts (90 days)', 'report.order_overdue', { filters: ninety }],
    ['channel monitoring', 'report.channel_monitoring', {}],
    ['conversion rate', 'report.conversion_rate', {}],
    ['registration report', 'report.registration_report', {}],
    ['borrow-again rate', 'report.borrow_again_rate', {}],
    ['channel conversion', 'report.channel_conversion_rate', {}],
    ['pipeline analysis', 'channel.pipeline_analysis', {}],
    ['disbursement statement', 'finance.order_loan_list', {}],
    ['repayment statement', 'finance.repayment_order_list', {}],
    ['reconciliation', 'finance.reconciliation_list', {}],
    ['reconciliation breaks', 'finance.break_list', {}],
    ['trial balance', 'finance.trial_balance', { date: yesterday }],
    ['GST by month', 'finance.gst_by_month', { filters: { monthFrom, monthTo } }],
    ['cash flow (30 days)', 'finance.cash_flow', { filters: thirty }],
    ['transaction statistics (30 days)', 'trx.statistics', thirty],
    ['rule hit rate', 'risk.hit_rate', {}],
    ['rule hit rate detail', 'risk.hit_rate_detail', {}],
    ['rule analysis', 'risk.rule_analysis', {}],
    ['risk data statistics', 'risk.data_statistics', {}],
    ['wallet balance summary', 'wallet.balance_summary', {}],
  ];
}

/** The endpoints measured as reports (the lists bench leaves them out). */
export const REPORT_IDS = new Set(
  reportCalls({
    yesterday: '',
    ninetyDaysAgo: '',
    thirtyDaysAgo: '',
    monthFrom: '',
    monthTo: '',
  }).map(([, id]) => id),
);

const pathOf = (id) => {
  const endpoint = adminEndpoints.find((e) => e.id === id);
  if (!endpoint) throw new Error(`no endpoint ${id} in the contract`);
  return endpoint.path;
};

/** Measures each report (median of three, one client) beside GET /health/live. */
export async function measureReports({ base, token, dates, only }) {
  const t0 = performance.now();
  for (let i = 0; i < 3; i += 1) await fetch(`${base}/health/live`).then((r) => r.text());
  const baseline = (performance.now() - t0) / 3;
  console.log(`  baseline GET /health/live: ${baseline.toFixed(1)} ms`);
  const results = [];
  for (const [name, id, body] of reportCalls(dates)) {
    if (!matches(only, name, id)) continue;
    const times = [];
    let error = null;
    for (let i = 0; i < 3; i += 1) {
      const t = performance.now();
      const answer = await call(base, token, pathOf(id), body);
      times.push(performance.now() - t);
      if (answer.code !== 0) error = `${answer.code} ${answer.msg}`;
    }
    const ms = median(times);
    const met = ms <= REPORT_MS && !error;
    console.log(
      `  ${name.padEnd(36)} ${ms.toFixed(0).padStart(7)} ms  (budget ≤ ${REPORT_MS} ms${met ? '' : '  OVER'})${error ? `  error: ${error}` : ''}`,
    );
    results.push({ label: `report: ${name}`, ms, error });
    table.push({
      label: `report: ${name}`,
      figure: error ? `error ${error}` : `${ms.toFixed(0)} ms`,
      budget: `≤ ${REPORT_MS} ms`,
      ratio: ms / baseline,
      met,
    });
  }
  return results;
}
