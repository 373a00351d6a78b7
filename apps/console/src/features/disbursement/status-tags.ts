import type { LendStatus, PayoutStatus } from '@lending/contract';
import type { StatusTags } from '../../components/list-page';

/** Loan states: lend success, lend fail, lending. */
export const lendStatusTags: StatusTags<LendStatus> = {
  success: { label: 'disbursement.lendStatus.success', color: 'green' },
  fail: { label: 'disbursement.lendStatus.fail', color: 'red' },
  lending: { label: 'disbursement.lendStatus.lending', color: 'blue' },
};

/** Loan flow: disburse status, as the payout stands at the gateway and in the book. */
export const payoutStatusTags: StatusTags<PayoutStatus> = {
  queued: { label: 'disbursement.payoutStatus.queued', color: 'default' },
  processing: { label: 'disbursement.payoutStatus.processing', color: 'blue' },
  processed: { label: 'disbursement.payoutStatus.processed', color: 'green' },
  failed: { label: 'disbursement.payoutStatus.failed', color: 'red' },
  reversed: { label: 'disbursement.payoutStatus.reversed', color: 'volcano' },
  unknown: { label: 'disbursement.payoutStatus.unknown', color: 'gold' },
};

/** A payout whose outcome the book does not know yet. */
export const OPEN_PAYOUT: readonly PayoutStatus[] = ['queued', 'processing', 'unknown'];
