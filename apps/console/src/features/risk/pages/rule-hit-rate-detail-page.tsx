import { riskApi } from '@lending/contract';
import { listPage } from '../../../components/list-page';
import { decisionTags } from '../risk-tags';

/** Hidden /risk/ruleHitRateDetail: the applications a rule hit (customers masked). */
export const RuleHitRateDetailPage = listPage(riskApi.ruleHitRateDetail, ({ column, filter }) => ({
  route: 'ruleHitRateDetail',
  rowLabel: (row) => row.orderNo,
  filters: [filter.text('ruleCode', 'risk.ruleCode'), filter.indiaDateRange('dateFrom', 'dateTo')],
  columns: [
    column.instant('decidedAt', 'risk.analysis.decidedAt', { sortable: true }),
    column.link('orderNo', 'risk.analysis.orderNo', {
      to: (row) => `/loan/loanDetail?orderNo=${encodeURIComponent(row.orderNo)}`,
    }),
    column.masked('customerName', 'risk.analysis.customer'),
    column.masked('customerPhone', 'risk.analysis.phone'),
    column.text('ruleCode', 'risk.ruleCode'),
    column.text('ruleName', 'risk.ruleName'),
    column.text('version', 'risk.version', { template: 'risk.versionOf' }),
    column.text('value', 'risk.analysis.value'),
    column.count('score', 'risk.score'),
    column.render('decision', 'risk.analysis.decision', (row, t) =>
      row.decision ? t(decisionTags[row.decision].label) : '—',
    ),
  ],
}));
