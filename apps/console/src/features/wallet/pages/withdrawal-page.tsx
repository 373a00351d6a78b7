import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { type EndpointRet, walletApi } from '@lending/contract';
import { listPage, type ActionFormProps } from '../../../components/list-page';
import { formatPaise } from '../../../lib/format';
import { useEndpointMutation } from '../../../lib/use-endpoint';
import { showFieldErrors } from '../../../lib/server-field-errors';
import { withdrawalStatusTags } from '../wallet-tags';

type WithdrawalRow = EndpointRet<typeof walletApi.listWithdrawals>['list'][number];

/** Refusing needs a reason (the borrower is told); the held money goes back to the wallet. */
function RejectWithdrawalDialog({ open, row, onClose }: ActionFormProps<WithdrawalRow>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const reject = useEndpointMutation(walletApi.reviewWithdrawal, {
    invalidates: [walletApi.listWithdrawals, walletApi.walletBalanceSummary],
    success: 'wallet.rejectSuccess',
  });
  const submit = async ({ reason }: { reason: string }) => {
    if (!row) return;
    try {
      await reject.mutateAsync({ id: row.id, decision: 'reject', reason: reason.trim() });
      form.resetFields();
      onClose();
    } catch (error) {
      showFieldErrors(form, error, { reason: 'reason' });
    }
  };
  return (
    <Modal
      open={open}
      title={t('wallet.rejectTitle', { amount: formatPaise(row?.amountPaise ?? 0) })}
      okText={t('wallet.actions.reject')}
      okButtonProps={{ danger: true }}
      cancelText={t('common.cancel')}
      confirmLoading={reject.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form form={form} layout="vertical" name="reject-withdrawal" onFinish={submit}>
        <Form.Item
          name="reason"
          label={t('wallet.reason')}
          rules={[
            { required: true, whitespace: true, message: t('wallet.reasonRequired') },
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
 * /invite/withdrawal: borrowers' requests to withdraw their reward wallet to their own
 * verified bank account. Staff approve (the payout gateway pays under the withdrawal's own
 * key, and its webhooks settle it) or refuse; a refused or failed one returns to the wallet.
 */
export const WithdrawalPage = listPage(walletApi.listWithdrawals, ({ column, filter, action }) => ({
  route: 'withdrawal',
  rowLabel: (row) => `#${row.id}`,
  filters: [
    filter.text('phone', 'wallet.phone'),
    filter.status('status', 'wallet.status', withdrawalStatusTags),
    filter.indiaDateRange('dateFrom', 'dateTo', 'wallet.requestedAt'),
  ],
  columns: [
    column.text('id', 'wallet.withdrawalNo', { fixed: 'start' }),
    column.masked('customerName', 'wallet.customer'),
    column.masked('customerPhone', 'wallet.phone'),
    column.money('amountPaise', 'wallet.amount', { sortable: true }),
    column.text('bankAccount', 'wallet.bankAccount'),
    column.status('status', 'wallet.status', withdrawalStatusTags),
    column.instant('requestedAt', 'wallet.requestedAt', { sortable: true }),
    column.text('reviewedBy', 'wallet.reviewedBy'),
    column.instant('reviewedAt', 'wallet.reviewedAt', { hiddenByDefault: true }),
    column.ellipsis('reviewReason', 'wallet.reason', { hiddenByDefault: true }),
    column.text('utr', 'wallet.utr'),
    column.ellipsis('failureReason', 'wallet.failureReason'),
    column.instant('settledAt', 'wallet.settledAt', { hiddenByDefault: true }),
  ],
  rowActions: [
    action.call(walletApi.reviewWithdrawal, {
      label: 'wallet.actions.approve',
      body: (row) => ({ id: row.id, decision: 'approve' }),
      confirm: 'wallet.approveConfirm',
      success: 'wallet.approveSuccess',
      invalidates: [walletApi.walletBalanceSummary],
      hidden: (row) => row.status !== 'pending',
    }),
    action.form('wallet.actions.reject', RejectWithdrawalDialog, {
      needs: walletApi.reviewWithdrawal,
      hidden: (row) => row.status !== 'pending',
      danger: true,
    }),
  ],
}));
