/**
 * Loan approval (issue #11, /approve): machine decisions and referral, the first and final
 * review queues with assignment to reviewers, review groups, reviewers, rejection codes and the
 * decision record. The decisions themselves are the loan book's order commands.
 */
export { registerApprovalRoutes } from './approval.routes.js';
export type { ApprovalDeps } from './approval.service.js';
