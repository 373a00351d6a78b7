import { approvalApi } from '@lending/contract';
import { callerOf, type EndpointRegistrar } from '../../plugins/access.js';
import * as approval from './approval.service.js';
import { reviewScopeOf } from '../loan-book/index.js';

/** The approval screens; the decisions are the loan book's order.first_review / final_review. */
export function registerApprovalRoutes(
  endpoints: EndpointRegistrar,
  deps: approval.ApprovalDeps,
): void {
  endpoints.register(approvalApi.machineList, ({ body }) => approval.machineList(deps, body));
  endpoints.register(approvalApi.machineDetail, ({ body }) =>
    approval.machineDetail(deps, body.orderNo),
  );
  endpoints.register(approvalApi.machineRefer, (context) =>
    approval.machineRefer(deps, context.body, callerOf(context).userId),
  );
  endpoints.register(approvalApi.reviewQueue, (context) =>
    approval.queue(deps, context.body, reviewScopeOf(context)),
  );
  endpoints.register(approvalApi.assignReview, ({ body }) => approval.assign(deps, body));
  endpoints.register(approvalApi.reviewGroupList, ({ body }) => approval.groups(deps, body));
  endpoints.register(approvalApi.saveReviewGroup, ({ body }) => approval.saveGroup(deps, body));
  endpoints.register(approvalApi.deleteReviewGroup, ({ body }) =>
    approval.deleteGroup(deps, body.id),
  );
  endpoints.register(approvalApi.reviewerList, ({ body }) => approval.reviewerList(deps, body));
  endpoints.register(approvalApi.saveReviewer, ({ body }) => approval.saveReviewer(deps, body));
  endpoints.register(approvalApi.reviewerOptions, ({ body }) =>
    approval.reviewerOptions(deps, body.stage),
  );
  endpoints.register(approvalApi.rejectionCodeList, ({ body }) =>
    approval.rejectionList(deps, body),
  );
  endpoints.register(approvalApi.saveRejectionCode, ({ body }) =>
    approval.saveRejectionCode(deps, body),
  );
  endpoints.register(approvalApi.setRejectionCodeStatus, ({ body }) =>
    approval.setRejectionCodeStatus(deps, body.id, body.enabled),
  );
  endpoints.register(approvalApi.deleteRejectionCode, ({ body }) =>
    approval.deleteRejectionCode(deps, body.id),
  );
  endpoints.register(approvalApi.reviewDecisionList, ({ body }) => approval.decisions(deps, body));
  endpoints.register(approvalApi.reviewerQuality, ({ body }) =>
    approval.reviewerQuality(deps, body),
  );
  endpoints.register(approvalApi.reviewForm, (context) =>
    approval.reviewForm(deps, context.body.orderNo, reviewScopeOf(context)),
  );
}
