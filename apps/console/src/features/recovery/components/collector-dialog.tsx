import { Form, InputNumber, Modal, Select, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type CollectorRow, recoveryApi } from '@lending/contract';
import type { ActionFormProps } from '../../../components/list-page';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/use-endpoint';

interface Values {
  groupId: number;
  onDuty: boolean;
  dailyCap: number | null;
  weight: number;
}

/** A collector's group, duty, own daily cap (empty = the group's) and ratio weight. */
export function CollectorDialog({ open, row, onClose }: ActionFormProps<CollectorRow>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const groups = useEndpointQuery(
    recoveryApi.listGroups,
    { page: 1, pageSize: 100 },
    { enabled: open },
  );
  const save = useEndpointMutation(recoveryApi.saveCollector, {
    invalidates: [recoveryApi.listCollectors],
  });
  useEffect(() => {
    if (open && row)
      form.setFieldsValue({
        groupId: row.groupId,
        onDuty: row.onDuty,
        dailyCap: null,
        weight: row.weight,
      });
  }, [open, row, form]);
  const submit = async (values: Values) => {
    if (!row) return;
    try {
      await save.mutateAsync({ userId: row.userId, ...values, dailyCap: values.dailyCap ?? null });
      onClose();
    } catch {
      // toasted
    }
  };
  return (
    <Modal
      open={open}
      title={t('collection.collector.edit', { name: row?.name ?? '' })}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form form={form} layout="vertical" name="collector" onFinish={submit}>
        <Form.Item name="groupId" label={t('collection.group.name')} rules={[{ required: true }]}>
          <Select
            options={(groups.data?.list ?? []).map((g) => ({ value: g.id, label: g.name }))}
          />
        </Form.Item>
        <Form.Item name="onDuty" label={t('collection.collector.onDuty')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="dailyCap" label={t('collection.collector.ownCap')}>
          <InputNumber min={1} max={10000} precision={0} />
        </Form.Item>
        <Form.Item
          name="weight"
          label={t('collection.collector.weight')}
          rules={[{ required: true }]}
        >
          <InputNumber min={1} max={10} precision={0} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
