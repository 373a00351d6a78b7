import { Form, Input, Modal, Select, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { riskApi } from '@lending/contract';
import type { ActionFormProps } from '../../../components/list-page';
import { XlsxUploadDialog } from '../../../components/xlsx-upload';
import { useEndpointMutation } from '../../../lib/use-endpoint';

type Row = { id: number; value: string };
const KINDS = ['phone', 'pan', 'device', 'bankAccount'] as const;
const SOURCES = ['manual', 'rejectionCode', 'fraud'] as const;

/** A new entry: type, value (checked by the server for its type), reason and source. */
export function AddBlacklistDialog({ open, onClose }: ActionFormProps<Row>) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const add = useEndpointMutation(riskApi.addBlacklist, {
    invalidates: [riskApi.listBlacklist],
    success: 'messages.saveSuccess',
  });
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);
  return (
    <Modal
      open={open}
      title={t('blacklist.add')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={add.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form
        form={form}
        layout="vertical"
        name="blacklist-add"
        initialValues={{ kind: 'phone', source: 'manual' }}
        onFinish={(values) => add.mutate(values, { onSuccess: onClose })}
      >
        <Form.Item name="kind" label={t('blacklist.kind')} rules={[{ required: true }]}>
          <Select options={KINDS.map((k) => ({ value: k, label: t(`blacklist.kinds.${k}`) }))} />
        </Form.Item>
        <Form.Item
          name="value"
          label={t('blacklist.value')}
          rules={[{ required: true, whitespace: true, max: 64 }]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="source" label={t('blacklist.source')} rules={[{ required: true }]}>
          <Select
            options={SOURCES.map((s) => ({ value: s, label: t(`blacklist.sources.${s}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('blacklist.reason')}
          rules={[{ required: true, whitespace: true, max: 500 }]}
        >
          <Input.TextArea rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Removal asks first, with the reason kept in the log. */
export function RemoveBlacklistDialog({ open, row, onClose }: ActionFormProps<Row>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const remove = useEndpointMutation(riskApi.removeBlacklist, {
    invalidates: [riskApi.listBlacklist],
    success: 'messages.deleteSuccess',
  });
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);
  return (
    <Modal
      open={open}
      title={t('blacklist.removeTitle', { value: row?.value ?? '' })}
      okText={t('blacklist.remove')}
      okButtonProps={{ danger: true }}
      cancelText={t('common.cancel')}
      confirmLoading={remove.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Typography.Paragraph>{t('blacklist.removeHint')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        name="blacklist-remove"
        onFinish={(values) =>
          row && remove.mutate({ id: row.id, reason: values.reason }, { onSuccess: onClose })
        }
      >
        <Form.Item
          name="reason"
          label={t('blacklist.reason')}
          rules={[{ required: true, whitespace: true, max: 500 }]}
        >
          <Input.TextArea rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Entries from .xlsx: each row checked as one added by hand; a listed value is refused. */
export function ImportBlacklistDialog({ open, onClose }: ActionFormProps<Row>) {
  return (
    <XlsxUploadDialog
      open={open}
      onClose={onClose}
      endpoint={riskApi.importBlacklist}
      title="blacklist.importTitle"
      columns="blacklist.importColumns"
      invalidates={[riskApi.listBlacklist]}
    />
  );
}
