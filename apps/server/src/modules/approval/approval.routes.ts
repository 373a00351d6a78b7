import {
  assignReview,
  deleteRejectionCode,
  deleteReviewGroup,
  machineDetail,
  machineList,
  machineRefer,
  rejectionCodeList,
  reviewDecisionList,
  reviewerList,
  reviewerOptions,
  reviewerQuality,
  reviewForm,
  reviewGroupList,
  reviewQueue,
  saveRejectionCode,
  saveReviewer,
  saveReviewGroup,
  setRejectionCodeStatus,
} from '@lending/contract';
import { callerOf, type EndpointRegistrar } from '../../plugins/access.js';
import * as approval from './approval.service.js';
import { reviewScopeOf } from '../loan-book/index.js';

/** The approval screens; the decisions are the loan book's order.first_review / final_review. */
export function registerApprovalRoutes(
  endpoints: EndpointRegistrar,
  deps: approval.ApprovalDeps,
): void {
  endpoints.register(machineList, ({ body }) => approval.machineList(deps, body));
  endpoints.register(machineDetail, ({ body }) => approval.machineDetail(deps, body.orderNo));
  endpoints.register(machineRefer, (context) =>
    approval.machineRefer(deps, context.body, callerOf(context).userId),
  );
  endpoints.register(reviewQueue, (context) =>
    approval.queue(deps, context.body, reviewScopeOf(context)),
  );
  endpoints.register(assignReview, ({ body }) => approval.assign(deps, body));
  endpoints.register(reviewGroupList, ({ body }) => approval.groups(deps, body));
  endpoints.register(saveReviewGroup, ({ body }) => approval.saveGroup(deps, body));
  endpoints.register(deleteReviewGroup, ({ body }) => approval.deleteGroup(deps, body.id));
  endpoints.register(reviewerList, ({ body }) => approval.reviewerList(deps, body));
  endpoints.register(saveReviewer, ({ body }) => approval.saveReviewer(deps, body));
  endpoints.register(reviewerOptions, ({ body }) => approval.reviewerOptions(deps, body.stage));
  endpoints.register(rejectionCodeList, ({ body }) => approval.rejectionList(deps, body));
  endpoints.register(saveRejectionCode, ({ body }) => approval.saveRejectionCode(deps, body));
  endpoints.register(setRejectionCodeStatus, ({ body }) =>
    approval.setRejectionCodeStatus(deps, body.id, body.enabled),
  );
  endpoints.register(deleteRejectionCode, ({ body }) =>
    approval.deleteRejectionCode(deps, body.id),
  );
  endpoints.register(reviewDecisionList, ({ body }) => approval.decisions(deps, body));
  endpoints.register(reviewerQuality, ({ body }) => approval.reviewerQuality(deps, body));
  endpoints.register(reviewForm, (context) =>
    approval.reviewForm(deps, context.body.orderNo, reviewScopeOf(context)),
  );
}
