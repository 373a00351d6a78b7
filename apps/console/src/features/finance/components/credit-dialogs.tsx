import { Form, Input, Modal, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { type UnappliedCreditRow, financeApi } from '@lending/contract';
import type { ActionFormProps } from '../../../components/list-page';
import { formatPaise } from '../../../lib/format';
import { showFieldErrors } from '../../../lib/server-field-errors';
import { useEndpointMutation } from '../../../lib/use-endpoint';
import { useKeyedForm } from '../../../lib/use-keyed-form';

type Destination = 'borrower_account' | 'payer';
type Channel = 'phone' | 'sms' | 'email' | 'app' | 'letter';
export const AGREEMENT_CHANNELS: readonly Channel[] = ['phone', 'sms', 'email', 'app', 'letter'];

const invalidates = [
  financeApi.unappliedCreditList,
  financeApi.reconciliationBreakList,
  financeApi.reconciliationDayList,
];

/** The payer's account, asked when a refund goes back where the money came from. */
export function PayeeFields() {
  const { t } = useTranslation();
  const required = [
    { required: true, whitespace: true, message: t('finance.credits.payeeRequired') },
  ];
  return (
    <>
      <Form.Item name={['payee', 'name']} label={t('finance.credits.payeeName')} rules={required}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item
        name={['payee', 'accountNumber']}
        label={t('finance.credits.payeeAccount')}
        rules={[...required, { pattern: /^[0-9]{9,18}$/, message: '9–18' }]}
      >
        <Input inputMode="numeric" maxLength={18} />
      </Form.Item>
      <Form.Item
        name={['payee', 'ifsc']}
        label={t('finance.credits.payeeIfsc')}
        rules={[
          ...required,
          { pattern: /^\s*[A-Za-z]{4}0[A-Za-z0-9]{6}\s*$/, message: 'AAAA0XXXXXX' },
        ]}
      >
        <Input maxLength={11} />
      </Form.Item>
    </>
  );
}

interface RefundValues {
  destination: Destination;
  payee?: { name: string; accountNumber: string; ifsc: string };
  reason: string;
}

/**
 * The first person's request: where the money goes back to and why. A second person approves
 * it from the list; the requester cannot.
 */
export function RequestRefundDialog({ open, row, onClose }: ActionFormProps<UnappliedCreditRow>) {
  const { t } = useTranslation();
  const { form, key } = useKeyedForm<RefundValues>(open, 'credit-refund');
  const destination = Form.useWatch('destination', form);
  const request = useEndpointMutation(financeApi.requestCreditRefund, {
    invalidates,
    success: 'finance.credits.requested',
  });
  const submit = async (values: RefundValues) => {
    if (!row) return;
    try {
      await request.mutateAsync({
        creditId: row.id,
        destination: values.destination,
        ...(values.destination === 'payer' && values.payee ? { payee: values.payee } : {}),
        reason: values.reason.trim(),
        idempotencyKey: key.current,
      });
      onClose();
    } catch (error) {
      showFieldErrors(form, error, {
        reason: 'reason',
        destination: 'destination',
        payee: 'destination',
      });
    }
  };
  return (
    <Modal
      open={open}
      title={t('finance.credits.requestTitle', { amount: formatPaise(row?.amountPaise ?? 0) })}
      okText={t('finance.credits.requestRefund')}
      cancelText={t('common.cancel')}
      confirmLoading={request.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form
        form={form}
        layout="vertical"
        name="request-credit-refund"
        initialValues={{ destination: row?.borrowerAccountVerified ? 'borrower_account' : 'payer' }}
        onFinish={submit}
      >
        <Form.Item name="destination" label={t('finance.breaks.refundTo')}>
          <Radio.Group
            options={(['borrower_account', 'payer'] as const).map((value) => ({
              value,
              label: t(`finance.credits.destinations.${value}`),
              disabled: value === 'borrower_account' && !row?.borrowerAccountVerified,
            }))}
          />
        </Form.Item>
        {destination === 'payer' ? <PayeeFields /> : null}
        <Form.Item
          name="reason"
          label={t('finance.credits.reason')}
          rules={[
            { required: true, whitespace: true, message: t('finance.credits.reasonRequired') },
            { max: 500 },
          ]}
        >
          <Input.TextArea rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The second person refuses a requested refund, with a reason; the credit is unapplied again. */
export function RejectRefundDialog({ open, row, onClose }: ActionFormProps<UnappliedCreditRow>) {
  const { t } = useTranslation();
  const { form, key } = useKeyedForm<{ reason: string }>(open, 'credit-refund-reject');
  const review = useEndpointMutation(financeApi.reviewCreditRefund, {
    invalidates,
    success: 'finance.credits.rejected',
  });
  const submit = async ({ reason }: { reason: string }) => {
    if (!row?.refund) return;
    try {
      await review.mutateAsync({
        refundId: row.refund.id,
        decision: 'reject',
        reason: reason.trim(),
        idempotencyKey: key.current,
      });
      onClose();
    } catch (error) {
      showFieldErrors(form, error, { reason: 'reason' });
    }
  };
  return (
    <Modal
      open={open}
      title={t('finance.credits.reject')}
      okText={t('finance.credits.reject')}
      okButtonProps={{ danger: true }}
      cancelText={t('common.cancel')}
      confirmLoading={review.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form form={form} layout="vertical" name="reject-credit-refund" onFinish={submit}>
        <Form.Item
          name="reason"
          label={t('finance.credits.reason')}
          rules={[
            { required: true, whitespace: true, message: t('finance.credits.reasonRequired') },
            { max: 500 },
          ]}
        >
          <Input.TextArea rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

interface ApplyValues {
  orderNo: string;
  agreementChannel: Channel;
  agreementReference: string;
}

/** The agreement's fields: how the borrower agreed and where it is kept. */
export function AgreementFields() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="orderNo"
        label={t('finance.credits.orderNo')}
        rules={[
          { required: true, whitespace: true, message: t('finance.credits.orderNoRequired') },
        ]}
      >
        <Input maxLength={40} />
      </Form.Item>
      <Form.Item
        name="agreementChannel"
        label={t('finance.credits.agreementChannel')}
        rules={[{ required: true, message: t('finance.credits.agreementRequired') }]}
      >
        <Select
          options={AGREEMENT_CHANNELS.map((value) => ({
            value,
            label: t(`finance.credits.agreementChannels.${value}`),
          }))}
        />
      </Form.Item>
      <Form.Item
        name="agreementReference"
        label={t('finance.credits.agreementReference')}
        rules={[
          { required: true, whitespace: true, message: t('finance.credits.agreementRequired') },
          { max: 200 },
        ]}
      >
        <Input />
      </Form.Item>
    </>
  );
}

/** Applies the credit to the borrower's later loan, with the agreement recorded. */
export function ApplyCreditDialog({ open, row, onClose }: ActionFormProps<UnappliedCreditRow>) {
  const { t } = useTranslation();
  const { form, key } = useKeyedForm<ApplyValues>(open, 'credit-apply');
  const apply = useEndpointMutation(financeApi.applyCredit, {
    invalidates,
    success: 'finance.credits.applied',
  });
  const submit = async (values: ApplyValues) => {
    if (!row) return;
    try {
      await apply.mutateAsync({
        creditId: row.id,
        orderNo: values.orderNo.trim(),
        agreementChannel: values.agreementChannel,
        agreementReference: values.agreementReference.trim(),
        idempotencyKey: key.current,
      });
      onClose();
    } catch (error) {
      showFieldErrors(form, error, {
        orderNo: 'orderNo',
        agreementChannel: 'agreementChannel',
        agreementReference: 'agreementReference',
      });
    }
  };
  return (
    <Modal
      open={open}
      title={t('finance.credits.applyTitle', { amount: formatPaise(row?.amountPaise ?? 0) })}
      okText={t('finance.credits.applyToLoan')}
      cancelText={t('common.cancel')}
      confirmLoading={apply.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form form={form} layout="vertical" name="apply-credit" onFinish={submit}>
        <AgreementFields />
      </Form>
    </Modal>
  );
}
