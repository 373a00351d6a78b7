import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { type RepaymentRecord, loanBookApi, repayApi } from '@lending/contract';
import type { ActionFormProps } from '../../../components/list-page';
import { formatPaise } from '../../../lib/format';
import { useEndpointMutation } from '../../../lib/use-endpoint';
import { showFieldErrors } from '../../../lib/server-field-errors';
import { useKeyedForm } from '../../../lib/use-keyed-form';

/** A payment that came back (bounced, charged back) is reversed, with the reason. */
export function ReverseRepaymentDialog({ open, row, onClose }: ActionFormProps<RepaymentRecord>) {
  const { t } = useTranslation();
  const { form, key } = useKeyedForm<{ reason: string }>(open, 'reverse');
  const reverse = useEndpointMutation(loanBookApi.reverseRepayment, {
    invalidates: [repayApi.listRepaymentRecords, repayApi.listRepayPlan, repayApi.repayQuery],
    success: 'repay.reverseDialog.success',
  });
  const submit = async ({ reason }: { reason: string }) => {
    if (!row) return;
    try {
      await reverse.mutateAsync({
        repaymentId: row.id,
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
      title={t('repay.reverseDialog.title', { serialNo: row?.serialNo ?? '' })}
      okText={t('repay.actions.reverse')}
      okButtonProps={{ danger: true }}
      cancelText={t('common.cancel')}
      confirmLoading={reverse.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        title={t('repay.reverseDialog.hint', {
          amount: formatPaise(row?.amountPaise ?? 0),
          orderNo: row?.orderNo ?? '',
        })}
      />
      <Form form={form} layout="vertical" name="reverse-repayment" onFinish={submit}>
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
