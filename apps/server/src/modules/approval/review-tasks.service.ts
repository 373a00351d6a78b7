import type { Executor } from '../../plugins/db.js';
import { AppError } from '../../shared/app-error.js';
import { indiaDateOf, startOfIndiaDate } from '../../shared/india-date.js';
import type {
  LoanOrderRow,
  ReviewDecisionDetails,
  ReviewScope,
  ReviewWork,
} from '../loan-book/index.js';
import { insertBlacklistEntriesUnlessActive } from '../risk/index.js';
import type {
  rejectionCodes,
  ReviewDecision,
  ReviewStage,
  ReviewTaskRow,
} from './approval.table.js';
import {
  customerIdentityOf,
  customerTypeOf,
  deleteOpenTasks,
  findRejectionCode,
  insertDecidedTask,
  insertMachineReferral,
  insertReviewTask,
  lockOpenTask,
  lockOpenTaskReviewer,
  lockReviewAssignment,
  reviewersUnderCap,
  updateReviewTask,
} from './review-tasks.repository.js';

// The review work of the loan book's review commands (decision 0059, Addendum: approval and
// risk off the book): queueing an order for a stage, the reach of a reviewer, the rejection
// code's effects, closing the task with the decision and the machine referral. The book asks
// for it through `LoanBookDeps.reviewWork` (`reviewWork` below, wired by app.ts), in the
// command's transaction after it locked the order row.

/**
 * The on-duty reviewers of an active group matching the order (stage, product, new/old) who
 * are under their daily cap, least loaded first (open tasks, then given today, then id).
 */
export async function eligibleReviewers(
  tx: Executor,
  order: Pick<LoanOrderRow, 'productId' | 'customerId' | 'firstReviewerId'>,
  stage: ReviewStage,
  now: Date,
) {
  const dayStart = startOfIndiaDate(indiaDateOf(now));
  const customerType = await customerTypeOf(tx, order.customerId);
  return reviewersUnderCap(tx, order, customerType ?? 'new', stage, dayStart);
}

/**
 * Queues the order for a stage: a picked reviewer (the first reviewer's 'select final
 * reviewer') must be eligible; otherwise the least-loaded eligible reviewer, or none (the
 * task waits unassigned for a lead to distribute it).
 */
export async function queueForReview(
  tx: Executor,
  order: LoanOrderRow,
  stage: ReviewStage,
  now: Date,
  picked?: { reviewerId: number; field: string },
): Promise<ReviewTaskRow> {
  await lockReviewAssignment(tx);
  const eligible = await eligibleReviewers(tx, order, stage, now);
  let reviewerId: number | null = eligible[0]?.userId ?? null;
  let assignedBy: 'auto' | 'picked' = 'auto';
  if (picked) {
    if (!eligible.some((row) => row.userId === picked.reviewerId)) {
      throw AppError.invalid(
        picked.field,
        'not an on-duty final reviewer of this order under their daily cap (never the first reviewer)',
      );
    }
    reviewerId = picked.reviewerId;
    assignedBy = 'picked';
  }
  return insertReviewTask(tx, {
    orderId: order.id,
    stage,
    reviewerId,
    queuedAt: now,
    assignedAt: reviewerId === null ? null : now,
    assignedBy: reviewerId === null ? null : assignedBy,
  });
}

/** An enabled rejection code for the stage, or a 400 naming `rejectionCodeId`. */
export async function usableRejectionCode(tx: Executor, id: number, stage: ReviewStage) {
  const code = await findRejectionCode(tx, id);
  if (!code || !code.enabled || (code.stage !== stage && code.stage !== 'any')) {
    throw AppError.invalid(
      'rejectionCodeId',
      `no enabled rejection code ${id} for ${stage} review`,
    );
  }
  return code;
}

