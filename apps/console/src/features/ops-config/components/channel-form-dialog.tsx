import { Form, Input, Modal, Radio } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type Channel, type SaveChannelBody, opsConfigApi } from '@lending/contract';
import type { ActionFormProps } from '../../../components/list-page';
import { useEndpointMutation } from '../../../lib/use-endpoint';
import { showFieldErrors } from '../../../lib/server-field-errors';

type Values = Omit<SaveChannelBody, 'create'>;
const FIELDS = { code: 'code', name: 'name', partner: 'partner', link: 'link' };

/** An acquisition channel: code (what registrations record), name, partner, link, status. */
export function ChannelFormModal({
  open,
  channel,
  saving,
  onSubmit,
  onCancel,
}: {
  open: boolean;
  channel: Channel | null;
  saving: boolean;
  onSubmit: (body: SaveChannelBody) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      channel
        ? {
            code: channel.code,
            name: channel.name,
            partner: channel.partner,
            link: channel.link,
            status: channel.status,
          }
        : { status: 'available' },
    );
  }, [open, channel, form]);
  const onFinish = async (values: Values) => {
    try {
      await onSubmit({ ...values, create: channel === null });
    } catch (error) {
      showFieldErrors(form, error, FIELDS);
    }
  };
  const required = { required: true, whitespace: true, message: t('opsConfig.required') };
  return (
    <Modal
      open={open}
      title={channel ? t('opsConfig.channel.edit') : t('opsConfig.channel.new')}
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
        name="channel-form"
      >
        <Form.Item
          name="code"
          label={t('opsConfig.channel.code')}
          rules={[
            {
              required: true,
              pattern: /^[a-z][a-z0-9_]*$/,
              message: t('opsConfig.sms.codeInvalid'),
            },
          ]}
        >
          <Input disabled={channel !== null} maxLength={64} />
        </Form.Item>
        <Form.Item name="name" label={t('opsConfig.channel.name')} rules={[required]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="partner" label={t('opsConfig.channel.partner')} rules={[required]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item
          name="link"
          label={t('opsConfig.channel.link')}
          rules={[
            {
              required: true,
              pattern: /^https:\/\/[^\s/]+\.[^\s]+$/,
              message: t('opsConfig.appConfig.httpsOnly'),
            },
          ]}
        >
          <Input placeholder="https://" maxLength={500} />
        </Form.Item>
        <Form.Item name="status" label={t('opsConfig.channel.status')}>
          <Radio.Group>
            <Radio value="available">{t('opsConfig.channel.available')}</Radio>
            <Radio value="unavailable">{t('opsConfig.channel.unavailable')}</Radio>
          </Radio.Group>
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function ChannelFormDialog({ open, row, onClose }: ActionFormProps<Channel>) {
  const save = useEndpointMutation(opsConfigApi.saveChannel, {
    invalidates: [opsConfigApi.listChannels],
    success: 'messages.saveSuccess',
  });
  return (
    <ChannelFormModal
      open={open}
      channel={row ?? null}
      saving={save.isPending}
      onCancel={onClose}
      onSubmit={async (body) => {
        await save.mutateAsync(body);
        onClose();
      }}
    />
  );
}
