import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Card,
  Form,
  InputNumber,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  type RiskThresholdOverride,
  type RiskVersionRow,
  loanBookApi,
  riskApi,
} from '@lending/contract';
import { feedback } from '../../../lib/feedback';
import { formatIndiaDateTime } from '../../../lib/format';
import { useGrants } from '../../../lib/grants';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/use-endpoint';
import { BacktestResult } from '../components/backtest-result';
import { versionStatusTags } from '../risk-tags';

const changes = [riskApi.listRiskVersions, riskApi.listRiskRules];

interface ThresholdValues {
  baseScore: number;
  rejectBelow: number;
  passAbove: number;
  overrides: (Omit<RiskThresholdOverride, 'productId'> & { productId: number | 'all' })[];
}

/** The draft's thresholds: the version's own, and overrides per product and new/old customer. */
function ThresholdsForm({ draft }: { draft: RiskVersionRow }) {
  const { t } = useTranslation();
  const { can } = useGrants();
  const [form] = Form.useForm<ThresholdValues>();
  const products = useEndpointQuery(
    loanBookApi.listLoanConfig,
    { page: 1, pageSize: 100 },
    { enabled: can(loanBookApi.listLoanConfig) },
  );
  const save = useEndpointMutation(riskApi.saveRiskThresholds, {
    invalidates: changes,
    success: 'messages.saveSuccess',
  });
  useEffect(() => {
    form.setFieldsValue({
      baseScore: draft.baseScore,
      rejectBelow: draft.rejectBelow,
      passAbove: draft.passAbove,
      overrides: draft.overrides.map((o) => ({ ...o, productId: o.productId ?? 'all' })),
    });
  }, [draft, form]);
  const productOptions = [
    { value: 'all', label: t('risk.config.anyProduct') },
    ...(products.data?.list ?? []).map((p) => ({ value: p.id, label: `${p.name} (#${p.id})` })),
  ];
  const number = (name: string | (string | number)[], label: string) => (
    <Form.Item name={name} label={label} rules={[{ required: true }]}>
      <InputNumber min={-100_000} max={100_000} precision={0} />
    </Form.Item>
  );
  return (
    <Form
      form={form}
      layout="inline"
      name="risk-thresholds"
      disabled={!can(riskApi.saveRiskThresholds)}
      onFinish={(values) =>
        save.mutate({
          id: draft.id,
          baseScore: values.baseScore,
          rejectBelow: values.rejectBelow,
          passAbove: values.passAbove,
          overrides: (values.overrides ?? []).map((o) => ({
            ...o,
            productId: o.productId === 'all' ? null : o.productId,
          })),
        })
      }
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary">
          {t('risk.config.thresholdsHint')}
        </Typography.Paragraph>
        <Space wrap>
          {number('baseScore', t('risk.config.baseScore'))}
          {number('rejectBelow', t('risk.config.rejectBelow'))}
          {number('passAbove', t('risk.config.passAbove'))}
        </Space>
        <Typography.Text strong>{t('risk.config.overrides')}</Typography.Text>
        <Form.List name="overrides">
          {(fields, { add, remove }) => (
            <Space orientation="vertical">
              {fields.map((field) => (
                <Space key={field.key} wrap>
                  <Form.Item name={[field.name, 'productId']} label={t('risk.config.product')}>
                    <Select options={productOptions} style={{ minWidth: 200 }} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'customerType']}
                    label={t('risk.config.customerType')}
                  >
                    <Select
                      style={{ minWidth: 100 }}
                      options={(['any', 'new', 'old'] as const).map((v) => ({
                        value: v,
                        label: t(`risk.config.customerTypes.${v}`),
                      }))}
                    />
                  </Form.Item>
                  {number([String(field.name), 'rejectBelow'], t('risk.config.rejectBelow'))}
                  {number([String(field.name), 'passAbove'], t('risk.config.passAbove'))}
                  <MinusCircleOutlined
                    aria-label={t('common.delete')}
                    onClick={() => remove(field.name)}
                  />
                </Space>
              ))}
              <Button
                icon={<PlusOutlined />}
                onClick={() =>
                  add({
                    productId: 'all',
                    customerType: 'new',
                    rejectBelow: draft.rejectBelow,
                    passAbove: draft.passAbove,
                  })
                }
              >
                {t('risk.config.addOverride')}
              </Button>
            </Space>
          )}
        </Form.List>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('risk.config.saveThresholds')}
        </Button>
      </Space>
    </Form>
  );
}

