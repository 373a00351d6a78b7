/**
 * Loan approval (issue #11, /approve): machine decisions and referral, the first and final
 * review queues with assignment to reviewers, review groups, reviewers, rejection codes and the
 * decision record. The decisions themselves are the loan book's order commands, and so is the
 * queueing of an order for review (`loan-book/review-queue.ts`), which those commands do.
 */
import type { ModuleRoutes } from '../../plugins/module.js';
import { registerApprovalRoutes } from './approval.routes.js';
import type { ApprovalDeps } from './approval.service.js';

export type { ApprovalDeps } from './approval.service.js';

export function createApprovalModule(deps: ApprovalDeps) {
  return {
    registerRoutes: (routes: ModuleRoutes) => registerApprovalRoutes(routes.admin, deps),
  };
}
