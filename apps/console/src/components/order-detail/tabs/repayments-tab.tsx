import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { OrderDetail } from '@lending/contract';
import { formatIndiaDateTime } from '../../../lib/format';
import { nonZeroPartsText } from '../amount-components';
import { EMPTY } from '../empty-value';
import { Money } from '../money';
import { RecordsTable } from './records-table';

type Repayment = OrderDetail['repayments'][number];

/** Every repayment received, how it was allocated to the components, and its reversal if any. */
export function RepaymentsTab({ repayments }: { repayments: OrderDetail['repayments'] }) {
  const { t } = useTranslation();
  const columns: ColumnsType<Repayment> = [
    { key: 'serialNo', title: t('orderDetail.repayments.serialNo'), dataIndex: 'serialNo' },
    {
      key: 'type',
      title: t('orderDetail.repayments.type'),
      render: (_, r) => t(`orderDetail.repayments.types.${r.type}`, { defaultValue: r.type }),
    },
    { key: 'channel', title: t('orderDetail.repayments.channel'), dataIndex: 'channel' },
    {
      key: 'va',
      title: t('orderDetail.repayments.virtualAccount'),
      render: (_, r) => r.virtualAccountCode ?? EMPTY,
    },
    {
      key: 'amount',
      title: t('orderDetail.repayments.amount'),
      align: 'end',
      render: (_, r) => <Money paise={r.amountPaise} />,
    },
    {
      key: 'allocated',
      title: t('orderDetail.repayments.allocated'),
      render: (_, r) => nonZeroPartsText(t, r.allocated) || EMPTY,
    },
    {
      key: 'excess',
      title: t('orderDetail.repayments.excess'),
      align: 'end',
      render: (_, r) => <Money paise={r.excessPaise} />,
    },
    { key: 'date', title: t('orderDetail.repayments.valueDate'), dataIndex: 'valueDate' },
    {
      key: 'receivedAt',
      title: t('orderDetail.repayments.receivedAt'),
      render: (_, r) => formatIndiaDateTime(r.receivedAt),
    },
    {
      key: 'state',
      title: t('orderDetail.repayments.state'),
      render: (_, r) =>
        r.reversed ? (
          <Tag color="red">
            {t('orderDetail.repayments.reversed', {
              at: r.reversedAt ? formatIndiaDateTime(r.reversedAt) : '',
              reason: r.reversalReason ?? '',
            })}
          </Tag>
        ) : (
          <Tag color="green">{t('orderDetail.repayments.posted')}</Tag>
        ),
    },
  ];
  return <RecordsTable<Repayment> rows={repayments} columns={columns} rowKey={(r) => r.id} />;
}
