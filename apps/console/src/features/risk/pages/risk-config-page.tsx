import { Button, Card, Form, InputNumber, Select, Skeleton, Switch, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type RiskSettings, riskApi } from '@lending/contract';
import { formatIndiaDateTime } from '../../../lib/format';
import { useGrants } from '../../../lib/grants';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/use-endpoint';

const SWITCHES = [
  ['blacklistCheck', 'risk.settings.blacklistCheck'],
  ['duplicatePhoneCheck', 'risk.settings.duplicatePhone'],
  ['duplicatePanCheck', 'risk.settings.duplicatePan'],
  ['duplicateBankAccountCheck', 'risk.settings.duplicateBankAccount'],
  ['duplicateDeviceCheck', 'risk.settings.duplicateDevice'],
] as const;

/**
 * /risk/riskConfig: the global settings machine review applies before the rules
 * (blacklist, open loans, re-apply days, duplicates, ages, regions). The server reads them at
 * every machine review.
 */
export function RiskConfigPage() {
  const { t } = useTranslation();
  const { can } = useGrants();
  const [form] = Form.useForm<RiskSettings>();
  const settings = useEndpointQuery(riskApi.getRiskConfig, {});
  const save = useEndpointMutation(riskApi.saveRiskConfig, {
    invalidates: [riskApi.getRiskConfig],
    success: 'messages.saveSuccess',
  });
  useEffect(() => {
    if (settings.data) {
      const { updatedAt: _at, ...values } = settings.data;
      form.setFieldsValue(values);
    }
  }, [settings.data, form]);
  const count = (name: keyof RiskSettings, label: string, min: number, max: number) => (
    <Form.Item name={name} label={t(label)} rules={[{ required: true }]}>
      <InputNumber min={min} max={max} precision={0} />
    </Form.Item>
  );
  return (
    <Card title={<h1 className="page-heading">{t('route.riskConfig')}</h1>}>
      <Typography.Paragraph type="secondary">{t('risk.settings.hint')}</Typography.Paragraph>
      {settings.data ? (
        <Form
          form={form}
          layout="horizontal"
          labelCol={{ span: 8 }}
          wrapperCol={{ span: 12 }}
          name="risk-config"
          disabled={!can(riskApi.saveRiskConfig)}
          onFinish={(values) => save.mutate(values)}
          style={{ maxWidth: 720 }}
        >
          {SWITCHES.map(([name, label]) => (
            <Form.Item key={name} name={name} label={t(label)} valuePropName="checked">
              <Switch />
            </Form.Item>
          ))}
          {count('maxOpenLoans', 'risk.settings.maxOpenLoans', 1, 10)}
          {count('reapplyDaysAfterRejection', 'risk.settings.reapplyDays', 0, 365)}
          {count('minAge', 'risk.settings.minAge', 18, 100)}
          {count('maxAge', 'risk.settings.maxAge', 18, 100)}
          <Form.Item name="allowedRegions" label={t('risk.settings.allowedRegions')}>
            <Select mode="tags" tokenSeparators={[',']} open={false} />
          </Form.Item>
          <Form.Item wrapperCol={{ offset: 8 }}>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('common.save')}
            </Button>
            {settings.data.updatedAt ? (
              <Typography.Text type="secondary" style={{ marginLeft: 12 }}>
                {`${t('risk.settings.updatedAt')}: ${formatIndiaDateTime(settings.data.updatedAt)}`}
              </Typography.Text>
            ) : null}
          </Form.Item>
        </Form>
      ) : (
        <Skeleton active />
      )}
    </Card>
  );
}
