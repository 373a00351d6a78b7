import type { OwingStatus, RepaymentRecord } from '@lending/contract';
import type { StatusTags } from '../../components/list-page';

export const owingStatusTags: StatusTags<OwingStatus> = {
  ACTIVE: { label: 'repay.statuses.ACTIVE', color: 'blue' },
  DUE: { label: 'repay.statuses.DUE', color: 'gold' },
  OVERDUE: { label: 'repay.statuses.OVERDUE', color: 'red' },
};

export const recordStatusTags: StatusTags<RepaymentRecord['status']> = {
  posted: { label: 'repay.records.statuses.posted', color: 'green' },
  reversed: { label: 'repay.records.statuses.reversed', color: 'default' },
};

/** Channels staff record money through (a gateway's own credits carry its name). */
export const RECORD_CHANNELS = ['upi', 'imps', 'neft', 'rtgs', 'cash', 'bank_transfer'] as const;

/** Where the order detail opens (a detail page another issue builds). */
export function orderDetailPath(orderNo: string): string {
  return `/loan/loanDetail?orderNo=${encodeURIComponent(orderNo)}`;
}
