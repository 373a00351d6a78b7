import { riskApi } from '@lending/contract';
import { listPage } from '../../../components/list-page';
import { percentOf } from '../risk-tags';

const singlePath = (ruleCode: string) =>
  `/risk/singleRiskRuleAnalysis?ruleCode=${encodeURIComponent(ruleCode)}`;

/**
 * /risk/riskRuleAnalysis: per rule, hit rate, pass rate of the applications it hit, and
 * the later overdue (first payment default, 7+ and 30+ days) of disbursed loans that hit it
 * against those that did not: which rules actually predict default.
 */
export const RiskRuleAnalysisPage = listPage(
  riskApi.riskRuleAnalysis,
  ({ column, filter, action }) => ({
    route: 'riskRuleAnalysis',
    rowLabel: (row) => row.ruleName,
    filters: [filter.indiaDateRange('dateFrom', 'dateTo')],
    columns: [
      column.link('ruleCode', 'risk.ruleCode', {
        to: (row) => singlePath(row.ruleCode),
        sortable: true,
      }),
      column.text('ruleName', 'risk.ruleName'),
      column.text('fieldName', 'risk.fieldName', { hiddenByDefault: true }),
      column.count('evaluated', 'risk.analysis.evaluated'),
      column.count('hit', 'risk.analysis.hit'),
      column.render('hitRate', 'risk.analysis.hitRate', (row) => percentOf(row.hitRatePpm), {
        sortable: true,
      }),
      column.render('passRate', 'risk.analysis.passRate', (row) => percentOf(row.passRatePpm)),
      column.count('loansHit', 'risk.analysis.loansHit'),
      column.count('loansNotHit', 'risk.analysis.loansNotHit'),
      column.render('fpdHit', 'risk.analysis.fpdHit', (row) => percentOf(row.fpdHitPpm), {
        sortable: true,
      }),
      column.render('fpdNotHit', 'risk.analysis.fpdNotHit', (row) => percentOf(row.fpdNotHitPpm)),
      column.render('dpd7Hit', 'risk.analysis.dpd7Hit', (row) => percentOf(row.dpd7HitPpm)),
      column.render('dpd7NotHit', 'risk.analysis.dpd7NotHit', (row) =>
        percentOf(row.dpd7NotHitPpm),
      ),
      column.render('dpd30Hit', 'risk.analysis.dpd30Hit', (row) => percentOf(row.dpd30HitPpm)),
      column.render('dpd30NotHit', 'risk.analysis.dpd30NotHit', (row) =>
        percentOf(row.dpd30NotHitPpm),
      ),
    ],
    rowActions: [
      action.link('common.detail', (row) => singlePath(row.ruleCode), {
        needs: riskApi.singleRiskRuleAnalysis,
      }),
    ],
  }),
);
