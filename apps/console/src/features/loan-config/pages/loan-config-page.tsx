import { Button, Card, Form, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoanConfig, SaveLoanConfigBody } from '@lending/contract';
import { feedback } from '../../../lib/feedback';
import { formatIndiaDateTime, formatPaise, formatPpmPercent } from '../../../lib/format';
import { useListParams } from '../../../lib/use-list-params';
import { FilterActions } from '../../../components/list-page/filter-actions';
import { useListPagination } from '../../../components/list-page/use-list-pagination';
import { useLoanConfigs, useSaveLoanConfig, useSetLoanConfigStatus } from '../api/use-loan-configs';
import { LoanConfigFormModal } from '../components/loan-config-form-modal';
import {
  minimumCoolingOffDays,
  type LoanConfigStatus,
  type LoanProductKind,
} from '../loan-config-form-model';

type LoanConfigFilters = { status?: LoanConfigStatus };

const STATUSES: readonly LoanConfigStatus[] = ['available', 'unavailable'];

/**
 * Spec §2 /systemConfig/firstLoanConfig and /systemConfig/reLoanConfig (§3 loan
 * configuration: period, limit min/max, service fee rate, interest rate, overdue fee rate,
 * config status): the products of one kind, created, versioned and enabled or disabled here.
 */
