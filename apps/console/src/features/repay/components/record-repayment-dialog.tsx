import { Alert, Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { type RepayPlanRow, loanBookApi, repayApi } from '@lending/contract';
import type { ActionFormProps } from '../../../components/list-page';
import { formatPaise } from '../../../lib/format';
import { rupeesTextToPaise } from '../../../lib/units';
import { useEndpointMutation } from '../../../lib/use-endpoint';
import { amountRules } from '../../../lib/amount-rules';
import { RECORD_CHANNELS } from '../repay-tags';
import { showFieldErrors } from '../../../lib/server-field-errors';
import { useKeyedForm } from '../../../lib/use-keyed-form';

interface Values {
  amount: string;
  channel: string;
  reference: string;
}

/**
 * Money the borrower paid outside the app (a transfer, a cash deposit), posted against the
 * order: at most what clears it today; less is a partial repayment. The bank reference is the
 * payment's id, so the same transfer cannot be posted twice.
 */
export function RecordRepaymentDialog({ open, row, onClose }: ActionFormProps<RepayPlanRow>) {
  const { t } = useTranslation();
  const { form, key } = useKeyedForm<Values>(open, 'repay');
  const post = useEndpointMutation(loanBookApi.postRepayment, {
    invalidates: [repayApi.listRepayPlan, repayApi.listRepaymentRecords, repayApi.repayQuery],
    success: 'repay.record.success',
  });
  const max = row?.clearingTodayPaise ?? 0;

  const submit = async (values: Values) => {
    if (!row) return;
    try {
      await post.mutateAsync({
        orderId: row.id,
        idempotencyKey: key.current,
        amountPaise: rupeesTextToPaise(values.amount) ?? 0,
        channel: values.channel,
        gatewayPaymentId: values.reference.trim(),
      });
      onClose();
    } catch (error) {
      showFieldErrors(form, error, {
        amountPaise: 'amount',
        channel: 'channel',
        gatewayPaymentId: 'reference',
      });
    }
  };

  return (
    <Modal
      open={open}
      title={t('repay.record.title', { orderNo: row?.orderNo ?? '' })}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={post.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Alert
        type="info"
        showIcon
        title={t('repay.record.maximum', { amount: formatPaise(max) })}
        style={{ marginBottom: 16 }}
      />
      <Form form={form} layout="vertical" name="record-repayment" onFinish={submit}>
        <Form.Item
          name="amount"
          label={t('repay.fields.amount')}
          rules={amountRules(t, max)}
          validateFirst
        >
          <Input inputMode="decimal" autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="channel"
          label={t('repay.fields.channel')}
          rules={[{ required: true, message: t('repay.validation.channelRequired') }]}
        >
          <Select
            options={RECORD_CHANNELS.map((channel) => ({
              value: channel,
              label: t(`repay.channels.${channel}`),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="reference"
          label={t('repay.fields.reference')}
          rules={[
            { required: true, whitespace: true, message: t('repay.validation.referenceRequired') },
            { max: 100 },
          ]}
        >
          <Input autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
