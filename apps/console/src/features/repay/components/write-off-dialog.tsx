import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { type RepayPlanRow, loanBookApi, repayApi } from '@lending/contract';
import type { ActionFormProps } from '../../../components/list-page';
import { formatPaise } from '../../../lib/format';
import { useEndpointMutation } from '../../../lib/use-endpoint';
import { showFieldErrors } from '../../../lib/server-field-errors';
import { useKeyedForm } from '../../../lib/use-keyed-form';

/**
 * Asking to write off an overdue loan, with the reason (kept in the status history and the
 * audit). It always waits for a second person (decision 0050), who writes it off at what it
 * owes that day: the toast says so.
 */
export function WriteOffDialog({ open, row, onClose }: ActionFormProps<RepayPlanRow>) {
  const { t } = useTranslation();
  const { form, key } = useKeyedForm<{ reason: string }>(open, 'write-off');
  const writeOff = useEndpointMutation(loanBookApi.writeOffOrder, {
    invalidates: [repayApi.listRepayPlan, repayApi.repayQuery],
    success: 'repay.writeOffDialog.success',
  });
  const submit = async ({ reason }: { reason: string }) => {
    if (!row) return;
    try {
      await writeOff.mutateAsync({
        orderId: row.id,
        idempotencyKey: key.current,
        reason: reason.trim(),
      });
      onClose();
    } catch (error) {
      showFieldErrors(form, error, { reason: 'reason' });
    }
  };

  return (
    <Modal
      open={open}
      title={t('repay.writeOffDialog.title', { orderNo: row?.orderNo ?? '' })}
      okText={t('repay.actions.writeOff')}
      okButtonProps={{ danger: true }}
      cancelText={t('common.cancel')}
      confirmLoading={writeOff.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        title={t('repay.writeOffDialog.hint', {
          amount: formatPaise(row?.outstandingPaise ?? 0),
        })}
      />
      <Form form={form} layout="vertical" name="write-off" onFinish={submit}>
        <Form.Item
          name="reason"
          label={t('repay.fields.reason')}
          rules={[
            { required: true, whitespace: true, message: t('repay.validation.reasonRequired') },
            { max: 500 },
          ]}
        >
          <Input.TextArea rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
