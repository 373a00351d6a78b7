import { Alert, Button, Descriptions, Form, Input, Modal, Space, Table, Tag } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type LoanFlowRow,
  type WaitLoanRow,
  disbursementApi,
  loanBookApi,
} from '@lending/contract';
import type { ActionFormProps, BulkFormProps } from '../../../components/list-page';
import { api } from '../../../lib/api';
import { formatIndiaDateTime, formatPaise } from '../../../lib/format';
import { useEndpointMutation } from '../../../lib/use-endpoint';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { PayOutDialog, useRefreshPayoutLists } from './pay-out-dialog';
import { PayoutOutcome } from './payout-outcome';

/** The account an order pays out to: masked, with its bank and whether it is verified. */
export function BankAccount({
  row,
}: {
  row: Pick<WaitLoanRow, 'bankAccount' | 'bankName' | 'ifsc' | 'bankAccountVerified'>;
}) {
  const { t } = useTranslation();
  return (
    <Space size={4} wrap>
      <span className="list-masked">{row.bankAccount}</span>
      <span>{[row.bankName, row.ifsc].filter(Boolean).join(' · ')}</span>
      <Tag color={row.bankAccountVerified ? 'green' : 'orange'}>
        {t(row.bankAccountVerified ? 'disbursement.verified' : 'disbursement.unverified')}
      </Tag>
    </Space>
  );
}

/** Whether a payout may go: only to a verified account, after the borrower accepted the KFS. */
export function whyNotPayable(row: WaitLoanRow): string | false {
  if (!row.bankAccountVerified) return 'disbursement.accountNotVerified';
  if (row.awaitingAcceptance) return 'disbursement.awaitingAcceptanceHint';
  return false;
}

/** An order approved for less than applied for waits for the borrower's acceptance. */
export function AcceptanceTag({ row }: { row: Pick<WaitLoanRow, 'awaitingAcceptance'> }) {
  const { t } = useTranslation();
  return row.awaitingAcceptance ? (
    <Tag color="orange">{t('disbursement.awaitingAcceptance')}</Tag>
  ) : (
    <Tag color="green">{t('disbursement.accepted')}</Tag>
  );
}

/** Row action of waitLoanList: pay one approved order out. */
export function DisburseDialog({ open, row, onClose }: ActionFormProps<WaitLoanRow>) {
  const { t } = useTranslation();
  if (!row) return null;
  return (
    <PayOutDialog
      open={open}
      title={t('disbursement.disburseTitle', { orderNo: row.orderNo })}
      orderId={row.id}
      amountPaise={row.netDisbursedPaise}
      onClose={onClose}
    >
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={t('disbursement.customer')}>
          <span className="list-masked">{row.customerName}</span> ·{' '}
          <span className="list-masked">{row.phone}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('disbursement.bankAccount')}>
          <BankAccount row={row} />
        </Descriptions.Item>
        <Descriptions.Item label={t('disbursement.principal')}>
          {formatPaise(row.principalPaise)}
        </Descriptions.Item>
        <Descriptions.Item label={t('disbursement.fees')}>
          {formatPaise(row.feesPaise)}
        </Descriptions.Item>
        <Descriptions.Item label={t('disbursement.netDisbursement')}>
          <strong>{formatPaise(row.netDisbursedPaise)}</strong>
        </Descriptions.Item>
      </Descriptions>
    </PayOutDialog>
  );
}

/** Row action of loanFlow: a new payout (a new key) for an order whose last one failed. */
export function RetryPayoutDialog({ open, row, onClose }: ActionFormProps<LoanFlowRow>) {
  const { t } = useTranslation();
  if (!row) return null;
  return (
    <PayOutDialog
      open={open}
      title={t('disbursement.retryTitle', { orderNo: row.orderNo })}
      orderId={row.orderId}
      amountPaise={row.amountPaise}
      onClose={onClose}
    >
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={t('disbursement.customer')}>
          <span className="list-masked">{row.customerName}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('disbursement.lastAttempt')}>
          {t('disbursement.attemptFailed', {
            attempt: row.attempt,
            reason: row.errorMessage ?? '—',
          })}
        </Descriptions.Item>
        <Descriptions.Item label={t('disbursement.netDisbursement')}>
          <strong>{formatPaise(row.amountPaise)}</strong>
        </Descriptions.Item>
      </Descriptions>
      <Alert type="info" showIcon message={t('disbursement.retryNotice')} />
    </PayOutDialog>
  );
}

type BulkResult = { payoutId: number } | { reason: string };

/**
 * Bulk action of waitLoanList: pay the selected orders out, one payout (one fresh key) each.
 * Orders whose account is not verified, or whose borrower has not accepted a lowered amount's
 * key fact statement, are left out.
 */
