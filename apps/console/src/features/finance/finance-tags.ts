import type { CheckingStatus, ReconciliationBreakRow } from '@lending/contract';
import type { StatusTags } from '../../components/list-page';

/** Checking statuses. */
export const checkingStatusTags: StatusTags<CheckingStatus> = {
  not_checked: { label: 'finance.checking.not_checked', color: 'default' },
  failed: { label: 'finance.checking.failed', color: 'red' },
  passed: { label: 'finance.checking.passed', color: 'green' },
};

export const breakStatusTags: StatusTags<ReconciliationBreakRow['status']> = {
  open: { label: 'finance.breaks.statuses.open', color: 'red' },
  accepted: { label: 'finance.breaks.statuses.accepted', color: 'green' },
  refunded: { label: 'finance.breaks.statuses.refunded', color: 'blue' },
  ignored: { label: 'finance.breaks.statuses.ignored', color: 'default' },
};

/** Where the order detail opens. */
export function orderDetailPath(orderNo: string): string {
  return `/loan/loanDetail?orderNo=${encodeURIComponent(orderNo)}`;
}
