import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrderDetail } from '@lending/contract';
import { orderStatusTags } from './order-status';

/** An order status as the lists show it, so the detail and the lists read the same. */
export function StatusTag({ status }: { status: OrderDetail['status'] }) {
  const { t } = useTranslation();
  const tag = orderStatusTags[status];
  return <Tag color={tag.color}>{t(tag.label)}</Tag>;
}