export function BulkDisburseDialog({ open, rows, onClose, onDone }: BulkFormProps<WaitLoanRow>) {
  const { t } = useTranslation();
  const refresh = useRefreshPayoutLists();
  const eligible = rows.filter((row) => whyNotPayable(row) === false);
  const skipped = rows.length - eligible.length;
  const total = eligible.reduce((sum, row) => sum + row.netDisbursedPaise, 0);
  const [stage, setStage] = useState<'confirm' | 'paying' | 'done'>('confirm');
  const [results, setResults] = useState<ReadonlyMap<number, BulkResult>>(new Map());
  const pressed = useRef(false);

  const payAll = async () => {
    if (pressed.current) return;
    pressed.current = true;
    setStage('paying');
    const done = new Map<number, BulkResult>();
    for (const row of eligible) {
      try {
        const result = await api.call(
          loanBookApi.createPayout,
          { orderId: row.id, idempotencyKey: newIdempotencyKey('payout') },
          // Each refusal is shown on its row below, not as a toast per order.
          { silent: true },
        );
        done.set(
          row.id,
          typeof result.payoutId === 'number'
            ? { payoutId: result.payoutId }
            : { reason: result.status },
        );
      } catch (error) {
        done.set(row.id, { reason: error instanceof Error ? error.message : String(error) });
      }
      setResults(new Map(done));
    }
    setStage('done');
    await refresh();
  };

  const paying = stage === 'paying';
  const footer =
    stage === 'confirm' ? (
      <Space>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button type="primary" disabled={eligible.length === 0} onClick={() => void payAll()}>
          {t('disbursement.paySelected', { count: eligible.length, amount: formatPaise(total) })}
        </Button>
      </Space>
    ) : paying ? (
      <Button type="primary" loading disabled>
        {t('messages.payingOut')}
      </Button>
    ) : (
      <Button onClick={onDone}>{t('disbursement.close')}</Button>
    );

  return (
    <Modal
      open={open}
      width={760}
      title={t('disbursement.disburseSelected')}
      footer={footer}
      closable={!paying}
      maskClosable={false}
      keyboard={!paying}
      onCancel={() => {
        if (paying) return;
        if (stage === 'done') onDone();
        else onClose();
      }}
      afterClose={() => {
        pressed.current = false;
        setStage('confirm');
        setResults(new Map());
      }}
      destroyOnHidden
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <span>
          {t('disbursement.bulkSummary', { count: eligible.length, amount: formatPaise(total) })}
        </span>
        {skipped > 0 ? (
          <Alert
            type="warning"
            showIcon
            message={t('disbursement.bulkSkipped', { count: skipped })}
          />
        ) : null}
        {stage !== 'done' ? (
          <Alert type="warning" showIcon message={t('messages.noRepeatedClick')} />
        ) : null}
        {paying ? (
          <span>
            {t('disbursement.bulkProgress', { done: results.size, count: eligible.length })}
          </span>
        ) : null}
        <Table<WaitLoanRow>
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={eligible}
          columns={[
            { key: 'orderNo', title: t('disbursement.orderNo'), dataIndex: 'orderNo' },
            {
              key: 'account',
              title: t('disbursement.bankAccount'),
              render: (_, row) => <span className="list-masked">{row.bankAccount}</span>,
            },
            {
              key: 'net',
              title: t('disbursement.netDisbursement'),
              align: 'right',
              render: (_, row) => formatPaise(row.netDisbursedPaise),
            },
            {
              key: 'result',
              title: t('disbursement.result'),
              render: (_, row) => {
                const result = results.get(row.id);
                if (!result) return '—';
                if ('payoutId' in result)
                  return <PayoutOutcome payoutId={result.payoutId} compact />;
                return (
                  <Tag color="red">
                    {t('disbursement.outcome.notSent', { reason: result.reason })}
                  </Tag>
                );
              },
            },
          ]}
        />
      </Space>
    </Modal>
  );
}

/** Row action of waitLoanList: cancel an approved order before its payout, with a reason. */
export function CancelOrderDialog({ open, row, onClose }: ActionFormProps<WaitLoanRow>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const cancel = useEndpointMutation(loanBookApi.cancelOrder, {
    invalidates: [disbursementApi.waitLoanList],
    success: 'messages.operationSuccess',
  });
  if (!row) return null;
  return (
    <Modal
      open={open}
      title={t('disbursement.cancelTitle', { orderNo: row.orderNo })}
      okText={t('disbursement.cancelOrder')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true, loading: cancel.isPending }}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={({ reason }) =>
          cancel.mutate({ orderId: row.id, reason }, { onSuccess: onClose })
        }
      >
        <p>{t('disbursement.cancelNotice')}</p>
        <Form.Item
          name="reason"
          label={t('disbursement.cancelReason')}
          rules={[
            { required: true, whitespace: true, message: t('disbursement.fillRemarks') },
            { max: 500 },
          ]}
        >
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Row action of loanFlow: what happened to one payout, step by step (a reversal included). */
export function PayoutHistoryDialog({ open, row, onClose }: ActionFormProps<LoanFlowRow>) {
  const { t } = useTranslation();
  if (!row) return null;
  return (
    <Modal
      open={open}
      title={t('disbursement.historyTitle', { orderNo: row.orderNo, attempt: row.attempt })}
      footer={<Button onClick={onClose}>{t('disbursement.close')}</Button>}
      onCancel={onClose}
      destroyOnHidden
    >
      <Table
        size="small"
        rowKey={(entry) => `${entry.event}-${entry.at}`}
        pagination={false}
        dataSource={row.history}
        columns={[
          {
            key: 'at',
            title: t('common.time'),
            render: (_, entry) => formatIndiaDateTime(entry.at),
          },
          {
            key: 'event',
            title: t('disbursement.event'),
            render: (_, entry) => t(`disbursement.historyEvent.${entry.event}`, entry.event),
          },
          {
            key: 'detail',
            title: t('disbursement.detail'),
            render: (_, entry) =>
              [entry.utr ? `UTR ${entry.utr}` : null, entry.message, entry.actor]
                .filter(Boolean)
                .join(' · ') || '—',
          },
        ]}
      />
    </Modal>
  );
}
