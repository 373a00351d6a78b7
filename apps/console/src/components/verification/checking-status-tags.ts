import type { CheckingStatus } from '@lending/contract';
import type { StatusTags } from '../list-page';

/**
 * An order's checking status from its verification calls (decision 0078): not checked before
 * the first call, then the latest call's result. Shared by the verification queue
 * (/telemarketing/checkList) and the review queues, so a reviewer reads what the caller saw.
 */
export const verificationStatusTags: StatusTags<CheckingStatus> = {
  not_checked: { label: 'verification.status.not_checked' },
  failed: { label: 'verification.status.failed', color: 'red' },
  passed: { label: 'verification.status.passed', color: 'green' },
};
