import { approvalApi } from '@lending/contract';
import { callerOf, type EndpointRegistrar } from '../../plugins/access.js';
import { reviewScopeOf } from '../loan-book/index.js';
import type { ApprovalDeps } from './approval.deps.js';
import * as machine from './machine-decisions.service.js';
import * as admin from './review-admin.service.js';
import * as quality from './review-quality.service.js';
import * as queues from './review-queue.service.js';

/** The approval screens; the decisions are the loan book's order.first_review / final_review. */
export function registerApprovalRoutes(endpoints: EndpointRegistrar, deps: ApprovalDeps): void {
  endpoints.register(approvalApi.machineList, ({ body }) => machine.machineList(deps, body));
  endpoints.register(approvalApi.machineDetail, ({ body }) =>
    machine.machineDetail(deps, body.orderNo),
  );
  endpoints.register(approvalApi.machineRefer, (context) =>
    machine.machineRefer(deps, context.body, callerOf(context).userId),
  );
  endpoints.register(approvalApi.reviewQueue, (context) =>
    queues.queue(deps, context.body, reviewScopeOf(callerOf(context).userId, context.grants)),
  );
  endpoints.register(approvalApi.assignReview, ({ body }) => queues.assign(deps, body));
  endpoints.register(approvalApi.reviewGroupList, ({ body }) => admin.groups(deps, body));
  endpoints.register(approvalApi.saveReviewGroup, ({ body }) => admin.saveGroup(deps, body));
  endpoints.register(approvalApi.deleteReviewGroup, ({ body }) => admin.deleteGroup(deps, body.id));
  endpoints.register(approvalApi.reviewerList, ({ body }) => admin.reviewerList(deps, body));
  endpoints.register(approvalApi.saveReviewer, ({ body }) => admin.saveReviewer(deps, body));
  endpoints.register(approvalApi.reviewerOptions, ({ body }) =>
    admin.reviewerOptions(deps, body.stage),
  );
  endpoints.register(approvalApi.rejectionCodeList, ({ body }) => admin.rejectionList(deps, body));
  endpoints.register(approvalApi.saveRejectionCode, ({ body }) =>
    admin.saveRejectionCode(deps, body),
  );
  endpoints.register(approvalApi.setRejectionCodeStatus, ({ body }) =>
    admin.setRejectionCodeStatus(deps, body.id, body.enabled),
  );
  endpoints.register(approvalApi.deleteRejectionCode, ({ body }) =>
    admin.deleteRejectionCode(deps, body.id),
  );
  endpoints.register(approvalApi.reviewDecisionList, ({ body }) => quality.decisions(deps, body));
  endpoints.register(approvalApi.reviewerQuality, ({ body }) =>
    quality.reviewerQuality(deps, body),
  );
  endpoints.register(approvalApi.reviewForm, (context) =>
    queues.reviewForm(
      deps,
      context.body.orderNo,
      reviewScopeOf(callerOf(context).userId, context.grants),
    ),
  );
}
