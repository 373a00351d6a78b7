import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { OrderDetail } from '@lending/contract';
import { formatIndiaDateTime } from '../../../lib/format';
import { EMPTY } from '../empty-value';
import { RecordsTable } from './records-table';

type Audit = OrderDetail['auditTrail'][number];

/** What was done to the order and by whom (staff, or the system): when, what, in short. */
export function AuditTab({ auditTrail }: { auditTrail: OrderDetail['auditTrail'] }) {
  const { t } = useTranslation();
  const columns: ColumnsType<Audit> = [
    {
      key: 'at',
      title: t('orderDetail.audit.at'),
      render: (_, a) => formatIndiaDateTime(a.at),
    },
    { key: 'action', title: t('orderDetail.audit.action'), dataIndex: 'action' },
    {
      key: 'by',
      title: t('orderDetail.audit.by'),
      render: (_, a) => a.actorName || t('orderDetail.system'),
    },
    {
      key: 'summary',
      title: t('orderDetail.audit.summary'),
      render: (_, a) => a.summary || EMPTY,
    },
  ];
  return <RecordsTable<Audit> rows={auditTrail} columns={columns} rowKey={(a) => a.id} />;
}
