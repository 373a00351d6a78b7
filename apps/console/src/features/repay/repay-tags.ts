import type { ExcessStatus, OfflineStatus, OwingStatus, RepaymentRecord } from '@lending/contract';
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

export const offlineStatusTags: StatusTags<OfflineStatus> = {
  pending: { label: 'offlineRepay.statuses.pending', color: 'gold' },
  invalid: { label: 'offlineRepay.statuses.invalid', color: 'default' },
  pass: { label: 'offlineRepay.statuses.pass', color: 'green' },
};

export const excessStatusTags: StatusTags<ExcessStatus> = {
  held: { label: 'excessRepay.statuses.held', color: 'gold' },
  awaitingApproval: { label: 'excessRepay.statuses.awaitingApproval', color: 'blue' },
  refunding: { label: 'excessRepay.statuses.refunding', color: 'processing' },
  refunded: { label: 'excessRepay.statuses.refunded', color: 'green' },
  failed: { label: 'excessRepay.statuses.failed', color: 'red' },
};

/** The hidden detail route of /repay/overdueRepayment (the one order detail). */
export function overdueDetailPath(orderNo: string): string {
  return `/repay/overdueRepaymentDetail?orderNo=${encodeURIComponent(orderNo)}`;
}
