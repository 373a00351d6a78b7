import {
  Alert,
  Button,
  Descriptions,
  Form,
  Input,
  Modal,
  Radio,
  Result,
  Select,
  Space,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  LAWFUL_PROMOTIONAL_HOURS,
  type AudiencePreview,
  type Campaign,
  type CampaignTemplate,
  type ClearNotLoanRow,
  type CreateCampaignBody,
  type RegNotLoanRow,
  type SelectableList,
  marketingSmsApi,
} from '@lending/contract';
import type { BulkFormProps } from '../../../components/list-page';
import { SendTimeFields } from '../../../components/send-time-fields';
import { api } from '../../../lib/api';
import { fillTemplate, sendAtOf } from '../../../lib/campaign-schedule';
import { formatIndiaDateTime } from '../../../lib/format';
import { useGrants } from '../../../lib/grants';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { showFieldErrors } from '../../../lib/server-field-errors';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/use-endpoint';

/** What a bulk SMS needs: the calls of the campaign it creates (decision 0067). */
export const selectedSmsNeeds = [
  marketingSmsApi.createCampaign,
  marketingSmsApi.listCampaignTemplates,
  marketingSmsApi.previewCampaignAudience,
];

/** Where the campaigns are listed with their progress and delivery figures. */
export function campaignListPath(name: string): string {
  return `/toolMage/marketingSMS?${new URLSearchParams({ name }).toString()}`;
}

interface Values {
  name: string;
  templateCode?: string;
  params?: Record<string, string>;
  when: 'now' | 'schedule';
  sendDate?: string;
  sendTime?: string;
}

/** The API's fields as the form names them, for a refusal naming one. */
const FIELDS = { name: 'name', templateCode: 'templateCode', sendAt: 'sendTime' };

interface Confirming {
  body: CreateCampaignBody;
  template: CampaignTemplate;
  preview: AudiencePreview;
}

/**
 * The campaign form for the selected rows: a name, an enabled promotional template with its
 * variables (the message as it goes out), now or a time inside the sending hours in force. It
 * counts who of the selection would receive it, asks with the count and the template, and only
 * then creates the campaign.
 */
function SelectedSmsForm({
  list,
  ids,
  onClose,
  onCreated,
}: {
  list: SelectableList;
  ids: readonly number[];
  onClose(): void;
  onCreated(campaign: Campaign): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [counting, setCounting] = useState(false);
  // One key per filled-in form: pressing Send again after a lost answer creates nothing twice.
  const [idempotencyKey, setIdempotencyKey] = useState(() => newIdempotencyKey('campaign'));
  const [defaultName] = useState(() =>
    t('remarketing.sms.defaultName', {
      list: t(`route.${list}`),
      count: ids.length,
      at: formatIndiaDateTime(Date.now()).slice(0, 16),
    }),
  );
  const templates = useEndpointQuery(marketingSmsApi.listCampaignTemplates, {});
  const create = useEndpointMutation(marketingSmsApi.createCampaign, {
    invalidates: [marketingSmsApi.listCampaigns],
  });
  const when = Form.useWatch('when', form);
  const templateCode = Form.useWatch('templateCode', form);
  const params = Form.useWatch('params', form) ?? {};
  const template = templates.data?.list.find((row) => row.code === templateCode);
  // The hours in force as the server reads them; TRAI's window until they have loaded.
  const sendHours = templates.data?.sendHours ?? LAWFUL_PROMOTIONAL_HOURS;

  const review = async (values: Values) => {
    if (!template) return;
    const audience = { source: 'selected' as const, list, ids: [...ids] };
    setCounting(true);
    let preview: AudiencePreview;
    try {
      preview = await api.call(marketingSmsApi.previewCampaignAudience, { audience });
    } catch {
      return; // toasted: a row left the list since the page was read
    } finally {
      setCounting(false);
    }
    setConfirming({
      template,
      preview,
      body: {
        name: values.name.trim(),
        templateCode: template.code,
        params: Object.fromEntries(
          template.variables.map((name) => [name, values.params?.[name] ?? '']),
        ),
        audience,
        idempotencyKey,
        ...(values.when === 'schedule'
          ? { sendAt: sendAtOf(values.sendDate!, values.sendTime!) }
          : {}),
      },
    });
  };

  const send = async () => {
    if (!confirming) return;
    try {
      const campaign = await create.mutateAsync(confirming.body);
      setConfirming(null);
      onCreated(campaign);
    } catch (error) {
      setConfirming(null);
      showFieldErrors(form, error, FIELDS);
    }
  };

  const sendAt = confirming?.body.sendAt;
  const sendAtText = sendAt
    ? t('marketingSms.confirmAt', { date: sendAt.slice(0, 10), time: sendAt.slice(11, 16) })
    : t('marketingSms.confirmNow');

  return (
    <>
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('remarketing.sms.hint')} />
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        name="selected-sms-form"
        initialValues={{ name: defaultName, when: 'now' }}
        onValuesChange={() => setIdempotencyKey(newIdempotencyKey('campaign'))}
        onFinish={(values) => void review(values)}
      >
        <Form.Item
          name="name"
          label={t('marketingSms.name')}
          rules={[{ required: true, whitespace: true, message: t('marketingSms.nameRequired') }]}
        >
          <Input maxLength={100} />
        </Form.Item>
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
            <p data-testid="selected-sms-message" style={{ marginBottom: 0 }}>
              {fillTemplate(template.text, params)}
            </p>
          </Form.Item>
        ) : null}
        <Form.Item
          name="when"
          label={t('marketingSms.when')}
          extra={t('marketingSms.windowHint', { ...sendHours })}
        >
          <Radio.Group
            options={[
              { value: 'now', label: t('marketingSms.now') },
              { value: 'schedule', label: t('marketingSms.schedule') },
            ]}
          />
        </Form.Item>
        {when === 'schedule' ? <SendTimeFields sendHours={sendHours} /> : null}
        <Space>
          <Button type="primary" htmlType="submit" loading={counting}>
            {t('marketingSms.review')}
          </Button>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
        </Space>
      </Form>

      <Modal
        open={confirming !== null}
        title={t('marketingSms.confirmTitle')}
        okText={t('marketingSms.send')}
        cancelText={t('common.cancel')}
        okButtonProps={{ disabled: confirming?.preview.eligible === 0 }}
        confirmLoading={create.isPending}
        onOk={() => void send()}
        onCancel={() => setConfirming(null)}
      >
        {confirming ? (
          <>
            <p>
              {t('remarketing.sms.confirmText', {
                template: `${confirming.template.name} (${confirming.template.code})`,
                recipients: confirming.preview.eligible,
                selected: ids.length,
              })}{' '}
              {sendAtText}
            </p>
            {confirming.preview.optedOut + confirming.preview.blacklisted > 0 ? (
              <p>
                {t('remarketing.sms.leftOut', {
                  optedOut: confirming.preview.optedOut,
                  blacklisted: confirming.preview.blacklisted,
                })}
              </p>
            ) : null}
            {confirming.preview.eligible === 0 ? (
              <Alert type="warning" showIcon title={t('remarketing.sms.nobody')} />
            ) : null}
            <Descriptions size="small" column={1} bordered>
              <Descriptions.Item label={t('marketingSms.message')}>
                {fillTemplate(confirming.template.text, confirming.body.params ?? {})}
              </Descriptions.Item>
            </Descriptions>
          </>
        ) : null}
      </Modal>
    </>
  );
}

