import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Space, Spin, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { type LoanFlowRow, disbursementApi } from '@lending/contract';
import { api } from '../../../lib/api';
import { endpointKey } from '../../../lib/use-endpoint';
import { payoutStatusTags } from '../status-tags';

/** How often, and how many times, a just-sent payout is looked up while the gateway works. */
const POLL_MS = 1_500;
const MAX_POLLS = 40;

/**
 * What became of a payout just sent: the gateway answers asynchronously, so this looks the
 * payout up (loan.flow_list) until it is paid, refused or reversed, and says so — a
 * refusal with the gateway's reason. An unknown outcome is being confirmed with the gateway.
 */
export function PayoutOutcome({
  payoutId,
  compact = false,
}: {
  payoutId: number;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const body = { page: 1, pageSize: 1, filters: { payoutId } };
  const key = endpointKey(disbursementApi.loanFlowList, body);
  const query = useQuery({
    queryKey: key,
    queryFn: () => api.call(disbursementApi.loanFlowList, body, { silent: true }),
    refetchInterval: (current) => {
      const status = current.state.data?.list[0]?.status;
      const settled = status !== undefined && status !== 'queued' && status !== 'processing';
      return settled || current.state.dataUpdateCount >= MAX_POLLS ? false : POLL_MS;
    },
  });
  const polls = client.getQueryState(key)?.dataUpdateCount ?? 0;
  const payout: LoanFlowRow | undefined = query.data?.list[0];
  if (!payout) return <Spin size="small" aria-label={t('disbursement.outcome.waiting')} />;
  const tag = payoutStatusTags[payout.status];
  const status = <Tag color={tag.color}>{t(tag.label)}</Tag>;
  const text = outcomeText(payout, polls >= MAX_POLLS, t);
  if (compact) {
    return (
      <Space size={4} wrap>
        {status}
        <span>{text.message}</span>
      </Space>
    );
  }
  return (
    <Alert
      type={text.type}
      showIcon
      icon={text.type === 'info' ? <Spin size="small" /> : undefined}
      message={
        <Space size={4} wrap>
          {status}
          <span>{text.message}</span>
        </Space>
      }
    />
  );
}

function outcomeText(
  payout: LoanFlowRow,
  gaveUp: boolean,
  t: (key: string, values?: Record<string, unknown>) => string,
): { type: 'info' | 'success' | 'error' | 'warning'; message: string } {
  switch (payout.status) {
    case 'processed':
      return {
        type: 'success',
        message: t('disbursement.outcome.paid', { utr: payout.utr ?? '—' }),
      };
    case 'failed':
      return {
        type: 'error',
        message: t('disbursement.outcome.refused', { reason: payout.errorMessage ?? '—' }),
      };
    case 'reversed':
      return {
        type: 'error',
        message: t('disbursement.outcome.reversed', { reason: payout.errorMessage ?? '—' }),
      };
    case 'unknown':
      return { type: 'warning', message: t('disbursement.outcome.unknown') };
    default:
      return {
        type: 'info',
        message: t(gaveUp ? 'disbursement.outcome.stillWaiting' : 'disbursement.outcome.waiting'),
      };
  }
}
