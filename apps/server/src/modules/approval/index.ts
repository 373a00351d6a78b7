/**
 * Loan approval (issue #11, /approve): machine decisions and referral, the first and final
 * review queues with assignment to reviewers, review groups, reviewers, rejection codes and the
 * decision record. The decisions themselves are the loan book's order commands, and so is the
 * queueing of an order for review (`loan-book/review-queue.ts`), which those commands do.
 */
export { registerApprovalRoutes } from './approval.routes.js';
export type { ApprovalDeps } from './approval.service.js';
