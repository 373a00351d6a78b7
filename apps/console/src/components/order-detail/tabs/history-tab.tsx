import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { OrderDetail } from '@lending/contract';
import { formatIndiaDateTime } from '../../../lib/format';
import { EMPTY } from '../empty-value';
import { StatusTag } from '../status-tag';
import { RecordsTable } from './records-table';

type History = OrderDetail['statusHistory'][number];

/** Every status the order passed through: when, from what, by which event, by whom and why. */
export function HistoryTab({ history }: { history: OrderDetail['statusHistory'] }) {
  const { t } = useTranslation();
  const status = (value: OrderDetail['status'] | null) =>
    value ? <StatusTag status={value} /> : EMPTY;
  const columns: ColumnsType<History> = [
    {
      key: 'at',
      title: t('orderDetail.history.at'),
      render: (_, h) => formatIndiaDateTime(h.at),
    },
    { key: 'from', title: t('orderDetail.history.from'), render: (_, h) => status(h.from) },
    { key: 'to', title: t('orderDetail.history.to'), render: (_, h) => status(h.to) },
    { key: 'event', title: t('orderDetail.history.event'), dataIndex: 'event' },
    {
      key: 'by',
      title: t('orderDetail.history.by'),
      render: (_, h) =>
        h.actorId === null ? t('orderDetail.system') : (h.actorName ?? `#${h.actorId}`),
    },
    {
      key: 'reason',
      title: t('orderDetail.history.reason'),
      render: (_, h) => h.reason ?? EMPTY,
    },
  ];
  return (
    <RecordsTable<History>
      rows={history}
      columns={columns}
      rowKey={(h) => `${h.at}-${h.to}-${h.event}`}
    />
  );
}
