import { defineEndpoint } from '../endpoint.js';
import { orderCommandRetSchema } from '../loan-book/loan-book.schema.js';
import {
  assignBodySchema,
  assignRetSchema,
  decisionListBodySchema,
  decisionListRetSchema,
  groupListBodySchema,
  groupListRetSchema,
  groupSaveBodySchema,
  idBodySchema,
  machineDetailBodySchema,
  machineDetailRetSchema,
  machineListBodySchema,
  machineListRetSchema,
  machineReferBodySchema,
  okRetSchema,
  queueListBodySchema,
  queueListRetSchema,
  rejectionListBodySchema,
  rejectionListRetSchema,
  rejectionSaveBodySchema,
  rejectionStatusBodySchema,
  reviewFormBodySchema,
  reviewFormRetSchema,
  reviewerListBodySchema,
  reviewerListRetSchema,
  reviewerOptionsBodySchema,
  reviewerOptionsRetSchema,
  reviewerQualityBodySchema,
  reviewerQualityRetSchema,
  reviewerSaveBodySchema,
  reviewerSaveRetSchema,
} from './approval.schema.js';

export const machineList = defineEndpoint({
  id: 'approve.machine_list',
  method: 'POST',
  summary: 'The machine review decisions: score, rules hit, first refusing rule, version',
  access: 'granted',
  mutates: false,
  body: machineListBodySchema,
  query: undefined,
  ret: machineListRetSchema,
});

export const machineDetail = defineEndpoint({
  id: 'approve.machine_detail',
  method: 'POST',
  summary: "One order's machine review, rule by rule",
  access: 'granted',
  mutates: false,
  errors: ['notFound'],
  body: machineDetailBodySchema,
  query: undefined,
  ret: machineDetailRetSchema,
});

export const machineRefer = defineEndpoint({
  id: 'approve.machine_refer',
  method: 'POST',
  summary: 'Refer a machine rejection to manual (first) review with a reason code',
  access: 'granted',
  mutates: true,
  errors: ['idempotencyKeyReused', 'notFound', 'orderStateConflict'],
  body: machineReferBodySchema,
  query: undefined,
  ret: orderCommandRetSchema,
});

export const reviewQueue = defineEndpoint({
  id: 'approve.queue_list',
  method: 'POST',
  summary: 'First and final review queues: waiting, passed, rejected',
  access: 'granted',
  mutates: false,
  body: queueListBodySchema,
  query: undefined,
  ret: queueListRetSchema,
});

export const assignReview = defineEndpoint({
  id: 'approve.assign',
  method: 'POST',
  summary: 'Distribute waiting orders to a reviewer (a lead sees every queue)',
  access: 'granted',
  mutates: true,
  errors: ['conflict'],
  body: assignBodySchema,
  query: undefined,
  ret: assignRetSchema,
});

export const reviewGroupList = defineEndpoint({
  id: 'approve.group_list',
  method: 'POST',
  summary: 'Review groups: stage, members, products, new/old, daily cap',
  access: 'granted',
  mutates: false,
  body: groupListBodySchema,
  query: undefined,
  ret: groupListRetSchema,
});

export const saveReviewGroup = defineEndpoint({
  id: 'approve.group_save',
  method: 'POST',
  summary: 'Create or change a review group',
  access: 'granted',
  mutates: true,
  errors: ['conflict', 'duplicate', 'notFound'],
  body: groupSaveBodySchema,
  query: undefined,
  ret: okRetSchema,
});

export const deleteReviewGroup = defineEndpoint({
  id: 'approve.group_delete',
  method: 'POST',
  summary: 'Delete a review group without members',
  access: 'granted',
  mutates: true,
  errors: ['conflict', 'notFound'],
  body: idBodySchema,
  query: undefined,
  ret: okRetSchema,
});

export const reviewerList = defineEndpoint({
  id: 'approve.reviewer_list',
  method: 'POST',
  summary: 'Reviewers: group, on duty, cap, pending, decided today, pass rate',
  access: 'granted',
  mutates: false,
  body: reviewerListBodySchema,
  query: undefined,
  ret: reviewerListRetSchema,
});

export const saveReviewer = defineEndpoint({
  id: 'approve.reviewer_save',
  method: 'POST',
  summary: 'Add or change a reviewer; off duty releases their queue',
  access: 'granted',
  mutates: true,
  body: reviewerSaveBodySchema,
  query: undefined,
  ret: reviewerSaveRetSchema,
});

export const reviewerOptions = defineEndpoint({
  id: 'approve.reviewer_options',
  method: 'POST',
  summary: 'Reviewers, staff, groups and products to choose from',
  access: 'granted',
  mutates: false,
  body: reviewerOptionsBodySchema,
  query: undefined,
  ret: reviewerOptionsRetSchema,
});

export const rejectionCodeList = defineEndpoint({
  id: 'approve.rejection_list',
  method: 'POST',
  summary: 'Rejection codes with their texts, stage and effect',
  access: 'granted',
  mutates: false,
  body: rejectionListBodySchema,
  query: undefined,
  ret: rejectionListRetSchema,
});

export const saveRejectionCode = defineEndpoint({
  id: 'approve.rejection_save',
  method: 'POST',
  summary: 'Create or change a rejection code',
  access: 'granted',
  mutates: true,
  errors: ['duplicate', 'notFound'],
  body: rejectionSaveBodySchema,
  query: undefined,
  ret: okRetSchema,
});

export const setRejectionCodeStatus = defineEndpoint({
  id: 'approve.rejection_status',
  method: 'POST',
  summary: 'Enable or disable a rejection code',
  access: 'granted',
  mutates: true,
  errors: ['notFound'],
  body: rejectionStatusBodySchema,
  query: undefined,
  ret: okRetSchema,
});

export const deleteRejectionCode = defineEndpoint({
  id: 'approve.rejection_delete',
  method: 'POST',
  summary: 'Delete a rejection code that was never used',
  access: 'granted',
  mutates: true,
  errors: ['conflict', 'notFound'],
  body: idBodySchema,
  query: undefined,
  ret: okRetSchema,
});

export const reviewDecisionList = defineEndpoint({
  id: 'approve.decision_list',
  method: 'POST',
  summary: 'Every review decision: stage, reviewer, decision, code, minutes',
  access: 'granted',
  mutates: false,
  body: decisionListBodySchema,
  query: undefined,
  ret: decisionListRetSchema,
});

export const reviewerQuality = defineEndpoint({
  id: 'approve.reviewer_quality',
  method: 'POST',
  summary: 'Per reviewer: assigned, decided, pass rate, median minutes, later overdue',
  access: 'granted',
  mutates: false,
  body: reviewerQualityBodySchema,
  query: undefined,
  ret: reviewerQualityRetSchema,
});

export const reviewForm = defineEndpoint({
  id: 'approve.review_form',
  method: 'POST',
  summary: "What the approval detail's review form needs for one order",
  access: 'granted',
  mutates: false,
  errors: ['notFound'],
  body: reviewFormBodySchema,
  query: undefined,
  ret: reviewFormRetSchema,
});

/** The approval screens' calls (the decisions themselves are the loan book's order.first_review / final_review). */
export const approvalEndpoints = [
  machineList,
  machineDetail,
  machineRefer,
  reviewQueue,
  assignReview,
  reviewGroupList,
  saveReviewGroup,
  deleteReviewGroup,
  reviewerList,
  saveReviewer,
  reviewerOptions,
  rejectionCodeList,
  saveRejectionCode,
  setRejectionCodeStatus,
  deleteRejectionCode,
  reviewDecisionList,
  reviewerQuality,
  reviewForm,
] as const;
