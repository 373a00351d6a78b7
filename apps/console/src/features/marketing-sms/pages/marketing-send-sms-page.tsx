import {
  Alert,
  Button,
  Card,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Select,
  Space,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  LAWFUL_PROMOTIONAL_HOURS,
  type AudiencePreview,
  type CampaignAudience,
  type CreateCampaignBody,
  marketingSmsApi,
} from '@lending/contract';
import { XlsxUploadDialog } from '../../../components/xlsx-upload';
import { SendTimeFields } from '../../../components/send-time-fields';
import { api } from '../../../lib/api';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/use-endpoint';
import { showFieldErrors } from '../../../lib/server-field-errors';
import { fillTemplate, sendAtOf } from '../../../lib/campaign-schedule';

/** Selected rows are an audience from the list screens' bulk SMS, not from this form (0067). */
type Source = Exclude<CampaignAudience['source'], 'selected'>;

interface Values {
  name: string;
  source: Source;
  withinDays?: number | null;
  listId?: number;
  templateCode?: string;
  params?: Record<string, string>;
  when: 'now' | 'schedule';
  sendDate?: string;
  sendTime?: string;
  ratePerMinute: number;
}

const FIELDS = {
  name: 'name',
  templateCode: 'templateCode',
  sendAt: 'sendTime',
  ratePerMinute: 'ratePerMinute',
};

function audienceOf(values: Values): CampaignAudience | null {
  if (values.source === 'upload') {
    return values.listId ? { source: 'upload', listId: values.listId } : null;
  }
  return values.withinDays
    ? { source: values.source, withinDays: values.withinDays }
    : { source: values.source };
}

/**
 * /toolMage/marketingSendSMS: a campaign — who (a list from the book or an uploaded
 * .xlsx of phones), what (an enabled promotional template, its variables, the message as it
 * goes out), when (now or a time inside the sending hours in force) and how fast; the count of
 * who will receive it, and a confirmation before anything is sent (docs/product.md §5).
 */
