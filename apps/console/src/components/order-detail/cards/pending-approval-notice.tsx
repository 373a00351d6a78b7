import { Alert, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrderDetail } from '@lending/contract';
import { formatIndiaDateTime } from '../../../lib/format';
import { Money } from '../money';

/**
 * A waiver or write-off waiting for a second person (decisions 0045, 0050): who asked, when,
 * how much and why. Read-only here: it is decided on the repayment plan.
 */
export function PendingApprovalNotice({
  waiting,
}: {
  waiting: NonNullable<OrderDetail['pendingApproval']>;
}) {
  const { t } = useTranslation();
  const f = (key: string) => t(`orderDetail.pendingApproval.${key}`);
  return (
    <Alert
      type="warning"
      showIcon
      title={f(waiting.kind)}
      description={
        <>
          <p>{f('where')}</p>
          <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
            <Descriptions.Item label={f('amount')}>
              <Money paise={waiting.amountPaise} /> ({f(waiting.whole ? 'whole' : 'parts')})
            </Descriptions.Item>
            <Descriptions.Item label={f('reason')}>{waiting.reason}</Descriptions.Item>
            <Descriptions.Item label={f('askedBy')}>{waiting.requestedBy}</Descriptions.Item>
            <Descriptions.Item label={f('askedAt')}>
              {formatIndiaDateTime(waiting.requestedAt)}
            </Descriptions.Item>
          </Descriptions>
        </>
      }
    />
  );
}