function LoanConfigPage({ kind, routeTitle }: { kind: LoanProductKind; routeTitle: string }) {
  const { t } = useTranslation();
  const { params, setFilters, setPage } = useListParams<LoanConfigFilters>(['status']);
  // A status typed into the URL by hand that the API does not know is ignored, not sent.
  const status = STATUSES.includes(params.filters.status as LoanConfigStatus)
    ? params.filters.status
    : undefined;
  const products = useLoanConfigs({
    page: params.page,
    pageSize: params.pageSize,
    filters: { kind, ...(status ? { status } : {}) },
  });
  const save = useSaveLoanConfig();
  const setStatus = useSetLoanConfigStatus();
  const [editing, setEditing] = useState<LoanConfig | null | undefined>(undefined);
  const [filterForm] = Form.useForm<LoanConfigFilters>();

  const confirmStatus = (product: LoanConfig) => {
    const next: LoanConfigStatus = product.status === 'available' ? 'unavailable' : 'available';
    feedback.confirm({
      title: t('common.tips'),
      content: t(
        next === 'unavailable' ? 'loanConfig.confirm.disable' : 'loanConfig.confirm.enable',
        { name: product.name },
      ),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      ...(next === 'unavailable' ? { okButtonProps: { danger: true } } : {}),
      onOk: async () => {
        try {
          await setStatus.mutateAsync({ id: product.id, status: next });
          feedback.success(t('messages.operationSuccess'));
        } catch {
          // The request client has shown the server's message.
        }
      },
    });
  };

  const submit = async (body: SaveLoanConfigBody) => {
    await save.mutateAsync(body);
    feedback.success(t('messages.saveSuccess'));
    setEditing(undefined);
  };

  const days = (count: number) => t('loanConfig.values.days', { count });
  const pagination = useListPagination(params, products.data?.total, setPage);
  return (
    <Card title={<h1 className="page-heading">{t(`route.${routeTitle}`)}</h1>}>
      <Form<LoanConfigFilters>
        form={filterForm}
        name={`${kind}-loan-config-filters`}
        layout="inline"
        initialValues={{ status }}
        onFinish={(values) => setFilters(values)}
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item label={t('loanConfig.fields.status')} name="status">
          <Select
            allowClear
            style={{ minWidth: 140 }}
            options={STATUSES.map((value) => ({
              value,
              label: t(`loanConfig.status.${value}`),
            }))}
          />
        </Form.Item>
        <FilterActions form={filterForm} onReset={() => setFilters({})}>
          <Button type="primary" onClick={() => setEditing(null)}>
            {t('loanConfig.newProduct')}
          </Button>
        </FilterActions>
      </Form>
      <Table<LoanConfig>
        rowKey="id"
        loading={products.isFetching}
        dataSource={products.data?.list ?? []}
        scroll={{ x: 'max-content' }}
        pagination={pagination}
        columns={[
          { title: t('loanConfig.columns.name'), dataIndex: 'name', fixed: 'start' },
          {
            title: t('loanConfig.columns.version'),
            dataIndex: 'version',
            render: (version: number) => t('loanConfig.values.version', { version }),
          },
          {
            title: t('loanConfig.columns.period'),
            dataIndex: 'tenorDays',
            render: (tenorDays: number) => days(tenorDays),
          },
          {
            title: t('loanConfig.columns.limit'),
            key: 'limit',
            render: (_, product) =>
              t('loanConfig.values.limit', {
                min: formatPaise(product.minPrincipalPaise),
                max: formatPaise(product.maxPrincipalPaise),
              }),
          },
          {
            title: t('loanConfig.columns.serviceFee'),
            key: 'serviceFee',
            render: (_, product) =>
              t('loanConfig.values.serviceFee', {
                rate: formatPpmPercent(product.processingFeePpm),
                gst: formatPpmPercent(product.gstPpm),
              }),
          },
          {
            title: t('loanConfig.columns.interest'),
            dataIndex: 'interestPerDayPpm',
            render: (ppm: number) =>
              t('loanConfig.values.perDay', { value: formatPpmPercent(ppm) }),
          },
          {
            title: t('loanConfig.columns.overdueFee'),
            key: 'overdueFee',
            render: (_, product) =>
              t('loanConfig.values.perDay', {
                value:
                  product.penalPerDayPaise !== null
                    ? formatPaise(product.penalPerDayPaise)
                    : formatPpmPercent(product.penalPerDayPpm ?? 0),
              }),
          },
          {
            title: t('loanConfig.columns.penalCap'),
            dataIndex: 'penalCapPpm',
            render: (ppm: number) =>
              t('loanConfig.values.ofPrincipal', { rate: formatPpmPercent(ppm) }),
          },
          {
            title: t('loanConfig.columns.rolloverFee'),
            dataIndex: 'rolloverFeePpm',
            render: (ppm: number) =>
              t('loanConfig.values.rolloverFee', { rate: formatPpmPercent(ppm) }),
          },
          {
            title: t('loanConfig.columns.rolloverPeriod'),
            dataIndex: 'rolloverDays',
            render: (rolloverDays: number) => days(rolloverDays),
          },
          {
            title: t('loanConfig.columns.maxRollovers'),
            key: 'maxRollovers',
            render: (_, product) => (
              <Space orientation="vertical" size={0}>
                {product.maxRollovers}
                {product.allowOverdueRollover && product.maxRollovers > 0 ? (
                  <Typography.Text type="secondary">
                    {t('loanConfig.values.overdueRolloverAllowed')}
                  </Typography.Text>
                ) : null}
              </Space>
            ),
          },
          {
            title: t('loanConfig.columns.coolingOff'),
            key: 'coolingOff',
            render: (_, product) =>
              product.coolingOffDays !== null
                ? days(product.coolingOffDays)
                : t('loanConfig.values.coolingOffDefault', {
                    count: minimumCoolingOffDays(product.tenorDays),
                  }),
          },
          {
            title: t('loanConfig.columns.status'),
            dataIndex: 'status',
            render: (value: LoanConfigStatus) => (
              <Tag color={value === 'available' ? 'green' : 'default'}>
                {t(`loanConfig.status.${value}`)}
              </Tag>
            ),
          },
          {
            title: t('loanConfig.columns.updatedAt'),
            dataIndex: 'updatedAt',
            render: (at: string) => formatIndiaDateTime(at),
          },
          {
            title: t('common.actions'),
            key: 'actions',
            fixed: 'end',
            render: (_, product) => {
              const label = (action: string) => `${action}: ${product.name}`;
              const toggle =
                product.status === 'available'
                  ? t('loanConfig.actions.disable')
                  : t('loanConfig.actions.enable');
              return (
                <Space wrap>
                  <Button
                    size="small"
                    aria-label={label(t('common.edit'))}
                    onClick={() => setEditing(product)}
                  >
                    {t('common.edit')}
                  </Button>
                  <Button
                    size="small"
                    danger={product.status === 'available'}
                    aria-label={label(toggle)}
                    onClick={() => confirmStatus(product)}
                  >
                    {toggle}
                  </Button>
                </Space>
              );
            },
          },
        ]}
      />
      <LoanConfigFormModal
        open={editing !== undefined}
        kind={kind}
        config={editing ?? null}
        saving={save.isPending}
        onCancel={() => setEditing(undefined)}
        onSubmit={submit}
      />
    </Card>
  );
}

export function FirstLoanConfigPage() {
  return <LoanConfigPage kind="first" routeTitle="firstLoanConfig" />;
}

export function ReLoanConfigPage() {
  return <LoanConfigPage kind="reloan" routeTitle="reLoanConfig" />;
}
