import { Alert, Button, Card, Form, Input, Skeleton, Switch, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { walletApi } from '@lending/contract';
import { formatIndiaDateTime } from '../../../lib/format';
import { useGrants } from '../../../lib/grants';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/use-endpoint';
import { showFieldErrors } from '../../../lib/server-field-errors';
import { configOfForm, formOfConfig, type WalletConfigForm } from '../wallet-config-model';

const AMOUNTS = ['reward', 'minWithdrawal', 'dailyCap'] as const;

/**
 * /toolMage/walletConfig (decision 0043): the invitation reward (credited once when an
 * invitee's first loan is repaid), the least amount one withdrawal may ask for, and what one
 * borrower may withdraw in a day. A change applies to the next reward and the next request.
 */
export function WalletConfigPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<WalletConfigForm>();
  const config = useEndpointQuery(walletApi.getWalletConfig, {});
  const canSave = useGrants().can(walletApi.saveWalletConfig);
  const save = useEndpointMutation(walletApi.saveWalletConfig, {
    invalidates: [walletApi.getWalletConfig],
    success: 'messages.saveSuccess',
  });

  useEffect(() => {
    if (config.data) form.setFieldsValue(formOfConfig(config.data));
  }, [config.data, form]);

  const onFinish = async (values: WalletConfigForm) => {
    const parsed = configOfForm(values);
    if (!parsed.ok) {
      form.setFields(
        Object.entries(parsed.problems).map(([name, problem]) => ({
          name: name as keyof WalletConfigForm,
          errors: [t(`wallet.validation.${problem}`)],
        })),
      );
      return;
    }
    try {
      await save.mutateAsync(parsed.config);
    } catch (error) {
      showFieldErrors(form, error, {
        rewardPaise: 'reward',
        minWithdrawalPaise: 'minWithdrawal',
        dailyCapPaise: 'dailyCap',
      });
    }
  };

  return (
    <Card title={<h1 className="page-heading">{t('route.walletConfig')}</h1>}>
      {config.isPending ? (
        <Skeleton active />
      ) : (
        <Form<WalletConfigForm>
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={onFinish}
          disabled={!canSave}
          name="wallet-config-form"
          style={{ maxWidth: 480 }}
        >
          <Form.Item
            name="rewardsEnabled"
            label={t('wallet.config.rewardsEnabled')}
            valuePropName="checked"
            extra={t('wallet.config.rewardsEnabledHint')}
          >
            <Switch />
          </Form.Item>
          {AMOUNTS.map((field) => (
            <Form.Item
              key={field}
              name={field}
              label={t(`wallet.config.${field}`)}
              extra={t(`wallet.config.${field}Hint`)}
              rules={[
                { required: true, whitespace: true, message: t('wallet.validation.amountFormat') },
              ]}
            >
              <Input prefix="₹" maxLength={14} inputMode="decimal" />
            </Form.Item>
          ))}
          {config.data?.updatedAt ? (
            <Typography.Paragraph type="secondary">
              {t('wallet.config.lastSaved', {
                at: formatIndiaDateTime(config.data.updatedAt),
                by: config.data.updatedBy ?? '',
              })}
            </Typography.Paragraph>
          ) : null}
          {canSave ? (
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('common.save')}
            </Button>
          ) : (
            <Alert type="info" showIcon title={t('wallet.config.readOnly')} />
          )}
        </Form>
      )}
    </Card>
  );
}
