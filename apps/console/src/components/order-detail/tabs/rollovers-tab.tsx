import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { OrderDetail } from '@lending/contract';
import { Money } from '../money';
import { RecordsTable } from './records-table';

type Rollover = OrderDetail['rollovers'][number];

/** Every rollover: the due date it moved from and to, and what it charged per component. */
export function RolloversTab({ rollovers }: { rollovers: OrderDetail['rollovers'] }) {
  const { t } = useTranslation();
  const columns: ColumnsType<Rollover> = [
    { key: 'number', title: t('orderDetail.rollovers.number'), dataIndex: 'rolloverNumber' },
    { key: 'from', title: t('orderDetail.rollovers.from'), dataIndex: 'fromDueDate' },
    { key: 'to', title: t('orderDetail.rollovers.to'), dataIndex: 'toDueDate' },
    {
      key: 'fee',
      title: t('orderDetail.rollovers.fee'),
      align: 'end',
      render: (_, r) => <Money paise={r.feePaise} />,
    },
    {
      key: 'gst',
      title: t('orderDetail.rollovers.gst'),
      align: 'end',
      render: (_, r) => <Money paise={r.gstPaise} />,
    },
    {
      key: 'interest',
      title: t('orderDetail.rollovers.interest'),
      align: 'end',
      render: (_, r) => <Money paise={r.interestPaise} />,
    },
    {
      key: 'penal',
      title: t('orderDetail.rollovers.penal'),
      align: 'end',
      render: (_, r) => <Money paise={r.penalPaise} />,
    },
    {
      key: 'total',
      title: t('orderDetail.rollovers.total'),
      align: 'end',
      render: (_, r) => <Money paise={r.totalPaise} />,
    },
    { key: 'date', title: t('orderDetail.rollovers.date'), dataIndex: 'businessDate' },
  ];
  return (
    <RecordsTable<Rollover> rows={rollovers} columns={columns} rowKey={(r) => r.rolloverNumber} />
  );
}
