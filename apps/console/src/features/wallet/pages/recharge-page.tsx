import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { type EndpointRet, walletApi } from '@lending/contract';
import { listPage, type ActionFormProps } from '../../../components/list-page';
import { formatPaise } from '../../../lib/format';
import { rupeesTextToPaise } from '../../../lib/units';
import { useEndpointMutation } from '../../../lib/use-endpoint';
import { amountRules } from '../../../lib/amount-rules';
import { showFieldErrors } from '../../../lib/server-field-errors';
import { useKeyedForm } from '../../../lib/use-keyed-form';
import { rechargeStatusTags } from '../wallet-tags';

type RechargeRow = EndpointRet<typeof walletApi.listRecharges>['list'][number];
interface RechargeForm {
  amount: string;
  bankReference: string;
  remark?: string;
}

/** The most one top-up may be (₹10 crore), as the contract allows. */
const MAX_RECHARGE_PAISE = 100_000_000_00;

/** The maker records a transfer sent from the operating bank to the payout account. */
function RecordRechargeDialog({ open, onClose }: ActionFormProps<RechargeRow>) {
  const { t } = useTranslation();
  const { form, key } = useKeyedForm<RechargeForm>(open, 'recharge');
  const record = useEndpointMutation(walletApi.recordRecharge, {
    invalidates: [walletApi.listRecharges],
    success: 'wallet.recharge.recordSuccess',
  });
  const submit = async (values: RechargeForm) => {
    try {
      await record.mutateAsync({
        amountPaise: rupeesTextToPaise(values.amount) ?? 0,
        bankReference: values.bankReference.trim(),
        ...(values.remark?.trim() ? { remark: values.remark.trim() } : {}),
        idempotencyKey: key.current,
      });
      onClose();
    } catch (error) {
      showFieldErrors(form, error, { amountPaise: 'amount', bankReference: 'bankReference' });
    }
  };
  return (
    <Modal
      open={open}
      title={t('wallet.recharge.recordTitle')}
      okText={t('wallet.recharge.record')}
      cancelText={t('common.cancel')}
      confirmLoading={record.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={t('wallet.recharge.recordHint')}
      />
      <Form form={form} layout="vertical" name="record-recharge" onFinish={submit}>
        <Form.Item
          name="amount"
          label={t('wallet.amount')}
          rules={amountRules(t, MAX_RECHARGE_PAISE)}
        >
          <Input prefix="₹" inputMode="decimal" maxLength={16} />
        </Form.Item>
        <Form.Item
          name="bankReference"
          label={t('wallet.recharge.utr')}
          rules={[
            { required: true, whitespace: true, message: t('wallet.recharge.utrRequired') },
            { max: 40 },
          ]}
        >
          <Input maxLength={40} />
        </Form.Item>
        <Form.Item name="remark" label={t('wallet.recharge.remark')} rules={[{ max: 500 }]}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * /toolMage/recharge (decision 0043): top-ups of the payout account from the operating bank.
 * One person records the transfer (amount, UTR); another confirms it once the gateway shows
 * it, which posts it to the ledger and keeps the gateway's balance before and after.
 */
export const RechargePage = listPage(walletApi.listRecharges, ({ column, filter, action }) => ({
  route: 'recharge',
  rowLabel: (row) => row.bankReference,
  filters: [
    filter.status('status', 'wallet.status', rechargeStatusTags),
    filter.text('bankReference', 'wallet.recharge.utr'),
    filter.indiaDateRange('dateFrom', 'dateTo', 'wallet.requestedAt'),
  ],
  columns: [
    column.text('id', 'wallet.recharge.no', { fixed: 'start' }),
    column.money('amountPaise', 'wallet.amount', { sortable: true }),
    column.text('bankReference', 'wallet.recharge.utr'),
    column.status('status', 'wallet.status', rechargeStatusTags),
    column.text('requestedBy', 'wallet.recharge.requestedBy'),
    column.instant('requestedAt', 'wallet.requestedAt', { sortable: true }),
    column.text('reviewedBy', 'wallet.reviewedBy'),
    column.instant('reviewedAt', 'wallet.reviewedAt'),
    column.render('gatewayBalanceAfterPaise', 'wallet.recharge.gatewayBalance', (row) =>
      row.gatewayBalanceBeforePaise === null || row.gatewayBalanceAfterPaise === null
        ? ''
        : `${formatPaise(row.gatewayBalanceBeforePaise)} → ${formatPaise(row.gatewayBalanceAfterPaise)}`,
    ),
    column.ellipsis('remark', 'wallet.recharge.remark', { hiddenByDefault: true }),
  ],
  toolbar: [
    action.form('wallet.recharge.record', RecordRechargeDialog, {
      needs: walletApi.recordRecharge,
    }),
  ],
  rowActions: [
    action.call(walletApi.reviewRecharge, {
      label: 'wallet.recharge.confirm',
      body: (row) => ({ id: row.id, decision: 'confirm' }),
      confirm: 'wallet.recharge.confirmAsk',
      success: 'wallet.recharge.confirmSuccess',
      invalidates: [walletApi.walletBalanceSummary],
      hidden: (row) => row.status !== 'pending',
      disabled: (row) => (row.requestedByMe ? 'wallet.recharge.ownRecord' : false),
    }),
    action.call(walletApi.reviewRecharge, {
      label: 'wallet.recharge.reject',
      body: (row) => ({ id: row.id, decision: 'reject' }),
      confirm: 'wallet.recharge.rejectAsk',
      success: 'wallet.recharge.rejectSuccess',
      danger: true,
      hidden: (row) => row.status !== 'pending',
      disabled: (row) => (row.requestedByMe ? 'wallet.recharge.ownRecord' : false),
    }),
  ],
}));
