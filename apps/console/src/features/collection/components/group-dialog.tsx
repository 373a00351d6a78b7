import { Form, Input, InputNumber, Modal, Select, Switch, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { listGroups, saveGroup, type CaseKind, type GroupRow } from '@lending/contract';
import type { ActionFormProps } from '../../../components/list-page';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/use-endpoint';

interface Values {
  name: string;
  stages: string[];
  dailyCap: number;
  dispatchMode: GroupRow['dispatchMode'];
  keepDays: number;
  active: boolean;
}

/** Create (toolbar) or edit (row) a group of one kind. */
export function groupDialog(kind: CaseKind) {
  function GroupDialog({ open, row, onClose }: ActionFormProps<GroupRow>) {
    const { t } = useTranslation();
    const [form] = Form.useForm<Values>();
    const save = useEndpointMutation(saveGroup, { invalidates: [listGroups] });
    // The broken-promise rule is one operations setting for every group (decision 0056): the
    // row carries it; a new group reads it from any existing group's row.
    const any = useEndpointQuery(listGroups, { page: 1, pageSize: 1 }, { enabled: open && !row });
    const brokenPromiseLimit = row?.brokenPromiseLimit ?? any.data?.list[0]?.brokenPromiseLimit;
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
        },
      );
    }, [open, row, form]);
    const submit = async (values: Values) => {
      try {
        await save.mutateAsync({ ...values, kind, ...(row ? { id: row.id } : {}) });
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
            label={t('collection.group.brokenPromiseRule')}
            extra={t('collection.group.brokenPromiseWhere')}
          >
            {brokenPromiseLimit === undefined ? null : (
              <Typography.Text>
                {brokenPromiseLimit === 0
                  ? t('collection.group.brokenPromiseOff')
                  : t('collection.group.brokenPromiseAfter', { count: brokenPromiseLimit })}
              </Typography.Text>
            )}
          </Form.Item>
        </Form>
      </Modal>
    );
  }
  return GroupDialog;
}
