import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { type EndpointRet, offlineRepayApi } from '@lending/contract';
import { listPage, type ActionFormProps } from '../../../components/list-page';
import { formatPaise } from '../../../lib/format';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useEndpointMutation } from '../../../lib/use-endpoint';
import { showFieldErrors } from '../../../lib/server-field-errors';
import { useKeyedForm } from '../../../lib/use-keyed-form';
import { excessStatusTags, orderDetailPath } from '../repay-tags';

type ExcessRow = EndpointRet<typeof offlineRepayApi.listExcessRepayments>['list'][number];

/** The maker asks for the excess to go back to the borrower's verified account. */
function RequestRefundDialog({ open, row, onClose }: ActionFormProps<ExcessRow>) {
  const { t } = useTranslation();
  const { form } = useKeyedForm<{ reason: string }>(open, 'excess');
  const request = useEndpointMutation(offlineRepayApi.requestExcessRefund, {
    invalidates: [offlineRepayApi.listExcessRepayments],
    success: 'excessRepay.requestSuccess',
  });
  const submit = async ({ reason }: { reason: string }) => {
    if (!row) return;
    try {
      await request.mutateAsync({ repaymentId: row.id, reason: reason.trim() });
      onClose();
    } catch (error) {
      showFieldErrors(form, error, { reason: 'reason' });
    }
  };
  return (
    <Modal
      open={open}
      title={t('excessRepay.requestTitle', { serialNo: row?.serialNo ?? '' })}
      okText={t('excessRepay.actions.request')}
      cancelText={t('common.cancel')}
      confirmLoading={request.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={t('excessRepay.requestHint', {
          amount: formatPaise(row?.excessPaise ?? 0),
          account: row?.bankAccount ?? '',
        })}
      />
      <Form form={form} layout="vertical" name="request-refund" onFinish={submit}>
        <Form.Item
          name="reason"
          label={t('excessRepay.reason')}
          rules={[
            {
              required: true,
              whitespace: true,
              message: t('offlineRepay.validation.reasonRequired'),
            },
            { max: 500 },
          ]}
        >
          <Input.TextArea rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * /repay/exceedingRepaymentRecord: what borrowers paid beyond what cleared their
 * order. One person asks for the refund, another approves it; approval pays the excess out to
 * the borrower's own verified account through the payout gateway, and the status follows it.
 */
export const ExceedingRepaymentPage = listPage(
  offlineRepayApi.listExcessRepayments,
  ({ column, filter, action }) => ({
    route: 'exceedingRepaymentRecord',
    rowLabel: (row) => row.serialNo,
    filters: [
      filter.text('orderNo', 'repay.orderNo'),
      filter.status('status', 'repay.status', excessStatusTags),
      filter.indiaDateRange('valueDateFrom', 'valueDateTo', 'repay.records.valueDateRange'),
    ],
    columns: [
      column.text('serialNo', 'repay.records.serialNo', { fixed: 'start' }),
      column.link('orderNo', 'repay.orderNo', { to: (row) => orderDetailPath(row.orderNo) }),
      column.masked('customerName', 'repay.customer'),
      column.masked('customerPhone', 'repay.phone', { hiddenByDefault: true }),
      column.render(
        'bankAccount',
        'excessRepay.bankAccount',
        (row, t) =>
          `${row.bankAccount} (${t(row.bankAccountVerified ? 'excessRepay.verified' : 'excessRepay.notVerified')})`,
      ),
      column.money('amountPaise', 'repay.records.amount'),
      column.money('excessPaise', 'excessRepay.excess', { sortable: true }),
      column.indiaDate('valueDate', 'repay.records.valueDate', { sortable: true }),
      column.status('status', 'repay.status', excessStatusTags),
      column.text('requestedBy', 'excessRepay.requestedBy'),
      column.text('approvedBy', 'excessRepay.approvedBy'),
      column.text('utr', 'excessRepay.utr', { hiddenByDefault: true }),
      column.ellipsis('errorMessage', 'excessRepay.error', { hiddenByDefault: true }),
    ],
    rowActions: [
      action.form('excessRepay.actions.request', RequestRefundDialog, {
        needs: offlineRepayApi.requestExcessRefund,
        hidden: (row) => row.status !== 'held',
        disabled: (row) => (row.bankAccountVerified ? false : 'excessRepay.accountNotVerified'),
      }),
      action.call(offlineRepayApi.approveExcessRefund, {
        label: 'excessRepay.actions.approve',
        body: (row) => ({ repaymentId: row.id, idempotencyKey: newIdempotencyKey('refund') }),
        confirm: 'excessRepay.approveConfirm',
        success: 'excessRepay.approveSuccess',
        hidden: (row) => row.status !== 'awaitingApproval',
        disabled: (row) => (row.requestedByMe ? 'excessRepay.ownRequest' : false),
      }),
    ],
  }),
);
