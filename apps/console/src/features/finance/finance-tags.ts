import type {
  CheckingStatus,
  CreditRefundStatus,
  ReconciliationBreakRow,
  UnappliedCreditRow,
} from '@lending/contract';
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
  refunding: { label: 'finance.breaks.statuses.refunding', color: 'gold' },
  refunded: { label: 'finance.breaks.statuses.refunded', color: 'blue' },
  ignored: { label: 'finance.breaks.statuses.ignored', color: 'default' },
};

export const unappliedCreditStatusTags: StatusTags<UnappliedCreditRow['status']> = {
  unmatched: { label: 'finance.credits.statuses.unmatched', color: 'red' },
  refunding: { label: 'finance.credits.statuses.refunding', color: 'gold' },
};

export const creditRefundStatusTags: StatusTags<CreditRefundStatus> = {
  requested: { label: 'finance.credits.refundStatuses.requested', color: 'gold' },
  approved: { label: 'finance.credits.refundStatuses.approved', color: 'blue' },
  paid: { label: 'finance.credits.refundStatuses.paid', color: 'green' },
  failed: { label: 'finance.credits.refundStatuses.failed', color: 'red' },
  rejected: { label: 'finance.credits.refundStatuses.rejected', color: 'default' },
};

/** Where the order detail opens. */
export function orderDetailPath(orderNo: string): string {
  return `/loan/loanDetail?orderNo=${encodeURIComponent(orderNo)}`;
}
