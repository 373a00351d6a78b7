import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { OrderDetail } from '@lending/contract';
import { formatIndiaDateTime } from '../../../lib/format';
import { Money } from '../money';
import { RecordsTable } from './records-table';

type ApprovalRequest = OrderDetail['approvalRequests'][number];

const REQUEST_STATUS_COLOR = {
  pending: 'gold',
  approved: 'green',
  rejected: 'red',
  lapsed: 'default',
} as const;

/**
 * How a waiver or write-off request ended: who decided it and when (a rejection with the
 * checker's reason), or, for a lapse (decision 0054), when and what the order did that ended it.
 */
function RequestOutcome({ request }: { request: ApprovalRequest }) {
  const { t } = useTranslation();
  const at = request.decidedAt ? formatIndiaDateTime(request.decidedAt) : '';
  if (request.status === 'pending') return <>{t('orderDetail.requests.waiting')}</>;
  if (request.status === 'lapsed') {
    const why = t(`orderDetail.requests.lapsedBy.${request.lapseEvent ?? 'other'}`, {
      defaultValue: t('orderDetail.requests.lapsedBy.other'),
    });
    return <>{t('orderDetail.requests.lapsed', { at, why })}</>;
  }
  return (
    <>
      {`${request.decidedBy ?? t('orderDetail.system')} · ${at}`}
      {request.decisionReason ? ` · ${request.decisionReason}` : ''}
    </>
  );
}

/** Every waiver or write-off request put to a second person, and how it ended. */
export function RequestsTab({ requests }: { requests: OrderDetail['approvalRequests'] }) {
  const { t } = useTranslation();
  const columns: ColumnsType<ApprovalRequest> = [
    {
      key: 'kind',
      title: t('orderDetail.waivers.kind'),
      width: 110,
      render: (_, r) => t(`orderDetail.waivers.kinds.${r.kind}`),
    },
    {
      key: 'amount',
      title: t('orderDetail.pendingApproval.amount'),
      align: 'end',
      width: 130,
      render: (_, r) => <Money paise={r.amountPaise} />,
    },
    {
      key: 'status',
      title: t('orderDetail.requests.status'),
      width: 130,
      render: (_, r) => (
        <Tag color={REQUEST_STATUS_COLOR[r.status]}>
          {t(`orderDetail.requests.statuses.${r.status}`)}
        </Tag>
      ),
    },
    { key: 'reason', title: t('orderDetail.pendingApproval.reason'), dataIndex: 'reason' },
    {
      key: 'asked',
      title: t('orderDetail.pendingApproval.askedBy'),
      width: 190,
      render: (_, r) => `${r.requestedBy} · ${formatIndiaDateTime(r.requestedAt)}`,
    },
    {
      key: 'outcome',
      title: t('orderDetail.requests.outcome'),
      render: (_, r) => <RequestOutcome request={r} />,
    },
  ];
  return (
    <RecordsTable<ApprovalRequest>
      rows={requests}
      columns={columns}
      rowKey={(r) => r.id}
      // The reason and the outcome share what is left and wrap: no sideways scroll at 1366px.
      layout="fit"
    />
  );
}
