import {
  Alert,
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Select,
  Skeleton,
  Space,
  Typography,
} from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BUILT_SMS_PROVIDERS,
  quietHoursProblem,
  SMS_PROVIDERS,
  type SaveSmsConfigBody,
  type SmsProvider,
  opsConfigApi,
} from '@lending/contract';
import { formatIndiaDateTime } from '../../../lib/format';
import { useGrants } from '../../../lib/grants';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/use-endpoint';
import { showFieldErrors } from '../../../lib/server-field-errors';

type Values = Omit<SaveSmsConfigBody, 'apiKey'> & { apiKey?: string };
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const SENDER = /^([A-Z]{6}|[0-9]{6})$/;

/**
 * /toolMage/smsConfig: the SMS gateway's provider, sender ids (DLT headers), send
 * rate and quiet hours (India time). The API key can be replaced but is never shown again:
 * the server answers only whether one is set and its last 4 characters. The provider in force
 * is what the server sends through (decision 0079): a provider with no adapter, or a live one
 * on a server that allows only the sandbox, is shown and cannot be chosen.
 */
export function SmsConfigPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const config = useEndpointQuery(opsConfigApi.getSmsConfig, {});
  const canSave = useGrants().can(opsConfigApi.saveSmsConfig);
  const save = useEndpointMutation(opsConfigApi.saveSmsConfig, {
    invalidates: [opsConfigApi.getSmsConfig],
    success: 'messages.saveSuccess',
  });

  useEffect(() => {
    if (!config.data) return;
    const { provider, senderIds, ratePerMinute, quietStart, quietEnd } = config.data;
    form.setFieldsValue({
      provider: provider as Values['provider'],
      senderIds,
      ratePerMinute,
      quietStart,
      quietEnd,
      apiKey: '',
    });
  }, [config.data, form]);

  const onFinish = async (values: Values) => {
    const apiKey = values.apiKey?.trim();
    try {
      await save.mutateAsync({
        provider: values.provider,
        senderIds: values.senderIds,
        ratePerMinute: values.ratePerMinute,
        quietStart: values.quietStart,
        quietEnd: values.quietEnd,
        ...(apiKey ? { apiKey } : {}),
      });
      form.setFieldValue('apiKey', '');
    } catch (error) {
      showFieldErrors(form, error, {
        provider: 'provider',
        senderIds: 'senderIds',
        ratePerMinute: 'ratePerMinute',
        quietStart: 'quietStart',
        quietEnd: 'quietEnd',
        apiKey: 'apiKey',
      });
    }
  };
  const liveAllowed = config.data?.liveProvidersAllowed ?? false;
  // Why a provider cannot be chosen here, or undefined when it can.
  const unavailable = (provider: SmsProvider) =>
    !BUILT_SMS_PROVIDERS.includes(provider)
      ? t('opsConfig.smsConfig.notBuilt')
      : provider !== 'sandbox' && !liveAllowed
        ? t('opsConfig.smsConfig.sandboxOnly')
        : undefined;
  const time = { required: true, pattern: TIME, message: t('opsConfig.smsConfig.timeInvalid') };
  // The server's rule (decision 0049): quiet hours may narrow TRAI's 10:00–21:00, never widen it.
  const quietRule = (field: 'quietStart' | 'quietEnd') => ({
    validator: () => {
      const start = form.getFieldValue('quietStart') as string | undefined;
      const end = form.getFieldValue('quietEnd') as string | undefined;
      if (!start || !end || !TIME.test(start) || !TIME.test(end)) return Promise.resolve();
      return quietHoursProblem(start, end)?.field === field
        ? Promise.reject(new Error(t(`opsConfig.smsConfig.${field}Invalid`)))
        : Promise.resolve();
    },
  });

  return (
    <Card title={<h1 className="page-heading">{t('route.smsConfig')}</h1>}>
      {config.isPending ? (
        <Skeleton active />
      ) : (
        <Form<Values>
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={onFinish}
          disabled={!canSave}
          name="sms-config-form"
          style={{ maxWidth: 640 }}
        >
          <Alert
            type={config.data?.providerInForce === 'sandbox' ? 'info' : 'success'}
            showIcon
            style={{ marginBottom: 16 }}
            message={t('opsConfig.smsConfig.inForce', {
              provider: config.data?.providerInForce ?? 'sandbox',
            })}
            description={
              liveAllowed
                ? t('opsConfig.smsConfig.inForceLive')
                : t('opsConfig.smsConfig.inForceSandboxOnly')
            }
          />
          <Form.Item
            name="provider"
            label={t('opsConfig.smsConfig.provider')}
            extra={t('opsConfig.smsConfig.providerHint')}
          >
            <Select
              options={SMS_PROVIDERS.map((value) => {
                const why = unavailable(value);
                return { value, label: why ? `${value} (${why})` : value, disabled: Boolean(why) };
              })}
            />
          </Form.Item>
          <Form.Item
            name="senderIds"
            label={t('opsConfig.smsConfig.senderIds')}
            extra={`${t('opsConfig.smsConfig.senderHint')}. ${t('opsConfig.smsConfig.senderInUseHint')}`}
            rules={[
              {
                validator: (_, value: string[] | undefined) =>
                  value && value.length > 0 && value.every((id) => SENDER.test(id))
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('opsConfig.smsConfig.senderInvalid'))),
              },
            ]}
          >
            <Select mode="tags" tokenSeparators={[',', ' ']} open={false} />
          </Form.Item>
          <Form.Item
            name="ratePerMinute"
            label={t('opsConfig.smsConfig.ratePerMinute')}
            extra={t('opsConfig.smsConfig.rateHint')}
            rules={[{ required: true, message: t('opsConfig.required') }]}
          >
            <InputNumber min={1} max={100000} precision={0} />
          </Form.Item>
          <Space size="large" align="start">
            <Form.Item
              name="quietStart"
              label={t('opsConfig.smsConfig.quietStart')}
              rules={[time, quietRule('quietStart')]}
              dependencies={['quietEnd']}
            >
              <Input placeholder="21:00" maxLength={5} />
            </Form.Item>
            <Form.Item
              name="quietEnd"
              label={t('opsConfig.smsConfig.quietEnd')}
              rules={[time, quietRule('quietEnd')]}
              dependencies={['quietStart']}
            >
              <Input placeholder="10:00" maxLength={5} />
            </Form.Item>
          </Space>
          <Typography.Paragraph type="secondary">
            {t('opsConfig.smsConfig.quietHint')}
          </Typography.Paragraph>
          <Form.Item
            name="apiKey"
            label={t('opsConfig.smsConfig.apiKey')}
            extra={
              config.data?.apiKeySet
                ? t('opsConfig.smsConfig.apiKeySet', { hint: config.data.apiKeyHint })
                : t('opsConfig.smsConfig.apiKeyNotSet')
            }
            rules={[{ min: 8, message: t('opsConfig.smsConfig.apiKeyShort') }]}
          >
            <Input.Password autoComplete="new-password" visibilityToggle={false} />
          </Form.Item>
          {config.data?.updatedAt ? (
            <Typography.Paragraph type="secondary">
              {t('opsConfig.lastSaved', { at: formatIndiaDateTime(config.data.updatedAt) })}
            </Typography.Paragraph>
          ) : null}
          {canSave ? (
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('common.save')}
            </Button>
          ) : (
            <Alert type="info" showIcon message={t('opsConfig.readOnly')} />
          )}
        </Form>
      )}
    </Card>
  );
}
