import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { OrderDetail } from '@lending/contract';
import { formatIndiaDateTime } from '../../../lib/format';
import { EMPTY } from '../empty-value';
import { Money } from '../money';
import { RecordsTable } from './records-table';

type Payout = OrderDetail['payouts'][number];

/** Every payout attempt, the failed ones with their error as well as the one that went through. */
export function PayoutsTab({ payouts }: { payouts: OrderDetail['payouts'] }) {
  const { t } = useTranslation();
  const columns: ColumnsType<Payout> = [
    { key: 'attempt', title: t('orderDetail.payouts.attempt'), dataIndex: 'attempt' },
    {
      key: 'purpose',
      title: t('orderDetail.payouts.purpose'),
      render: (_, p) => t(`orderDetail.payouts.purposes.${p.purpose}`, { defaultValue: p.purpose }),
    },
    {
      key: 'status',
      title: t('orderDetail.payouts.status'),
      render: (_, p) => (
        <Tag color={p.status === 'processed' ? 'green' : p.status === 'failed' ? 'red' : undefined}>
          {t(`orderDetail.payouts.statuses.${p.status}`, { defaultValue: p.status })}
        </Tag>
      ),
    },
    {
      key: 'amount',
      title: t('orderDetail.payouts.amount'),
      align: 'end',
      render: (_, p) => <Money paise={p.amountPaise} />,
    },
    { key: 'channel', title: t('orderDetail.payouts.channel'), dataIndex: 'channel' },
    { key: 'utr', title: t('orderDetail.payouts.utr'), render: (_, p) => p.utr ?? EMPTY },
    { key: 'failCount', title: t('orderDetail.payouts.failCount'), dataIndex: 'failCount' },
    {
      key: 'error',
      title: t('orderDetail.payouts.error'),
      render: (_, p) => p.errorMessage ?? EMPTY,
    },
    {
      key: 'createdAt',
      title: t('orderDetail.payouts.createdAt'),
      render: (_, p) => formatIndiaDateTime(p.createdAt),
    },
    {
      key: 'processedDate',
      title: t('orderDetail.payouts.processedDate'),
      render: (_, p) => p.processedDate ?? EMPTY,
    },
  ];
  return <RecordsTable<Payout> rows={payouts} columns={columns} rowKey={(p) => p.id} />;
}
