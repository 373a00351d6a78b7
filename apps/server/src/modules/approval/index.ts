/**
 * Loan approval (issue #11, /approve): machine decisions and referral, the first and final
 * review queues with assignment to reviewers, review groups, reviewers, rejection codes and the
 * decision record. The decisions themselves are the loan book's order commands; the review
 * work they do (queueing for a stage, closing the task, a rejection code's effects, a machine
 * referral) is this module's, and the book asks for it through `LoanBookDeps.reviewWork`
 * (`reviewWork` here, wired by app.ts), in its command's transaction.
 */
import type { ModuleRoutes } from '../../plugins/module.js';
import type { ApprovalDeps } from './approval.deps.js';
import { registerApprovalRoutes } from './approval.routes.js';

export type { ApprovalDeps, CheckingStatusLookup } from './approval.deps.js';
export { reviewWork } from './review-tasks.service.js';
// Review groups, reviewers and rejection codes made in bulk (the demo book's set-up), and the
// reads the simulated reviewers work from.
export {
  addRejectionCodes,
  addReviewers,
  addReviewGroups,
  countReviewGroups,
  enabledRejectionCodes,
} from './review-admin.repository.js';
export { openTaskReviewerOf } from './review-tasks.repository.js';

export function createApprovalModule(deps: ApprovalDeps) {
  return {
    registerRoutes: (routes: ModuleRoutes) => registerApprovalRoutes(routes.admin, deps),
  };
}
