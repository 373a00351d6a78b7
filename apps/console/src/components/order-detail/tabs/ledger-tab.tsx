import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { OrderDetail } from '@lending/contract';
import { EMPTY } from '../empty-value';
import { Money } from '../money';
import { RecordsTable } from './records-table';

interface LedgerLine {
  key: string;
  journalId: number;
  event: string;
  reverses: string | null;
  businessDate: string;
  /** The day it belongs to, when booked later; with why. */
  valueDate: string | null;
  reason: string | null;
  account: string;
  component: string | null;
  amountPaise: number;
}

/** A journal's lines flattened into rows, each carrying its journal's number, event and date. */
function ledgerLinesOf(journals: OrderDetail['journals']): LedgerLine[] {
  return journals.flatMap((journal) =>
    journal.lines.map((line, index) => ({
      key: `${journal.id}-${index}`,
      journalId: journal.id,
      event: journal.eventType,
      reverses: journal.reversesEventType,
      businessDate: journal.businessDate,
      valueDate: journal.valueDate,
      reason: journal.reason,
      account: line.account,
      component: line.component,
      amountPaise: line.amountPaise,
    })),
  );
}

/** The order's journals, one row per ledger line: debits and credits per account and component. */
export function LedgerTab({ journals }: { journals: OrderDetail['journals'] }) {
  const { t } = useTranslation();
  const columns: ColumnsType<LedgerLine> = [
    {
      key: 'journal',
      title: t('orderDetail.ledger.journal'),
      render: (_, l) => `#${l.journalId}`,
    },
    {
      key: 'event',
      title: t('orderDetail.ledger.event'),
      render: (_, l) =>
        l.reverses
          ? `${l.event} (${t('orderDetail.ledger.reverses', { event: l.reverses })})`
          : l.event,
    },
    { key: 'date', title: t('orderDetail.ledger.date'), dataIndex: 'businessDate' },
    {
      key: 'valueDate',
      title: t('orderDetail.ledger.valueDate'),
      render: (_, l) =>
        l.valueDate && l.valueDate !== l.businessDate ? (
          <span title={l.reason ?? undefined}>{l.valueDate}</span>
        ) : (
          EMPTY
        ),
    },
    { key: 'account', title: t('orderDetail.ledger.account'), dataIndex: 'account' },
    {
      key: 'component',
      title: t('orderDetail.ledger.component'),
      render: (_, l) =>
        l.component
          ? t(`orderDetail.components.${l.component}`, { defaultValue: l.component })
          : EMPTY,
    },
    {
      key: 'debit',
      title: t('orderDetail.ledger.debit'),
      align: 'end',
      render: (_, l) => (l.amountPaise > 0 ? <Money paise={l.amountPaise} /> : ''),
    },
    {
      key: 'credit',
      title: t('orderDetail.ledger.credit'),
      align: 'end',
      render: (_, l) => (l.amountPaise < 0 ? <Money paise={-l.amountPaise} /> : ''),
    },
  ];
  return (
    <RecordsTable<LedgerLine>
      rows={ledgerLinesOf(journals)}
      columns={columns}
      rowKey={(l) => l.key}
    />
  );
}
