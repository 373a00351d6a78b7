import type { z } from 'zod';
import type {
  assignBodySchema,
  queueListBodySchema,
  QueueRow,
  ReviewForm,
} from '@lending/contract';
import type { Executor } from '../../plugins/db.js';
import { AppError } from '../../shared/app-error.js';
import { paiseFromDb, paiseToApi } from '../../shared/paise.js';
import { maskName, maskPhone } from '../../shared/pii.js';
import { toIso, toIsoOrNull } from '../../shared/timestamps.js';
import { termsFromJson, type ReviewScope } from '../loan-book/index.js';
import type { ApprovalDeps } from './approval.deps.js';
import type { ReviewStage } from './approval.table.js';
import * as repo from './approval.repository.js';
import { reviewerStage } from './review-admin.repository.js';
import { minutesBetween } from './review-figures.js';
import { assignTasks, lockOpenTasksOf } from './review-tasks.repository.js';
import { eligibleReviewers } from './review-tasks.service.js';

// The review queues (/approve firstReview, finalReview): the tasks, a lead's distribution of
// them, and the form a reviewer decides on (the decision itself is the book's command).

export async function queue(
  deps: ApprovalDeps,
  body: z.output<typeof queueListBodySchema>,
  scope: ReviewScope,
) {
  const now = deps.clock.now();
  const { list, total } = await repo.listQueue(
    deps.db,
    body,
    scope.seesAll ? null : scope.callerId,
  );
  const checking = await deps.checkingStatusOf(
    deps.db,
    list.map((row) => row.order.id),
  );
  return {
    total,
    list: list.map((row): QueueRow => ({
      taskId: row.task.id,
      orderId: row.order.id,
      orderNo: row.order.orderNo,
      customerName: maskName(row.customer.name),
      phone: maskPhone(row.customer.phone),
      principalPaise: paiseToApi(row.order.principalPaise),
      customerType: row.customer.customerType,
      productName: row.productName,
      channel: row.customer.channel,
      machineScore: row.order.machineScore,
      reviewerId: row.task.reviewerId,
      reviewerName: row.reviewerName,
      queuedAt: toIso(row.task.queuedAt),
      waitingMinutes: minutesBetween(row.task.queuedAt, row.task.decidedAt ?? now),
      decidedAt: toIsoOrNull(row.task.decidedAt),
      decision: row.task.decision,
      rejectionCode: row.rejectionCode,
      remarks: row.task.remarks,
      // Its latest verification call's result, or not_checked before one (decision 0078).
      checkingStatus: checking.get(row.order.id) ?? 'not_checked',
    })),
  };
}

/** A reviewer of the stage's group who is on duty (a hand assignment may exceed the cap). */
async function onDutyFor(db: Executor, userId: number, stage: ReviewStage) {
  const row = await reviewerStage(db, userId);
  return !!row && row.onDuty && row.active && row.stage === stage;
}

/** 'select distribution personnel' → 'Success distribute': waiting orders to one reviewer. */
export async function assign(deps: ApprovalDeps, body: z.output<typeof assignBodySchema>) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const tasks = await lockOpenTasksOf(tx, body.taskIds);
    if (tasks.length !== new Set(body.taskIds).size) {
      throw new AppError('conflict', { field: 'taskIds', detail: 'an order was decided already' });
    }
    for (const { task, firstReviewerId } of tasks) {
      if (!(await onDutyFor(tx, body.reviewerId, task.stage))) {
        throw AppError.invalid('reviewerId', `not an on-duty ${task.stage} reviewer`);
      }
      if (task.stage === 'final' && firstReviewerId === body.reviewerId) {
        throw AppError.invalid('reviewerId', 'the first reviewer cannot do the final review');
      }
    }
    await assignTasks(tx, body.taskIds, body.reviewerId, now);
    return { assigned: tasks.length };
  });
}

export async function reviewForm(
  deps: ApprovalDeps,
  orderNo: string,
  scope: ReviewScope,
): Promise<ReviewForm> {
  const order = await repo.findOrderByNo(deps.db, orderNo);
  if (!order) throw new AppError('notFound', { field: 'orderNo', detail: orderNo });
  const stage: ReviewStage | null =
    order.status === 'FIRST_REVIEW' ? 'first' : order.status === 'FINAL_REVIEW' ? 'final' : null;
  const task = stage ? await repo.openTaskWithReviewer(deps.db, order.id, stage) : undefined;
  const assignedTo = task?.reviewerId ?? null;
  const canDecide =
    stage !== null &&
    (scope.seesAll || assignedTo === null || assignedTo === scope.callerId) &&
    !(stage === 'final' && order.firstReviewerId === scope.callerId);
  const codes = stage ? await repo.usableCodesOfStage(deps.db, stage) : [];
  let finalReviewers: { userId: number; name: string }[] = [];
  if (stage === 'first') {
    const eligible = await eligibleReviewers(
      deps.db,
      { ...order, firstReviewerId: scope.callerId },
      'final',
      deps.clock.now(),
    );
    const ids = eligible.map((r) => r.userId).filter((id) => id !== scope.callerId);
    if (ids.length) {
      const names = await repo.staffNamesOf(deps.db, ids);
      finalReviewers = ids.map((id) => ({
        userId: id,
        name: names.find((n) => n.userId === id)?.name ?? `#${id}`,
      }));
    }
  }
  return {
    orderId: order.id,
    orderNo: order.orderNo,
    status: order.status,
    stage,
    reviewerName: task?.name ?? null,
    canDecide,
    principalPaise: paiseToApi(order.principalPaise),
    minPrincipalPaise: paiseToApi(paiseFromDb(termsFromJson(order.terms).minPrincipal)),
    rejectionCodes: codes,
    finalReviewers,
  };
}
