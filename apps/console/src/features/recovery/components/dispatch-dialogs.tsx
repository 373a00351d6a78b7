import { Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { type CaseRow, recoveryApi } from '@lending/contract';
import type { ActionFormProps, BulkFormProps } from '../../../components/list-page';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/use-endpoint';

function useCollectorOptions() {
  const query = useEndpointQuery(recoveryApi.listCollectors, { page: 1, pageSize: 100 });
  return (query.data?.list ?? []).map((c) => ({
    value: c.userId,
    label: `${c.name} · ${c.groupName} (${c.assignedToday}/${c.dailyCap})`,
  }));
}

/** 'select orders to allocate' → 'select a pre-receiver' → 'Success distribute'. */
export function DispatchDialog({ open, rows, onClose, onDone }: BulkFormProps<CaseRow>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ collectorId?: number }>();
  const options = useCollectorOptions();
  const dispatch = useEndpointMutation(recoveryApi.manualDispatch, {
    invalidates: [recoveryApi.listCases, recoveryApi.listCollectors],
    success: 'collection.dispatch.success',
  });
  const submit = async ({ collectorId }: { collectorId?: number }) => {
    try {
      await dispatch.mutateAsync({ caseIds: rows.map((r) => r.id), collectorId: collectorId! });
      form.resetFields();
      onDone();
    } catch {
      // The server's reason is toasted (cap full, wrong stage…).
    }
  };
  return (
    <Modal
      open={open}
      title={t('collection.dispatch.title', { count: rows.length })}
      okText={t('collection.dispatch.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={dispatch.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form form={form} layout="vertical" name="dispatch" onFinish={submit}>
        <Form.Item
          name="collectorId"
          label={t('collection.dispatch.receiver')}
          rules={[{ required: true, message: t('collection.messages.selectReceiver') }]}
        >
          <Select options={options} showSearch optionFilterProp="label" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function TakeBackDialog({ open, rows, onClose, onDone }: BulkFormProps<CaseRow>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ remarks?: string }>();
  const call = useEndpointMutation(recoveryApi.takeBack, {
    invalidates: [recoveryApi.listCases, recoveryApi.listCollectors],
  });
  const submit = async ({ remarks }: { remarks?: string }) => {
    try {
      await call.mutateAsync({ caseIds: rows.map((r) => r.id), remarks: (remarks ?? '').trim() });
      form.resetFields();
      onDone();
    } catch {
      // toasted
    }
  };
  return (
    <Modal
      open={open}
      title={t('collection.takeBack.title', { count: rows.length })}
      okText={t('collection.takeBack.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={call.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form form={form} layout="vertical" name="takeBack" onFinish={submit}>
        <Form.Item
          name="remarks"
          label={t('collection.followUp.remarks')}
          rules={[
            { required: true, whitespace: true, message: t('collection.messages.fillRemarks') },
          ]}
        >
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Move every open case of one collector to another. */
export function MoveBookDialog({ open, onClose }: ActionFormProps<unknown>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ fromCollectorId?: number; toCollectorId?: number }>();
  const options = useCollectorOptions();
  const call = useEndpointMutation(recoveryApi.moveBook, {
    invalidates: [recoveryApi.listCases, recoveryApi.listCollectors],
    success: 'collection.dispatch.success',
  });
  const submit = async (v: { fromCollectorId?: number; toCollectorId?: number }) => {
    try {
      await call.mutateAsync({
        fromCollectorId: v.fromCollectorId!,
        toCollectorId: v.toCollectorId!,
      });
      form.resetFields();
      onClose();
    } catch {
      // toasted
    }
  };
  return (
    <Modal
      open={open}
      title={t('collection.moveBook.title')}
      okText={t('collection.moveBook.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={call.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form form={form} layout="vertical" name="moveBook" onFinish={submit}>
        <Form.Item
          name="fromCollectorId"
          label={t('collection.moveBook.from')}
          rules={[{ required: true, message: t('collection.messages.selectPersonnel') }]}
        >
          <Select options={options} />
        </Form.Item>
        <Form.Item
          name="toCollectorId"
          label={t('collection.moveBook.to')}
          rules={[{ required: true, message: t('collection.messages.selectReceiver') }]}
        >
          <Select options={options} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