/** The campaign made: how many it will send, and where its progress and delivery show. */
function CreatedCampaign({ campaign, onDone }: { campaign: Campaign; onDone(): void }) {
  const { t } = useTranslation();
  const { can } = useGrants();
  return (
    <Result
      status="success"
      title={t('remarketing.sms.created', { name: campaign.name })}
      subTitle={t('remarketing.sms.createdFigures', {
        pending: campaign.pending,
        leftOut: campaign.optedOut + campaign.blacklisted,
      })}
      extra={[
        can(marketingSmsApi.listCampaigns) ? (
          <Link key="campaign" to={campaignListPath(campaign.name)}>
            {t('remarketing.sms.seeCampaign')}
          </Link>
        ) : null,
        <Button key="done" type="primary" onClick={onDone}>
          {t('remarketing.sms.done')}
        </Button>,
      ]}
    />
  );
}

/**
 * Bulk SMS of /order/clearNotLoan and /order/regNotLoan (decision 0067): a marketing SMS
 * campaign (the marketing-sms module: its hours, opt-outs, blacklist and receipts) whose audience
 * is the selected rows. Once made, the dialog points at the campaign; closing it then clears the
 * selection.
 */
function SelectedSmsDialog({
  list,
  open,
  rows,
  onClose,
  onDone,
}: BulkFormProps<{ id: number }> & { list: SelectableList }) {
  const { t } = useTranslation();
  const [created, setCreated] = useState<Campaign | null>(null);
  // A new opening starts afresh (the kit keeps this component between openings).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setCreated(null);
  }
  return (
    <Modal
      open={open}
      title={t('remarketing.sms.title', { count: rows.length })}
      footer={null}
      width={640}
      destroyOnHidden
      onCancel={created ? onDone : onClose}
    >
      {created ? (
        <CreatedCampaign campaign={created} onDone={onDone} />
      ) : (
        <SelectedSmsForm
          list={list}
          ids={rows.map((row) => row.id)}
          onClose={onClose}
          onCreated={setCreated}
        />
      )}
    </Modal>
  );
}

export function ClearNotLoanSmsDialog(props: BulkFormProps<ClearNotLoanRow>) {
  return <SelectedSmsDialog list="clearNotLoan" {...props} />;
}

export function RegNotLoanSmsDialog(props: BulkFormProps<RegNotLoanRow>) {
  return <SelectedSmsDialog list="regNotLoan" {...props} />;
}