export function MarketingSendSmsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [uploading, setUploading] = useState(false);
  const [preview, setPreview] = useState<AudiencePreview | null>(null);
  const [confirming, setConfirming] = useState<{
    body: CreateCampaignBody;
    eligible: number;
  } | null>(null);
  // One key per filled-in form: pressing Send again after a lost answer creates nothing twice.
  const [idempotencyKey, setIdempotencyKey] = useState(() => newIdempotencyKey('campaign'));
  const templates = useEndpointQuery(marketingSmsApi.listCampaignTemplates, {});
  const lists = useEndpointQuery(marketingSmsApi.listAudienceLists, {});
  const create = useEndpointMutation(marketingSmsApi.createCampaign, {
    invalidates: [marketingSmsApi.listCampaigns],
    success: 'marketingSms.scheduled',
  });

  const source = Form.useWatch('source', form);
  const when = Form.useWatch('when', form);
  const templateCode = Form.useWatch('templateCode', form);
  const params = Form.useWatch('params', form) ?? {};
  const template = templates.data?.list.find((row) => row.code === templateCode);
  // The hours in force as the server reads them; TRAI's window until they have loaded.
  const sendHours = templates.data?.sendHours ?? LAWFUL_PROMOTIONAL_HOURS;

  const countAudience = async (): Promise<AudiencePreview | null> => {
    const audience = audienceOf(form.getFieldsValue(true) as Values);
    if (!audience) {
      form.setFields([{ name: 'listId', errors: [t('marketingSms.selectList')] }]);
      return null;
    }
    const counted = await api.call(marketingSmsApi.previewCampaignAudience, { audience });
    setPreview(counted);
    return counted;
  };

  const onFinish = async (values: Values) => {
    const audience = audienceOf(values);
    if (!audience || !template) return;
    const counted = await countAudience();
    if (!counted) return;
    const body: CreateCampaignBody = {
      name: values.name.trim(),
      templateCode: template.code,
      params: Object.fromEntries(
        template.variables.map((name) => [name, values.params?.[name] ?? '']),
      ),
      audience,
      ratePerMinute: values.ratePerMinute,
      idempotencyKey,
      ...(values.when === 'schedule'
        ? { sendAt: sendAtOf(values.sendDate!, values.sendTime!) }
        : {}),
    };
    setConfirming({ body, eligible: counted.eligible });
  };

  const send = async () => {
    if (!confirming) return;
    try {
      await create.mutateAsync(confirming.body);
      setConfirming(null);
      void navigate('/toolMage/marketingSMS');
    } catch (error) {
      setConfirming(null);
      showFieldErrors(form, error, FIELDS);
    }
  };

  const sendAtText = (body: CreateCampaignBody) =>
    body.sendAt
      ? t('marketingSms.confirmAt', {
          date: body.sendAt.slice(0, 10),
          time: body.sendAt.slice(11, 16),
        })
      : t('marketingSms.confirmNow');

  return (
    <Card title={<h1 className="page-heading">{t('route.marketingSendSMS')}</h1>}>
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        name="campaign-form"
        style={{ maxWidth: 720 }}
        initialValues={{ source: 'clearNotLoan', when: 'schedule', ratePerMinute: 100 }}
        onValuesChange={(changed: Partial<Values>) => {
          if ('source' in changed || 'withinDays' in changed || 'listId' in changed)
            setPreview(null);
          setIdempotencyKey(newIdempotencyKey('campaign'));
        }}
        onFinish={(values) => void onFinish(values)}
      >
        <Form.Item
          name="name"
          label={t('marketingSms.name')}
          rules={[{ required: true, whitespace: true, message: t('marketingSms.nameRequired') }]}
        >
          <Input maxLength={100} />
        </Form.Item>

        <Form.Item name="source" label={t('marketingSms.audience')}>
          <Radio.Group
            options={(['clearNotLoan', 'regNotLoan', 'upload'] as const).map((value) => ({
              value,
              label: t(`marketingSms.source.${value}`),
            }))}
          />
        </Form.Item>
        {source === 'upload' ? (
          <Form.Item label={t('marketingSms.list')} required>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item name="listId" noStyle>
                <Select
                  aria-label={t('marketingSms.list')}
                  placeholder={t('marketingSms.selectList')}
                  options={(lists.data?.list ?? []).map((list) => ({
                    value: list.id,
                    label: t('marketingSms.listOption', {
                      fileName: list.fileName,
                      phones: list.phones,
                      at: list.uploadedAt.slice(0, 10),
                    }),
                  }))}
                />
              </Form.Item>
              <Button onClick={() => setUploading(true)}>{t('marketingSms.upload')}</Button>
            </Space.Compact>
          </Form.Item>
        ) : (
          <Form.Item
            name="withinDays"
            label={t(
              source === 'regNotLoan'
                ? 'marketingSms.registeredWithin'
                : 'marketingSms.clearedWithin',
            )}
            extra={t('marketingSms.withinHint')}
          >
            <InputNumber min={1} max={3650} precision={0} style={{ width: 160 }} />
          </Form.Item>
        )}
        <Space direction="vertical" style={{ marginBottom: 24, width: '100%' }}>
          <Button onClick={() => void countAudience()}>{t('marketingSms.count')}</Button>
          {preview ? (
            <Descriptions size="small" bordered column={4} aria-label={t('marketingSms.count')}>
              <Descriptions.Item label={t('marketingSms.total')}>{preview.total}</Descriptions.Item>
              <Descriptions.Item label={t('marketingSms.optedOut')}>
                {preview.optedOut}
              </Descriptions.Item>
              <Descriptions.Item label={t('marketingSms.blacklisted')}>
                {preview.blacklisted}
              </Descriptions.Item>
              <Descriptions.Item label={t('marketingSms.eligible')}>
                {preview.eligible}
              </Descriptions.Item>
            </Descriptions>
          ) : null}
        </Space>

        <Form.Item
          name="templateCode"
          label={t('marketingSms.template')}
          rules={[{ required: true, message: t('marketingSms.selectTemplate') }]}
          extra={templates.data?.list.length === 0 ? t('marketingSms.noTemplate') : undefined}
        >
          <Select
            options={(templates.data?.list ?? []).map((row) => ({
              value: row.code,
              label: `${row.name} (${row.code})`,
            }))}
          />
        </Form.Item>
        {template?.variables.map((variable) => (
          <Form.Item
            key={variable}
            name={['params', variable]}
            label={variable}
            rules={[
              { required: true, whitespace: true, message: t('marketingSms.variableRequired') },
            ]}
          >
            <Input maxLength={30} />
          </Form.Item>
        ))}
        {template ? (
          <Form.Item label={t('marketingSms.message')}>
            <Typography.Paragraph data-testid="campaign-message" style={{ marginBottom: 0 }}>
              {fillTemplate(template.text, params)}
            </Typography.Paragraph>
          </Form.Item>
        ) : null}

        <Form.Item
          name="when"
          label={t('marketingSms.when')}
          extra={t('marketingSms.windowHint', { ...sendHours })}
        >
          <Radio.Group
            options={[
              { value: 'schedule', label: t('marketingSms.schedule') },
              { value: 'now', label: t('marketingSms.now') },
            ]}
          />
        </Form.Item>
        {when === 'schedule' ? (
          <SendTimeFields sendHours={sendHours} />
        ) : (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 24 }}
            message={t('marketingSms.nowHint', { ...sendHours })}
          />
        )}
        <Form.Item name="ratePerMinute" label={t('marketingSms.rate')}>
          <InputNumber min={1} max={10_000} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('marketingSms.review')}
          </Button>
          <Button onClick={() => void navigate('/toolMage/marketingSMS')}>
            {t('common.cancel')}
          </Button>
        </Space>
      </Form>

      <Modal
        open={confirming !== null}
        title={t('marketingSms.confirmTitle')}
        okText={t('marketingSms.send')}
        cancelText={t('common.cancel')}
        confirmLoading={create.isPending}
        onOk={() => void send()}
        onCancel={() => setConfirming(null)}
      >
        {confirming ? (
          <p>
            {t('marketingSms.confirmText', { count: confirming.eligible })}{' '}
            {sendAtText(confirming.body)}
          </p>
        ) : null}
      </Modal>
      <XlsxUploadDialog
        open={uploading}
        onClose={() => setUploading(false)}
        endpoint={marketingSmsApi.importAudienceList}
        title="marketingSms.uploadTitle"
        columns="marketingSms.uploadColumns"
        invalidates={[marketingSmsApi.listAudienceLists]}
      />
    </Card>
  );
}
