import { Space, Typography } from 'antd';
import { type LoanConfig, loanBookApi } from '@lending/contract';
import {
  listPage,
  type ActionFormProps,
  type ListKit,
  type StatusTags,
} from '../../../components/list-page';
import { formatPaise, formatPpmPercent } from '../../../lib/format';
import { LoanConfigFormDialog } from '../components/loan-config-form-dialog';
import {
  minimumCoolingOffDays,
  type LoanConfigStatus,
  type LoanProductKind,
} from '../loan-config-form-model';

const statusTags: StatusTags<LoanConfigStatus> = {
  available: { label: 'loanConfig.status.available', color: 'green' },
  unavailable: { label: 'loanConfig.status.unavailable' },
};

const isAvailable = (product: LoanConfig) => product.status === 'available';

/**
 * /systemConfig/firstLoanConfig and /systemConfig/reLoanConfig (docs/product.md §3 loan
 * configuration: period, limit min/max, service fee rate, interest rate, overdue fee rate,
 * config status): the products of one kind, created, versioned and enabled or disabled here.
 */
function loanConfigList(kind: LoanProductKind, route: string) {
  const ProductForm = (props: ActionFormProps<LoanConfig>) => (
    <LoanConfigFormDialog {...props} kind={kind} />
  );
  return ({ column, filter, action }: ListKit<typeof loanBookApi.listLoanConfig>) => ({
    route,
    fixedFilters: { kind },
    rowLabel: (product: LoanConfig) => product.name,
    filters: [filter.status('status', 'loanConfig.fields.status', statusTags)],
    columns: [
      column.text('name', 'loanConfig.columns.name', { fixed: 'start', sortable: true }),
      column.text('version', 'loanConfig.columns.version', {
        template: 'loanConfig.values.version',
      }),
      column.days('tenorDays', 'loanConfig.columns.period', { sortable: true }),
      column.render('limit', 'loanConfig.columns.limit', (product, t) =>
        t('loanConfig.values.limit', {
          min: formatPaise(product.minPrincipalPaise),
          max: formatPaise(product.maxPrincipalPaise),
        }),
      ),
      column.render('serviceFee', 'loanConfig.columns.serviceFee', (product, t) =>
        t('loanConfig.values.serviceFee', {
          rate: formatPpmPercent(product.processingFeePpm),
          gst: formatPpmPercent(product.gstPpm),
        }),
      ),
      column.ppm('interestPerDayPpm', 'loanConfig.columns.interest', {
        template: 'loanConfig.values.perDay',
      }),
      column.render('overdueFee', 'loanConfig.columns.overdueFee', (product, t) =>
        t('loanConfig.values.perDay', {
          value:
            product.penalPerDayPaise !== null
              ? formatPaise(product.penalPerDayPaise)
              : formatPpmPercent(product.penalPerDayPpm ?? 0),
        }),
      ),
      column.ppm('penalCapPpm', 'loanConfig.columns.penalCap', {
        template: 'loanConfig.values.ofPrincipal',
      }),
      column.ppm('rolloverFeePpm', 'loanConfig.columns.rolloverFee', {
        template: 'loanConfig.values.rolloverFee',
      }),
      column.days('rolloverDays', 'loanConfig.columns.rolloverPeriod'),
      column.render('maxRollovers', 'loanConfig.columns.maxRollovers', (product, t) => (
        <Space orientation="vertical" size={0}>
          {product.maxRollovers}
          {product.allowOverdueRollover && product.maxRollovers > 0 ? (
            <Typography.Text type="secondary">
              {t('loanConfig.values.overdueRolloverAllowed')}
            </Typography.Text>
          ) : null}
        </Space>
      )),
      column.render('coolingOff', 'loanConfig.columns.coolingOff', (product, t) =>
        product.coolingOffDays !== null
          ? t('listPage.days', { count: product.coolingOffDays })
          : t('loanConfig.values.coolingOffDefault', {
              count: minimumCoolingOffDays(product.tenorDays),
            }),
      ),
      column.status('status', 'loanConfig.columns.status', statusTags),
      column.instant('updatedAt', 'loanConfig.columns.updatedAt', { sortable: true }),
    ],
    toolbar: [
      action.form('loanConfig.newProduct', ProductForm, { needs: loanBookApi.saveLoanConfig }),
    ],
    rowActions: [
      action.form('common.edit', ProductForm, { needs: loanBookApi.saveLoanConfig }),
      action.call(loanBookApi.setLoanConfigStatus, {
        label: (product) =>
          isAvailable(product) ? 'loanConfig.actions.disable' : 'loanConfig.actions.enable',
        body: (product) => ({
          id: product.id,
          status: isAvailable(product) ? 'unavailable' : 'available',
        }),
        confirm: (product) =>
          isAvailable(product) ? 'loanConfig.confirm.disable' : 'loanConfig.confirm.enable',
        danger: isAvailable,
      }),
    ],
  });
}

export const FirstLoanConfigPage = listPage(
  loanBookApi.listLoanConfig,
  loanConfigList('first', 'firstLoanConfig'),
);

export const ReLoanConfigPage = listPage(
  loanBookApi.listLoanConfig,
  loanConfigList('reloan', 'reLoanConfig'),
);
