import { Form, Input, Modal, Select, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type SaveSmsTemplateBody, type SmsTemplate, opsConfigApi } from '@lending/contract';
import type { ActionFormProps } from '../../../components/list-page';
import { useEndpointMutation } from '../../../lib/use-endpoint';
import { showFieldErrors } from '../../../lib/server-field-errors';

type Values = Omit<SaveSmsTemplateBody, 'create'>;
const FIELDS = {
  code: 'code',
  name: 'name',
  dltTemplateId: 'dltTemplateId',
  senderId: 'senderId',
  category: 'category',
  language: 'language',
  text: 'text',
};

/**
 * An SMS template as registered on the DLT platform: DLT template id (19 digits), sender id
 * (6 letters, or 6 digits for promotional), category, language, text with {#variables#}.
 */
export function SmsTemplateFormModal({
  open,
  template,
  saving,
  onSubmit,
  onCancel,
}: {
  open: boolean;
  template: SmsTemplate | null;
  saving: boolean;
  onSubmit: (body: SaveSmsTemplateBody) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const category = Form.useWatch('category', form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      template
        ? {
            code: template.code,
            name: template.name,
            dltTemplateId: template.dltTemplateId,
            senderId: template.senderId,
            category: template.category,
            language: template.language,
            text: template.text,
            enabled: template.enabled,
          }
        : { category: 'transactional', language: 'en', enabled: true },
    );
  }, [open, template, form]);

  const onFinish = async (values: Values) => {
    try {
      await onSubmit({ ...values, create: template === null });
    } catch (error) {
      showFieldErrors(form, error, FIELDS);
    }
  };
  const required = (key: string) => ({ required: true, whitespace: true, message: t(key) });

  return (
    <Modal
      open={open}
      title={template ? t('opsConfig.sms.editTemplate') : t('opsConfig.sms.newTemplate')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onCancel}
      forceRender
    >
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        name="sms-template-form"
      >
        <Form.Item
          name="code"
          label={t('opsConfig.sms.code')}
          rules={[
            {
              required: true,
              pattern: /^[a-z][a-z0-9_]*$/,
              message: t('opsConfig.sms.codeInvalid'),
            },
          ]}
        >
          <Input disabled={template !== null} maxLength={64} />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('opsConfig.sms.name')}
          rules={[required('opsConfig.required')]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item
          name="dltTemplateId"
          label={t('opsConfig.sms.dltTemplateId')}
          rules={[{ required: true, pattern: /^\d{19}$/, message: t('opsConfig.sms.dltInvalid') }]}
        >
          <Input maxLength={19} />
        </Form.Item>
        <Form.Item name="category" label={t('opsConfig.sms.category')}>
          <Select
            options={(['transactional', 'service', 'promotional'] as const).map((value) => ({
              value,
              label: t(`opsConfig.sms.categories.${value}`),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="senderId"
          label={t('opsConfig.sms.senderId')}
          rules={[
            {
              required: true,
              pattern: category === 'promotional' ? /^\d{6}$/ : /^[A-Z]{6}$/,
              message: t(
                category === 'promotional'
                  ? 'opsConfig.sms.senderDigits'
                  : 'opsConfig.sms.senderLetters',
              ),
            },
          ]}
        >
          <Input maxLength={6} />
        </Form.Item>
        <Form.Item name="language" label={t('opsConfig.sms.language')}>
          <Select
            options={(['en', 'hi'] as const).map((value) => ({
              value,
              label: t(`opsConfig.sms.languages.${value}`),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="text"
          label={t('opsConfig.sms.text')}
          rules={[required('opsConfig.required')]}
          extra={t('opsConfig.sms.textHint')}
        >
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={1000} />
        </Form.Item>
        <Form.Item name="enabled" label={t('opsConfig.sms.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function SmsTemplateFormDialog({ open, row, onClose }: ActionFormProps<SmsTemplate>) {
  const save = useEndpointMutation(opsConfigApi.saveSmsTemplate, {
    invalidates: [opsConfigApi.listSmsTemplates],
    success: 'messages.saveSuccess',
  });
  return (
    <SmsTemplateFormModal
      open={open}
      template={row ?? null}
      saving={save.isPending}
      onCancel={onClose}
      onSubmit={async (body) => {
        await save.mutateAsync(body);
        onClose();
      }}
    />
  );
}
