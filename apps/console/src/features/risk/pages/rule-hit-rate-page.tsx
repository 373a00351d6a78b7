import { riskApi } from '@lending/contract';
import { listPage } from '../../../components/list-page';
import { percentOf } from '../risk-tags';

/** /risk/ruleHitRate: per rule and India date, applications evaluated, hit, hit rate. */
export const RuleHitRatePage = listPage(riskApi.ruleHitRate, ({ column, filter, action }) => ({
  route: 'ruleHitRate',
  rowLabel: (row) => `${row.ruleCode} ${row.date}`,
  filters: [filter.text('ruleCode', 'risk.ruleCode'), filter.indiaDateRange('dateFrom', 'dateTo')],
  columns: [
    column.indiaDate('date', 'risk.analysis.date', { sortable: true }),
    column.link('ruleCode', 'risk.ruleCode', {
      to: (row) =>
        `/risk/ruleHitRateDetail?ruleCode=${encodeURIComponent(row.ruleCode)}&dateFrom=${row.date}&dateTo=${row.date}`,
      sortable: true,
    }),
    column.text('ruleName', 'risk.ruleName'),
    column.count('evaluated', 'risk.analysis.evaluated', { sortable: true }),
    column.count('hit', 'risk.analysis.hit', { sortable: true }),
    column.render('hitRate', 'risk.analysis.hitRate', (row) => percentOf(row.hitRatePpm), {
      sortable: true,
    }),
  ],
  rowActions: [
    action.link(
      'common.detail',
      (row) =>
        `/risk/ruleHitRateDetail?ruleCode=${encodeURIComponent(row.ruleCode)}&dateFrom=${row.date}&dateTo=${row.date}`,
      { needs: riskApi.ruleHitRateDetail },
    ),
  ],
}));