/** Back-test the draft over the last N days, then publish it (only while the back-test is current). */
function BacktestAndPublish({ draft }: { draft: RiskVersionRow }) {
  const { t } = useTranslation();
  const { can } = useGrants();
  const [form] = Form.useForm<{ days: number }>();
  const run = useEndpointMutation(riskApi.backtestRiskDraft, { invalidates: changes });
  const publish = useEndpointMutation(riskApi.publishRiskDraft, {
    invalidates: changes,
    success: 'messages.operationSuccess',
  });
  const discard = useEndpointMutation(riskApi.discardRiskDraft, {
    invalidates: changes,
    success: 'messages.operationSuccess',
  });
  const current = draft.lastBacktest?.current ?? false;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Form
        form={form}
        layout="inline"
        name="risk-backtest"
        initialValues={{ days: 30 }}
        onFinish={(values) => run.mutate({ id: draft.id, days: values.days })}
      >
        <Form.Item name="days" label={t('risk.config.backtestDays')} rules={[{ required: true }]}>
          <InputNumber min={1} max={180} precision={0} />
        </Form.Item>
        <Button
          htmlType="submit"
          loading={run.isPending}
          disabled={!can(riskApi.backtestRiskDraft)}
        >
          {t('risk.config.runBacktest')}
        </Button>
        <Button
          type="primary"
          style={{ marginLeft: 8 }}
          disabled={!current || !can(riskApi.publishRiskDraft)}
          title={current ? undefined : t('risk.config.publishNeedsBacktest')}
          loading={publish.isPending}
          onClick={() =>
            feedback.confirm({
              title: t('risk.config.publish'),
              content: t('risk.config.publishConfirm', { version: draft.version }),
              okText: t('risk.config.publish'),
              cancelText: t('common.cancel'),
              onOk: () => publish.mutateAsync({ id: draft.id }).catch(() => undefined),
            })
          }
        >
          {t('risk.config.publish')}
        </Button>
        <Button
          danger
          style={{ marginLeft: 8 }}
          disabled={!can(riskApi.discardRiskDraft)}
          loading={discard.isPending}
          onClick={() =>
            feedback.confirm({
              title: t('risk.config.discard'),
              content: t('risk.config.discardConfirm', { version: draft.version }),
              okText: t('risk.config.discard'),
              cancelText: t('common.cancel'),
              onOk: () => discard.mutateAsync({ id: draft.id }).catch(() => undefined),
            })
          }
        >
          {t('risk.config.discard')}
        </Button>
      </Form>
      {current ? null : (
        <Typography.Text type="secondary">{t('risk.config.publishNeedsBacktest')}</Typography.Text>
      )}
      {draft.lastBacktest ? <BacktestResult result={draft.lastBacktest} /> : null}
    </Space>
  );
}

/**
 * /risk/riskRuleConfig: the rule-set versions, draft → back-test → publish. The
 * published version decides applications; an order keeps the version that decided it.
 */
export function RiskRuleConfigPage() {
  const { t } = useTranslation();
  const { can } = useGrants();
  const versions = useEndpointQuery(riskApi.listRiskVersions, { page: 1, pageSize: 100 });
  const start = useEndpointMutation(riskApi.startRiskDraft, {
    invalidates: changes,
    success: 'messages.operationSuccess',
  });
  const list = versions.data?.list ?? [];
  const draft = list.find((v) => v.status === 'draft');
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Card
        title={<h1 className="page-heading">{t('route.riskRuleConfig')}</h1>}
        extra={
          draft || !can(riskApi.startRiskDraft) ? null : (
            <Button
              type="primary"
              loading={start.isPending}
              onClick={() =>
                feedback.confirm({
                  title: t('risk.config.startDraft'),
                  content: t('risk.config.startDraftConfirm'),
                  okText: t('common.ok'),
                  cancelText: t('common.cancel'),
                  onOk: () => start.mutateAsync({}).catch(() => undefined),
                })
              }
            >
              {t('risk.config.startDraft')}
            </Button>
          )
        }
      >
        <Table<RiskVersionRow>
          rowKey="id"
          size="small"
          loading={versions.isLoading}
          dataSource={list}
          pagination={false}
          aria-label={t('risk.config.versions')}
          columns={[
            {
              key: 'version',
              title: t('risk.version'),
              render: (_, v) => (
                <Link to={`/risk/riskRuleList?version=${v.version}`}>
                  {t('risk.versionOf', { value: v.version })}
                </Link>
              ),
            },
            {
              key: 'status',
              title: t('risk.config.versions'),
              render: (_, v) => {
                const tag = versionStatusTags[v.status];
                return <Tag color={tag.color}>{t(tag.label)}</Tag>;
              },
            },
            { key: 'base', title: t('risk.config.baseScore'), dataIndex: 'baseScore' },
            { key: 'reject', title: t('risk.config.rejectBelow'), dataIndex: 'rejectBelow' },
            { key: 'pass', title: t('risk.config.passAbove'), dataIndex: 'passAbove' },
            {
              key: 'overrides',
              title: t('risk.config.overrides'),
              render: (_, v) =>
                v.overrides.map((o) => (
                  <Tag key={`${o.productId}-${o.customerType}`}>
                    {`${o.productId === null ? t('risk.config.anyProduct') : `#${o.productId}`} · ${t(`risk.config.customerTypes.${o.customerType}`)}: ${o.rejectBelow} / ${o.passAbove}`}
                  </Tag>
                )),
            },
            {
              key: 'rules',
              title: t('risk.config.rules'),
              render: (_, v) =>
                t('risk.config.enabledRules', { enabled: v.enabledRuleCount, total: v.ruleCount }),
            },
            { key: 'decided', title: t('risk.config.decidedOrders'), dataIndex: 'decidedOrders' },
            {
              key: 'publishedAt',
              title: t('risk.config.publishedAt'),
              render: (_, v) => (v.publishedAt ? formatIndiaDateTime(v.publishedAt) : '—'),
            },
          ]}
        />
      </Card>
      {draft ? (
        <>
          <Card
            title={`${t('risk.config.thresholds')} · ${t('risk.versionStatus.draft')} ${t('risk.versionOf', { value: draft.version })}`}
          >
            <ThresholdsForm draft={draft} />
          </Card>
          <Card
            title={`${t('risk.config.backtest')} · ${t('risk.versionStatus.draft')} ${t('risk.versionOf', { value: draft.version })}`}
          >
            <BacktestAndPublish draft={draft} />
          </Card>
        </>
      ) : versions.data ? (
        <Alert type="info" showIcon title={t('risk.config.noDraft')} />
      ) : null}
    </Space>
  );
}