/**
 * What a rejection code does beyond the decision: a code marked `blacklist` puts the
 * customer's phone (and PAN, when that is their ID) on the blacklist that machine review
 * applies, source 'rejectionCode' so the blacklist screen tells it from a manual entry. An
 * entry already active stays as it was. (The code's re-apply days are read by the borrower
 * app from the rejected order's task; see `reapplyDaysOfLastRejection`.)
 */
export async function applyRejectionCode(
  tx: Executor,
  order: Pick<LoanOrderRow, 'customerId' | 'orderNo'>,
  code: Pick<typeof rejectionCodes.$inferSelect, 'code' | 'textEn' | 'blacklist'>,
  actorId: number,
  now: Date,
): Promise<void> {
  if (!code.blacklist) return;
  const customer = await customerIdentityOf(tx, order.customerId);
  if (!customer) return;
  const reason = `Rejection code ${code.code} on ${order.orderNo}: ${code.textEn}`;
  const entries: { kind: 'phone' | 'pan'; value: string }[] = [
    { kind: 'phone', value: customer.phone },
  ];
  if (customer.idType === 'pan' && customer.idNumber) {
    entries.push({ kind: 'pan', value: customer.idNumber.toUpperCase() });
  }
  await insertBlacklistEntriesUnlessActive(
    tx,
    entries.map((entry) => ({
      ...entry,
      reason,
      source: 'rejectionCode' as const,
      addedBy: actorId,
      addedAt: now,
    })),
  );
}

/**
 * Closes the order's open task of the stage with the decision. The order row is locked by the
 * command, so two decisions never both find the task open; a reviewer other than the assigned
 * one is refused (403) unless they see all. An order queued before tasks existed gets one.
 */
export async function closeTask(
  tx: Executor,
  order: LoanOrderRow,
  stage: ReviewStage,
  decision: ReviewDecision,
  scope: ReviewScope,
  details: ReviewDecisionDetails,
  now: Date,
): Promise<void> {
  const open = await lockOpenTask(tx, order.id, stage);
  if (open && open.reviewerId !== null && open.reviewerId !== scope.callerId && !scope.seesAll) {
    throw new AppError('forbidden', { field: 'orderId' });
  }
  const values = {
    decidedAt: now,
    decidedBy: scope.callerId,
    decision,
    rejectionCodeId: details.rejectionCodeId ?? null,
    remarks: details.remarks ?? null,
    checklist: details.checklist ?? null,
    approvedPrincipalPaise: details.approvedPrincipalPaise ?? null,
  };
  if (open) {
    await updateReviewTask(tx, open.id, values);
    return;
  }
  await insertDecidedTask(tx, {
    orderId: order.id,
    stage,
    reviewerId: scope.callerId,
    queuedAt: now,
    assignedAt: now,
    assignedBy: 'manual',
    ...values,
  });
}

/**
 * Record scope, checked before anything else: a reviewer who is not a lead reaches only an
 * open task assigned to them (or one not yet assigned).
 */
export async function assertReach(
  tx: Executor,
  orderId: number,
  stage: ReviewStage,
  scope: ReviewScope,
): Promise<void> {
  if (scope.seesAll) return;
  // Locked, so a lead's reassignment in flight is waited for and then read (decision 0030).
  const open = await lockOpenTaskReviewer(tx, orderId, stage);
  if (open && open.reviewerId !== null && open.reviewerId !== scope.callerId) {
    throw new AppError('forbidden', { field: 'orderId' });
  }
}

/** The review work as the loan book's commands ask for it (`LoanBookDeps.reviewWork`). */
export const reviewWork: ReviewWork = {
  assertReach,
  async useRejectionCode(tx, order, use) {
    const code = await usableRejectionCode(tx, use.codeId, use.stage);
    if (use.rejecting) await applyRejectionCode(tx, order, code, use.actorId, use.now);
  },
  closeTask,
  async queueForReview(tx, order, stage, now, picked) {
    await queueForReview(tx, order, stage, now, picked);
  },
  // A cancelled order leaves no open review work behind.
  dropOpenTasks: deleteOpenTasks,
  recordMachineReferral: insertMachineReferral,
};
