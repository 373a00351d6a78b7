import { Alert, Button, Card, Form, Input, Skeleton, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type AppConfig, opsConfigApi } from '@lending/contract';
import { formatIndiaDateTime } from '../../../lib/format';
import { useGrants } from '../../../lib/grants';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/use-endpoint';
import { showFieldErrors } from '../../../lib/server-field-errors';

const FIELDS: (keyof AppConfig)[] = [
  'telephone',
  'helpUrl',
  'privacyUrl',
  'termsUrl',
  'loanAgreementUrl',
];
const PHONE = /^\+?[0-9][0-9 -]{6,18}[0-9]$/;

function isHttpsUrl(text: string): boolean {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'https:' && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/**
 * /systemConfig/appConfig (docs/product.md §3 app configuration: telephone, help page, privacy, terms
 * and loan agreement URLs). The borrower API serves them to the app (/app-api/config/get) as
 * soon as they are saved. Addresses must be https; the telephone digits, spaces or dashes.
 */
export function AppConfigPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<AppConfig>();
  const config = useEndpointQuery(opsConfigApi.getAppConfig, {});
  const canSave = useGrants().can(opsConfigApi.saveAppConfig);
  const save = useEndpointMutation(opsConfigApi.saveAppConfig, {
    invalidates: [opsConfigApi.getAppConfig],
    success: 'messages.saveSuccess',
  });

  useEffect(() => {
    if (config.data) form.setFieldsValue(config.data);
  }, [config.data, form]);

  const onFinish = async (values: AppConfig) => {
    try {
      await save.mutateAsync(
        Object.fromEntries(FIELDS.map((f) => [f, values[f].trim()])) as AppConfig,
      );
    } catch (error) {
      showFieldErrors(form, error, Object.fromEntries(FIELDS.map((f) => [f, f])));
    }
  };

  const url = {
    validator: (_: unknown, value: string | undefined) =>
      value && isHttpsUrl(value)
        ? Promise.resolve()
        : Promise.reject(new Error(t('opsConfig.appConfig.httpsOnly'))),
  };
  return (
    <Card title={<h1 className="page-heading">{t('route.appConfig')}</h1>}>
      {config.isPending ? (
        <Skeleton active />
      ) : (
        <Form<AppConfig>
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={onFinish}
          disabled={!canSave}
          name="app-config-form"
          style={{ maxWidth: 640 }}
        >
          <Form.Item
            name="telephone"
            label={t('opsConfig.appConfig.telephone')}
            rules={[
              { required: true, message: t('opsConfig.appConfig.telephoneInvalid') },
              { pattern: PHONE, message: t('opsConfig.appConfig.telephoneInvalid') },
            ]}
          >
            <Input maxLength={20} />
          </Form.Item>
          {(['helpUrl', 'privacyUrl', 'termsUrl', 'loanAgreementUrl'] as const).map((field) => (
            <Form.Item
              key={field}
              name={field}
              label={t(`opsConfig.appConfig.${field}`)}
              rules={[url]}
            >
              <Input maxLength={500} placeholder="https://" />
            </Form.Item>
          ))}
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
