import {
  Alert,
  Button,
  Card,
  Descriptions,
  Form,
  Input,
  Modal,
  Select,
  Space,
  Table,
  Tag,
} from 'antd';
import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { type MachineDetail, approvalApi } from '@lending/contract';
import { OrderDetailPanel, orderStatusTags, useOwnOrderNo } from '../../../components/order-detail';
import { useGrants } from '../../../lib/grants';
import { formatIndiaDateTime } from '../../../lib/format';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/use-endpoint';
import { showFieldErrors } from '../../../lib/server-field-errors';

const REASONS = [
  'ruleFalsePositive',
  'documentsVerified',
  'customerAppeal',
  'dataCorrected',
] as const;
type Rule = MachineDetail['rules'][number];

/** Sends a machine rejection to first review with a reason code (audited; never to approved). */
function ReferDialog({
  detail,
  open,
  onClose,
}: {
  detail: MachineDetail;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reasonCode: (typeof REASONS)[number]; remarks: string }>();
  const refer = useEndpointMutation(approvalApi.machineRefer, {
    invalidates: [approvalApi.machineDetail, approvalApi.machineList, approvalApi.reviewQueue],
    success: 'approval.machine.referSuccess',
  });
  return (
    <Modal
      open={open}
      title={t('approval.machine.referTitle', { orderNo: detail.orderNo })}
      okText={t('approval.machine.refer')}
      cancelText={t('common.cancel')}
      confirmLoading={refer.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Alert
        type="info"
        showIcon
        title={t('approval.machine.referHint')}
        style={{ marginBottom: 16 }}
      />
      <Form
        form={form}
        layout="vertical"
        name="machine-refer"
        onFinish={async (values) => {
          try {
            await refer.mutateAsync({
              orderId: detail.orderId,
              ...values,
              remarks: values.remarks.trim(),
            });
            onClose();
          } catch (error) {
            showFieldErrors(form, error, { reasonCode: 'reasonCode', remarks: 'remarks' });
          }
        }}
      >
        <Form.Item
          name="reasonCode"
          label={t('approval.machine.reasonCode')}
          rules={[{ required: true, message: t('approval.machine.selectReason') }]}
        >
          <Select
            placeholder={t('approval.machine.selectReason')}
            options={REASONS.map((value) => ({
              value,
              label: t(`approval.machine.reasons.${value}`),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="remarks"
          label={t('approval.remarks')}
          rules={[
            { required: true, whitespace: true, message: t('approval.form.fillRemarks') },
            { max: 500 },
          ]}
        >
          <Input.TextArea rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function RuleTable({ rules }: { rules: Rule[] }) {
  const { t } = useTranslation();
  const m = (key: string) => t(`approval.machine.${key}`);
  return (
    <Table<Rule>
      size="small"
      rowKey={(rule) => `${rule.ruleName}-${rule.fieldName}`}
      pagination={false}
      dataSource={rules}
      locale={{ emptyText: m('noRules') }}
      scroll={{ x: 'max-content' }}
      columns={[
        { key: 'ruleName', title: m('ruleName'), dataIndex: 'ruleName' },
        { key: 'className', title: m('className'), dataIndex: 'className' },
        { key: 'fieldName', title: m('fieldName'), dataIndex: 'fieldName' },
        { key: 'expression', title: m('expression'), dataIndex: 'expression' },
        { key: 'comparisonValue', title: m('comparisonValue'), dataIndex: 'comparisonValue' },
        { key: 'value', title: m('actualValue'), render: (_, rule) => rule.value ?? '—' },
        {
          key: 'hit',
          title: m('hit'),
          render: (_, rule) =>
            rule.hit ? <Tag color="red">{m('hitYes')}</Tag> : <Tag>{m('hitNo')}</Tag>,
        },
        { key: 'score', title: m('score'), dataIndex: 'score', align: 'end' },
        { key: 'weight', title: m('weight'), dataIndex: 'weight', align: 'end' },
        { key: 'level', title: m('level'), render: (_, rule) => m(`levels.${rule.level}`) },
      ]}
    />
  );
}

/** The hidden machinerDetail / machinerDetailReject: rule by rule, and the order beneath. */
function machineDetailPage(route: string): ComponentType {
  function MachineDetailPage() {
    const { t } = useTranslation();
    const orderNo = useOwnOrderNo();
    const { can } = useGrants();
    const [referring, setReferring] = useState(false);
    const query = useEndpointQuery(
      approvalApi.machineDetail,
      { orderNo },
      { enabled: orderNo.trim() !== '' },
    );
    const detail = query.data;
    const title = t(`route.${route}`);
    return (
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Card
          title={<h1 className="page-heading">{orderNo ? `${title} ${orderNo}` : title}</h1>}
          variant="borderless"
          loading={query.isLoading}
          extra={
            detail?.referable && can(approvalApi.machineRefer) ? (
              <Button type="primary" onClick={() => setReferring(true)}>
                {t('approval.machine.refer')}
              </Button>
            ) : null
          }
        >
          {detail ? (
            <>
              <Descriptions
                size="small"
                column={{ xs: 1, sm: 2, lg: 4 }}
                style={{ marginBottom: 16 }}
              >
                <Descriptions.Item label={t('approval.machine.result')}>
                  {detail.machineResult
                    ? t(`approval.machine.results.${detail.machineResult}`)
                    : '—'}
                </Descriptions.Item>
                <Descriptions.Item label={t('approval.machineScore')}>
                  {detail.machineScore ?? '—'}
                </Descriptions.Item>
                <Descriptions.Item label={t('approval.machine.version')}>
                  {detail.ruleSetVersion === null ? '—' : `v${detail.ruleSetVersion}`}
                </Descriptions.Item>
                <Descriptions.Item label={t('approval.decidedAt')}>
                  {detail.decidedAt ? formatIndiaDateTime(detail.decidedAt) : '—'}
                </Descriptions.Item>
                <Descriptions.Item label={t('approval.status')}>
                  <Tag color={orderStatusTags[detail.status].color}>
                    {t(orderStatusTags[detail.status].label)}
                  </Tag>
                </Descriptions.Item>
              </Descriptions>
              {detail.referral ? (
                <Alert
                  type="info"
                  style={{ marginBottom: 16 }}
                  title={t('approval.machine.referred_by', {
                    by: detail.referral.by,
                    at: formatIndiaDateTime(detail.referral.at),
                    reason: `${t(`approval.machine.reasons.${detail.referral.reasonCode}`)} — ${detail.referral.remarks}`,
                  })}
                />
              ) : null}
              <RuleTable rules={detail.rules} />
              <ReferDialog detail={detail} open={referring} onClose={() => setReferring(false)} />
            </>
          ) : null}
        </Card>
        <Card title={t('approval.machine.orderDetail')} variant="borderless">
          <OrderDetailPanel orderNo={orderNo} />
        </Card>
      </Space>
    );
  }
  MachineDetailPage.displayName = `MachineDetailPage(${route})`;
  return MachineDetailPage;
}

export const MachinerDetailPage = machineDetailPage('machinerDetail');
export const MachinerDetailRejectPage = machineDetailPage('machinerDetailReject');
