import { Alert, DatePicker, Form, Input, Modal } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { type PeriodLockRow, financeApi } from '@lending/contract';
import type { ActionFormProps } from '../../../components/list-page';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/use-endpoint';

interface LockForm {
  month: Dayjs;
  reason: string;
}

/**
 * Locks a month (and every day before its end) for good: the month the ledger may lock now is
 * offered; the server refuses one not closed yet or already locked, with the reason.
 */
export function LockMonthDialog({ open, onClose }: ActionFormProps<PeriodLockRow>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<LockForm>();
  const state = useEndpointQuery(
    financeApi.periodLockList,
    { page: 1, pageSize: 1 },
    { enabled: open },
  );
  const lock = useEndpointMutation(financeApi.lockMonth, {
    invalidates: [financeApi.periodLockList],
    success: 'finance.periodLocks.locked',
  });
  const lockable = state.data?.lockableMonth ?? null;
  const submit = async (values: LockForm) => {
    try {
      await lock.mutateAsync({ month: values.month.format('YYYY-MM'), reason: values.reason });
      form.resetFields();
      onClose();
    } catch {
      // Toasted by the request client; the form stays for another month.
    }
  };
  return (
    <Modal
      open={open}
      title={t('finance.periodLocks.lock')}
      okText={t('finance.periodLocks.lockNow')}
      okButtonProps={{ danger: true, loading: lock.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        title={t('finance.periodLocks.permanent')}
      />
      <Form
        form={form}
        layout="vertical"
        name="lock-month"
        preserve={false}
        initialValues={lockable ? { month: dayjs(`${lockable}-01`) } : {}}
        key={lockable ?? 'none'}
        onFinish={submit}
      >
        <Form.Item
          name="month"
          label={t('finance.periodLocks.month')}
          extra={
            lockable
              ? t('finance.periodLocks.lockable', { month: lockable })
              : t('finance.periodLocks.nothingLockable')
          }
          rules={[{ required: true, message: t('finance.periodLocks.monthRequired') }]}
        >
          <DatePicker picker="month" allowClear={false} />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('finance.periodLocks.reason')}
          rules={[
            { required: true, whitespace: true, message: t('finance.periodLocks.reasonRequired') },
            { max: 500 },
          ]}
        >
          <Input.TextArea rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
