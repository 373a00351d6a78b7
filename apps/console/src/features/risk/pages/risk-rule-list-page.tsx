import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type RiskRuleRowApi, riskApi } from '@lending/contract';
import { listPage } from '../../../components/list-page';
import { useEndpointQuery } from '../../../lib/use-endpoint';
import { RuleFormDialog } from '../components/rule-form-dialog';
import { levelTags, versionStatusTags } from '../risk-tags';

const isDraft = (rule: RiskRuleRowApi) => rule.versionStatus === 'draft';
const notDraft = (rule: RiskRuleRowApi) => (isDraft(rule) ? false : 'risk.rules.notDraft');

/**
 * /risk/riskRuleList (docs/product.md §3: rule name, class name, field name, expression, comparison
 * value, score, weight, level, enable). Without a version filter it shows the draft, else the
 * published version; only a draft's rules can be created, edited, switched or deleted.
 */
const RuleList = listPage(riskApi.listRiskRules, ({ column, filter, action }) => ({
  route: 'riskRuleList',
  rowLabel: (rule) => rule.ruleName,
  filters: [
    filter.number('version', 'risk.version'),
    filter.text('ruleName', 'risk.ruleName'),
    filter.text('fieldName', 'risk.fieldName'),
    filter.choice('enable', 'risk.enable', { enabled: 'risk.enabled', disabled: 'risk.disabled' }),
  ],
  columns: [
    column.text('ruleCode', 'risk.ruleCode', { sortable: true }),
    column.text('ruleName', 'risk.ruleName', { fixed: 'start' }),
    column.render('className', 'risk.className', (rule, t) =>
      t(`risk.classes.${rule.className}`, { defaultValue: rule.className }),
    ),
    column.text('fieldName', 'risk.fieldName'),
    column.text('expression', 'risk.expression'),
    column.text('comparisonValue', 'risk.comparisonValue'),
    column.count('score', 'risk.score', { sortable: true }),
    column.count('weight', 'risk.weight', { sortable: true }),
    column.status('level', 'risk.level', levelTags),
    column.render('enable', 'risk.enable', (rule, t) =>
      t(rule.enable ? 'risk.enabled' : 'risk.disabled'),
    ),
    column.text('version', 'risk.version', { template: 'risk.versionOf' }),
    column.status('versionStatus', 'risk.config.versions', versionStatusTags, {
      hiddenByDefault: true,
    }),
  ],
  toolbar: [action.form('risk.rules.newRule', RuleFormDialog, { needs: riskApi.saveRiskRule })],
  rowActions: [
    action.form('common.edit', RuleFormDialog, { needs: riskApi.saveRiskRule, disabled: notDraft }),
    action.call(riskApi.enableRiskRule, {
      label: (rule) => (rule.enable ? 'risk.disabled' : 'risk.enabled'),
      body: (rule) => ({ id: rule.id, enable: !rule.enable }),
      confirm: (rule) => (rule.enable ? 'risk.rules.disableConfirm' : 'risk.rules.enableConfirm'),
      disabled: notDraft,
      invalidates: [riskApi.listRiskVersions],
    }),
    action.call(riskApi.deleteRiskRule, {
      label: 'common.delete',
      body: (rule) => ({ id: rule.id }),
      confirm: 'risk.rules.deleteConfirm',
      danger: true,
      disabled: notDraft,
      success: 'messages.deleteSuccess',
      invalidates: [riskApi.listRiskVersions],
    }),
  ],
}));

/** Which version the list shows, said above it: a draft is safe to edit, the published is not. */
function VersionBanner() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const versions = useEndpointQuery(riskApi.listRiskVersions, { page: 1, pageSize: 100 });
  const list = versions.data?.list ?? [];
  const asked = Number(params.get('version')) || undefined;
  const shown =
    list.find((v) => v.version === asked) ??
    list.find((v) => v.status === 'draft') ??
    list.find((v) => v.status === 'published');
  if (!versions.data) return null;
  if (!shown) return <Alert type="info" showIcon title={t('risk.rules.noVersion')} />;
  return (
    <Alert
      type={shown.status === 'draft' ? 'warning' : 'info'}
      showIcon
      style={{ marginBottom: 16 }}
      title={t(
        shown.status === 'draft' ? 'risk.rules.editingDraft' : 'risk.rules.viewingPublished',
        {
          version: shown.version,
        },
      )}
    />
  );
}

export function RiskRuleListPage() {
  return (
    <>
      <VersionBanner />
      <RuleList />
    </>
  );
}
