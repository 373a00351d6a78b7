import { DatePicker, Form, Input, InputNumber, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { type CaseRow, recoveryApi } from '@lending/contract';
import type { ActionFormProps } from '../../../components/list-page';
import { useEndpointMutation } from '../../../lib/use-endpoint';

interface Values {
  channel: 'call' | 'sms' | 'whatsapp' | 'email' | 'visit';
  result?: 'promise' | 'connected' | 'notConnected';
  promiseDate?: { format(f: string): string };
  promiseRupees?: number;
  remarks?: string;
}

/** Log a contact: channel, result (docs/product.md §4 follow), promise date and amount, remarks. */
export function FollowUpDialog({
  open,
  row,
  onClose,
}: ActionFormProps<Pick<CaseRow, 'id' | 'orderNo'>>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const result = Form.useWatch('result', form);
  const save = useEndpointMutation(recoveryApi.logFollowUp, {
    invalidates: [recoveryApi.listCases, recoveryApi.caseDetail],
    success: 'collection.followUp.success',
  });
  const submit = async (values: Values) => {
    if (!row) return;
    try {
      await save.mutateAsync({
        caseId: row.id,
        channel: values.channel,
        result: values.result!,
        remarks: (values.remarks ?? '').trim(),
        ...(values.result === 'promise'
          ? {
              promiseDate: values.promiseDate?.format('YYYY-MM-DD'),
              promisePaise: Math.round((values.promiseRupees ?? 0) * 100),
            }
          : {}),
      });
      form.resetFields();
      onClose();
    } catch {
      // The toast shows the server's message (a refused contact says why).
    }
  };
  return (
    <Modal
      open={open}
      title={t('collection.followUp.title', { orderNo: row?.orderNo ?? '' })}
      okText={t('collection.followUp.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form
        form={form}
        layout="vertical"
        name="followUp"
        initialValues={{ channel: 'call' }}
        onFinish={submit}
      >
        <Form.Item name="channel" label={t('collection.followUp.channel')}>
          <Select
            options={(['call', 'sms', 'whatsapp', 'email', 'visit'] as const).map((c) => ({
              value: c,
              label: t(`collection.channel.${c}`),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="result"
          label={t('collection.followUp.result')}
          rules={[{ required: true, message: t('collection.messages.selectFollowStatus') }]}
        >
          <Select
            options={(['promise', 'connected', 'notConnected'] as const).map((r) => ({
              value: r,
              label: t(`collection.follow.${r}`),
            }))}
          />
        </Form.Item>
        {result === 'promise' ? (
          <>
            <Form.Item
              name="promiseDate"
              label={t('collection.followUp.promiseDate')}
              rules={[{ required: true }]}
            >
              <DatePicker />
            </Form.Item>
            <Form.Item
              name="promiseRupees"
              label={t('collection.followUp.promiseAmount')}
              rules={[{ required: true }]}
            >
              <InputNumber min={1} precision={2} prefix="₹" style={{ width: '100%' }} />
            </Form.Item>
          </>
        ) : null}
        <Form.Item
          name="remarks"
          label={t('collection.followUp.remarks')}
          rules={[
            { required: true, whitespace: true, message: t('collection.messages.fillRemarks') },
          ]}
        >
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
