import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { OrderDetail } from '@lending/contract';
import { nonZeroPartsText } from '../amount-components';
import { EMPTY } from '../empty-value';
import { Money } from '../money';
import { RecordsTable } from './records-table';

type Waiver = OrderDetail['waivers'][number];

/** Every waiver and write-off booked: how much, of which components, by whom and why. */
export function WaiversTab({ waivers }: { waivers: OrderDetail['waivers'] }) {
  const { t } = useTranslation();
  const columns: ColumnsType<Waiver> = [
    {
      key: 'kind',
      title: t('orderDetail.waivers.kind'),
      render: (_, w) => t(`orderDetail.waivers.kinds.${w.kind}`),
    },
    {
      key: 'amount',
      title: t('orderDetail.waivers.amount'),
      align: 'end',
      render: (_, w) => <Money paise={w.totalPaise} />,
    },
    {
      key: 'parts',
      title: t('orderDetail.waivers.parts'),
      render: (_, w) => nonZeroPartsText(t, w.amounts) || EMPTY,
    },
    { key: 'date', title: t('orderDetail.waivers.date'), dataIndex: 'businessDate' },
    { key: 'by', title: t('orderDetail.waivers.by'), render: (_, w) => w.actorName ?? EMPTY },
    {
      key: 'reason',
      title: t('orderDetail.waivers.reason'),
      render: (_, w) => w.reason ?? EMPTY,
    },
  ];
  return <RecordsTable<Waiver> rows={waivers} columns={columns} rowKey={(w) => w.journalId} />;
}
