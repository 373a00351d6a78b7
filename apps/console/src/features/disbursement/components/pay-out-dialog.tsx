import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Modal, Space } from 'antd';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { disbursementApi, loanBookApi } from '@lending/contract';
import { api } from '../../../lib/api';
import { formatPaise } from '../../../lib/format';
import { endpointKey } from '../../../lib/use-endpoint';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { PayoutOutcome } from './payout-outcome';

type Stage =
  | { kind: 'confirm' }
  | { kind: 'paying' }
  | { kind: 'sent'; payoutId: number }
  | { kind: 'refused'; reason: string };

/** Every list a payout changes: the order leaves the waiting list and appears in the others. */
export const PAYOUT_LISTS = [
  disbursementApi.waitLoanList,
  disbursementApi.loanRecordList,
  disbursementApi.loanFlowList,
];

export function useRefreshPayoutLists() {
  const client = useQueryClient();
  return () =>
    Promise.all(
      PAYOUT_LISTS.map((list) => client.invalidateQueries({ queryKey: endpointKey(list) })),
    );
}

export interface PayOutDialogProps {
  open: boolean;
  title: string;
  orderId: number;
  amountPaise: number;
  /** What the person checks before paying: the borrower, the account, the amounts. */
  children: ReactNode;
  onClose(): void;
}

/**
 * Pays one order out (a first payout or a retry, both `loan.create_payout`): the person checks
 * the account and amount, presses once — a fresh idempotency key per press, the button then
 * says 'Paying out, please wait...' and cannot be pressed again — and sees what became of it:
 * paid with its UTR, or refused with the reason.
 */
export function PayOutDialog({
  open,
  title,
  orderId,
  amountPaise,
  children,
  onClose,
}: PayOutDialogProps) {
  const { t } = useTranslation();
  const refresh = useRefreshPayoutLists();
  const [stage, setStage] = useState<Stage>({ kind: 'confirm' });
  // A state update lands after the next render: the ref stops a second press before it does.
  const pressed = useRef(false);

  const pay = async () => {
    if (pressed.current) return;
    pressed.current = true;
    setStage({ kind: 'paying' });
    try {
      const result = await api.call(loanBookApi.createPayout, {
        orderId,
        idempotencyKey: newIdempotencyKey('payout'),
      });
      setStage(
        typeof result.payoutId === 'number'
          ? { kind: 'sent', payoutId: result.payoutId }
          : { kind: 'refused', reason: result.status },
      );
    } catch (error) {
      // The request client has toasted the server's message; the dialog keeps it in view.
      setStage({ kind: 'refused', reason: error instanceof Error ? error.message : String(error) });
    }
    await refresh();
  };

  const paying = stage.kind === 'paying';
  const footer =
    stage.kind === 'confirm' ? (
      <Space>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button type="primary" onClick={() => void pay()}>
          {t('disbursement.payAmount', { amount: formatPaise(amountPaise) })}
        </Button>
      </Space>
    ) : paying ? (
      <Button type="primary" loading disabled>
        {t('messages.payingOut')}
      </Button>
    ) : (
      <Button onClick={onClose}>{t('disbursement.close')}</Button>
    );

  return (
    <Modal
      open={open}
      title={title}
      footer={footer}
      closable={!paying}
      maskClosable={false}
      keyboard={!paying}
      onCancel={() => {
        if (!paying) onClose();
      }}
      afterClose={() => {
        pressed.current = false;
        setStage({ kind: 'confirm' });
      }}
      destroyOnHidden
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        {children}
        {stage.kind === 'confirm' || paying ? (
          <Alert type="warning" showIcon message={t('messages.noRepeatedClick')} />
        ) : null}
        {stage.kind === 'sent' ? <PayoutOutcome payoutId={stage.payoutId} /> : null}
        {stage.kind === 'refused' ? (
          <Alert
            type="error"
            showIcon
            message={t('disbursement.outcome.notSent', { reason: stage.reason })}
          />
        ) : null}
      </Space>
    </Modal>
  );
}
