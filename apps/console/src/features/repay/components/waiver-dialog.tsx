import { Alert, Form, Input, Modal, Radio } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type RepayPlanRow, loanBookApi, repayApi } from '@lending/contract';
import type { ActionFormProps } from '../../../components/list-page';
import { feedback } from '../../../lib/feedback';
import { formatPaise } from '../../../lib/format';
import { paiseToRupeesText, rupeesTextToPaise } from '../../../lib/units';
import { useEndpointMutation } from '../../../lib/use-endpoint';
import { amountRules } from '../../../lib/amount-rules';
import { showFieldErrors } from '../../../lib/server-field-errors';
import { useKeyedForm } from '../../../lib/use-keyed-form';

interface Values {
  kind: 'penal' | 'settle';
  amount?: string;
  reason: string;
}

/**
 * A waiver with its reason: part of the overdue fee (the loan stays open), or a settlement
 * that waives everything still owed and closes the order.
 */
export function WaiverDialog({ open, row, onClose }: ActionFormProps<RepayPlanRow>) {
  const { t } = useTranslation();
  const { form, key } = useKeyedForm<Values>(open, 'waiver');
  const kind = Form.useWatch('kind', form);
  // Its own toast: a waiver above the approval amount waits for a second person instead.
  const waive = useEndpointMutation(loanBookApi.waiveOrder, {
    invalidates: [repayApi.listRepayPlan, repayApi.repayQuery],
  });
  const penal = row?.duePenalPaise ?? 0;
  useEffect(() => {
    if (!open) return;
    form.setFieldsValue({
      kind: penal > 0 ? 'penal' : 'settle',
      amount: penal > 0 ? paiseToRupeesText(penal) : '',
    });
  }, [open, form, penal]);

  const submit = async (values: Values) => {
    if (!row) return;
    try {
      const done = await waive.mutateAsync({
        orderId: row.id,
        idempotencyKey: key.current,
        reason: values.reason.trim(),
        ...(values.kind === 'penal'
          ? { amounts: { penalPaise: rupeesTextToPaise(values.amount ?? '') ?? 0 } }
          : {}),
      });
      if (done.waiverRequestId === undefined) feedback.success(t('repay.waiverDialog.success'));
      else
        feedback.warning(
          t('repay.waiverDialog.awaitingApproval', { amount: formatPaise(done.amountPaise ?? 0) }),
        );
      onClose();
    } catch (error) {
      showFieldErrors(form, error, { 'amounts.penalPaise': 'amount', reason: 'reason' });
    }
  };

  return (
    <Modal
      open={open}
      title={t('repay.waiverDialog.title', { orderNo: row?.orderNo ?? '' })}
      okText={t('repay.actions.waiver')}
      cancelText={t('common.cancel')}
      confirmLoading={waive.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form form={form} layout="vertical" name="waiver" onFinish={submit}>
        <Form.Item name="kind" label={t('repay.fields.waiverKind')}>
          <Radio.Group
            options={[
              { value: 'penal', label: t('repay.waiverDialog.penal'), disabled: penal === 0 },
              { value: 'settle', label: t('repay.waiverDialog.settle') },
            ]}
          />
        </Form.Item>
        {kind === 'penal' ? (
          <Form.Item
            name="amount"
            label={t('repay.fields.amount')}
            extra={t('repay.waiverDialog.penalMaximum', { amount: formatPaise(penal) })}
            rules={amountRules(t, penal)}
          >
            <Input inputMode="decimal" autoComplete="off" />
          </Form.Item>
        ) : (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title={t('repay.waiverDialog.settleHint', {
              amount: formatPaise(row?.clearingTodayPaise ?? 0),
            })}
          />
        )}
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
