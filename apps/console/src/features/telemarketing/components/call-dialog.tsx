import { Alert, DatePicker, Form, Input, Modal, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { type CallOutcome, type LeadRow, telemarketingApi } from '@lending/contract';
import type { ActionFormProps } from '../../../components/list-page';
import { useEndpointMutation } from '../../../lib/use-endpoint';
import { CallHoursNotice } from './call-hours';

interface Values {
  outcome?: CallOutcome;
  remarks?: string;
  nextCallDate?: Dayjs | null;
}

/**
 * Record a call to a user assigned to me: outcome (docs/product.md §4 follow), remarks, and when to call
 * next. The calling hours in force (operations setting telemarketing_call_hours) are shown
 * first, as a warning when now is outside them; there the server refuses the call, the toast
 * names the hours and the refused attempt stays in the call history (decision 0057). A number
 * that had the day's cap of calls says so before the call (decision 0063).
 */
export function CallDialog({
  open,
  row,
  onClose,
}: ActionFormProps<Pick<LeadRow, 'id' | 'phone' | 'callsToday' | 'callCap'>>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const save = useEndpointMutation(telemarketingApi.recordCall, {
    invalidates: [
      telemarketingApi.listLeads,
      telemarketingApi.listCalls,
      telemarketingApi.telemarketingRate,
    ],
    // A refused call is kept in the history too: refresh it either way.
    refreshAfter: 'settled',
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
      <CallHoursNotice />
      {row && row.callsToday >= row.callCap ? (
        <Alert
          type="warning"
          showIcon
          message={t('telemarketing.call.capReached', { calls: row.callsToday, cap: row.callCap })}
          style={{ marginBottom: 16 }}
        />
      ) : null}
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
