import { Alert, Descriptions, Form, Input, Modal, Select, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { type RepayPlanRow, loanBookApi, repayApi } from '@lending/contract';
import type { ActionFormProps } from '../../../components/list-page';
import { feedback } from '../../../lib/feedback';
import { formatPaise } from '../../../lib/format';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/use-endpoint';
import { RECORD_CHANNELS } from '../repay-tags';
import { showFieldErrors } from '../../../lib/server-field-errors';
import { useKeyedForm } from '../../../lib/use-keyed-form';

interface Values {
  channel: string;
  reference: string;
}

/**
 * Renewal paid by the borrower: today's quote (the borrower app's own), then the spec's
 * confirmation before the rollover is recorded for exactly that amount.
 */
export function RolloverDialog({ open, row, onClose }: ActionFormProps<RepayPlanRow>) {
  const { t } = useTranslation();
  const { form, key } = useKeyedForm<Values>(open, 'rollover');
  const quote = useEndpointQuery(
    repayApi.repayQuery,
    { orderNo: row?.orderNo ?? '' },
    { enabled: open && Boolean(row) },
  );
  const renew = useEndpointMutation(loanBookApi.rolloverOrder, {
    invalidates: [repayApi.listRepayPlan, repayApi.listRepaymentRecords, repayApi.repayQuery],
    success: 'repay.rolloverDialog.success',
  });
  const rollover = quote.data?.orders.find((order) => order.id === row?.id)?.rollover;

  const record = async (values: Values) => {
    if (!row || !rollover?.available) return;
    try {
      await renew.mutateAsync({
        orderId: row.id,
        idempotencyKey: key.current,
        amountPaise: rollover.totalPaise,
        channel: values.channel,
        gatewayPaymentId: values.reference.trim(),
      });
      onClose();
    } catch (error) {
      showFieldErrors(form, error, { channel: 'channel', gatewayPaymentId: 'reference' });
    }
  };

  const submit = (values: Values) => {
    if (!row || !rollover?.available) return;
    feedback.confirm({
      title: t('repay.rolloverDialog.confirmTitle'),
      content: t('repay.rolloverDialog.confirm', {
        orderNo: row.orderNo,
        amount: formatPaise(rollover.totalPaise),
        newDueDate: rollover.newDueDate,
      }),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: () => record(values),
    });
  };

  return (
    <Modal
      open={open}
      title={t('repay.rolloverDialog.title', { orderNo: row?.orderNo ?? '' })}
      okText={t('repay.actions.rollover')}
      cancelText={t('common.cancel')}
      confirmLoading={renew.isPending}
      okButtonProps={{ disabled: !rollover?.available }}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      {quote.isPending && open ? (
        <Skeleton active aria-label={t('repay.rolloverDialog.loading')} />
      ) : quote.isError ? (
        <Alert type="error" showIcon title={t('repay.rolloverDialog.quoteFailed')} />
      ) : rollover && !rollover.available ? (
        <Alert
          type="warning"
          showIcon
          title={t('repay.rolloverDialog.unavailable', { reason: rollover.reason })}
        />
      ) : rollover ? (
        <>
          <Descriptions column={1} bordered size="small" style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('repay.interest')}>
              {formatPaise(rollover.interestPaise)}
            </Descriptions.Item>
            <Descriptions.Item label={t('repay.serviceFee')}>
              {formatPaise(rollover.feePaise)}
            </Descriptions.Item>
            <Descriptions.Item label={t('repay.gst')}>
              {formatPaise(rollover.gstPaise)}
            </Descriptions.Item>
            <Descriptions.Item label={t('repay.overdueFee')}>
              {formatPaise(rollover.penalPaise)}
            </Descriptions.Item>
            <Descriptions.Item label={t('repay.rolloverDialog.payNow')}>
              <strong>{formatPaise(rollover.totalPaise)}</strong>
            </Descriptions.Item>
            <Descriptions.Item label={t('repay.rolloverDialog.newDueDate')}>
              {rollover.newDueDate}
            </Descriptions.Item>
            <Descriptions.Item label={t('repay.rolloverDialog.number')}>
              {rollover.rolloverNumber}
            </Descriptions.Item>
          </Descriptions>
          <Alert
            type="info"
            showIcon
            title={t('repay.rolloverDialog.paidHint')}
            style={{ marginBottom: 16 }}
          />
        </>
      ) : null}
      <Form
        form={form}
        layout="vertical"
        name="rollover"
        onFinish={submit}
        hidden={!rollover?.available}
      >
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
