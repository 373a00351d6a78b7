import { DatePicker, Form, Input, Modal, Select, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  listCalls,
  listLeads,
  recordCall,
  telemarketingRate,
  type CallOutcome,
  type LeadRow,
} from '@lending/contract';
import type { ActionFormProps } from '../../../components/list-page';
import { useEndpointMutation } from '../../../lib/use-endpoint';

interface Values {
  outcome?: CallOutcome;
  remarks?: string;
  nextCallDate?: Dayjs | null;
}

/**
 * Record a call to a user assigned to me: outcome (docs/product.md §4 follow), remarks, and when to
 * call next. Outside the calling hours in force (operations setting telemarketing_call_hours) the
 * server refuses it and the toast names the hours.
 */
export function CallDialog({ open, row, onClose }: ActionFormProps<Pick<LeadRow, 'id' | 'phone'>>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const save = useEndpointMutation(recordCall, {
    invalidates: [listLeads, listCalls, telemarketingRate],
    success: 'telemarketing.call.success',
  });
  const submit = async (values: Values) => {
    if (!row) return;
    try {
      await save.mutateAsync({
        leadId: row.id,
        outcome: values.outcome!,
        remarks: (values.remarks ?? '').trim(),
        ...(values.nextCallDate ? { nextCallDate: values.nextCallDate.format('YYYY-MM-DD') } : {}),
      });
      form.resetFields();
      onClose();
    } catch {
      // The request client has shown the server's reason (outside hours, not yours).
    }
  };
  return (
    <Modal
      open={open}
      title={t('telemarketing.call.title', { phone: row?.phone ?? '' })}
      okText={t('telemarketing.call.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Typography.Paragraph type="secondary">{t('telemarketing.call.hours')}</Typography.Paragraph>
      <Form form={form} layout="vertical" name="telemarketingCall" onFinish={submit}>
        <Form.Item
          name="outcome"
          label={t('telemarketing.call.outcome')}
          rules={[{ required: true, message: t('telemarketing.messages.selectOutcome') }]}
        >
          <Select
            options={(['promise', 'connected', 'notConnected'] as const).map((value) => ({
              value,
              label: t(`telemarketing.follow.${value}`),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="remarks"
          label={t('telemarketing.call.remarks')}
          rules={[
            { required: true, whitespace: true, message: t('telemarketing.messages.fillRemarks') },
          ]}
        >
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
        <Form.Item name="nextCallDate" label={t('telemarketing.call.nextCallDate')}>
          <DatePicker />
        </Form.Item>
      </Form>
    </Modal>
  );
}
