import { Form, Input, InputNumber, Modal, Select, Switch, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type CaseKind, type GroupRow, recoveryApi } from '@lending/contract';
import type { ActionFormProps } from '../../../components/list-page';
import { useEndpointMutation } from '../../../lib/use-endpoint';

interface Values {
  name: string;
  stages: string[];
  dailyCap: number;
  dispatchMode: GroupRow['dispatchMode'];
  keepDays: number;
  active: boolean;
  brokenPromiseLimit: number | null;
}

/** Create (toolbar) or edit (row) a group of one kind. */
export function groupDialog(kind: CaseKind) {
  function GroupDialog({ open, row, onClose }: ActionFormProps<GroupRow>) {
    const { t } = useTranslation();
    const [form] = Form.useForm<Values>();
    const save = useEndpointMutation(recoveryApi.saveGroup, {
      invalidates: [recoveryApi.listGroups],
    });
    // The rule in force as saved: the group's own, else the operations setting (decision 0066).
    const inForce = row?.brokenPromiseLimitInForce;
    useEffect(() => {
      if (!open) return;
      form.setFieldsValue(
        row ?? {
          name: '',
          stages: kind === 'pre' ? ['PRE'] : ['S1'],
          dailyCap: 30,
          dispatchMode: 'leastLoaded',
          keepDays: kind === 'pre' ? 4 : 7,
          active: true,
          brokenPromiseLimit: null,
        },
      );
    }, [open, row, form]);
    const submit = async (values: Values) => {
      try {
        // An emptied input is null: the group follows the operations setting again.
        const brokenPromiseLimit = values.brokenPromiseLimit ?? null;
        await save.mutateAsync({
          ...values,
          brokenPromiseLimit,
          kind,
          ...(row ? { id: row.id } : {}),
        });
        onClose();
      } catch {
        // toasted
      }
    };
    return (
      <Modal
        open={open}
        title={t(row ? 'collection.group.edit' : 'collection.group.add')}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        confirmLoading={save.isPending}
        onOk={() => form.submit()}
        onCancel={onClose}
        forceRender
      >
        <Form form={form} layout="vertical" name="group" onFinish={submit}>
          <Form.Item
            name="name"
            label={t('collection.group.name')}
            rules={[{ required: true, whitespace: true }]}
          >
            <Input maxLength={80} />
          </Form.Item>
          <Form.Item
            name="stages"
            label={t('collection.group.stages')}
            rules={[{ required: true }]}
          >
            <Select
              mode="tags"
              options={['PRE', 'S1', 'S2', 'S3', 'S4', 'S5'].map((s) => ({ value: s, label: s }))}
            />
          </Form.Item>
          <Form.Item
            name="dailyCap"
            label={t('collection.group.dailyCap')}
            rules={[{ required: true }]}
          >
            <InputNumber min={1} max={10000} precision={0} />
          </Form.Item>
          <Form.Item name="dispatchMode" label={t('collection.group.mode')}>
            <Select
              options={(['leastLoaded', 'roundRobin', 'ratio'] as const).map((m) => ({
                value: m,
                label: t(`collection.mode.${m}`),
              }))}
            />
          </Form.Item>
          <Form.Item
            name="keepDays"
            label={t('collection.group.keepDays')}
            rules={[{ required: true }]}
          >
            <InputNumber min={1} max={365} precision={0} />
          </Form.Item>
          <Form.Item name="active" label={t('collection.group.active')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item
            name="brokenPromiseLimit"
            label={t('collection.group.brokenPromiseRule')}
            extra={t('collection.group.brokenPromiseWhere')}
          >
            <InputNumber min={0} max={10} precision={0} />
          </Form.Item>
          {inForce === undefined ? null : (
            <Typography.Paragraph type="secondary">
              {t('collection.group.brokenPromiseInForce')}{' '}
              {inForce === 0
                ? t('collection.group.brokenPromiseOff')
                : t('collection.group.brokenPromiseAfter', { count: inForce })}
            </Typography.Paragraph>
          )}
        </Form>
      </Modal>
    );
  }
  return GroupDialog;
}
