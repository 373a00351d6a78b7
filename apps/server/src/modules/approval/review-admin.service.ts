import type { z } from 'zod';
import type {
  groupListBodySchema,
  groupSaveBodySchema,
  rejectionListBodySchema,
  rejectionSaveBodySchema,
  RejectionCode,
  reviewerListBodySchema,
  ReviewerOptions,
  ReviewerRow,
  reviewerSaveBodySchema,
  ReviewGroup,
} from '@lending/contract';
import { AppError } from '../../shared/app-error.js';
import type { ApprovalDeps } from './approval.deps.js';
import type { ReviewStage } from './approval.table.js';
import * as repo from './approval.repository.js';
import * as admin from './review-admin.repository.js';
import { ratePpm } from './review-figures.js';
import {
  lockOpenTasksOfReviewer,
  lockReviewAssignment,
  reassignTask,
} from './review-tasks.repository.js';
import { eligibleReviewers } from './review-tasks.service.js';

// Review administration (/approve reviewGroup, reviewerManage, approvalRejection): who reviews
// what, their duty and caps, and the rejection codes a decision may give.

/* ---------- groups ---------- */

export async function groups(deps: ApprovalDeps, body: z.output<typeof groupListBodySchema>) {
  const { list, total } = await repo.listGroups(deps.db, body);
  const ids = list.map((g) => g.id);
  const members = ids.length ? await admin.membersOfGroups(deps.db, ids) : [];
  const products = await admin.productNames(deps.db);
  const productName = new Map(products.map((p) => [p.id, p.name]));
  return {
    total,
    list: list.map((group): ReviewGroup => ({
      id: group.id,
      name: group.name,
      stage: group.stage,
      productIds: group.productIds,
      productNames: group.productIds.map((id) => productName.get(id) ?? `#${id}`),
      customerType: group.customerType,
      dailyCap: group.dailyCap,
      active: group.active,
      members: members.filter((m) => m.groupId === group.id).map((m) => m.name),
    })),
  };
}

export async function saveGroup(deps: ApprovalDeps, body: z.output<typeof groupSaveBodySchema>) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const clash = await admin.groupIdNamed(tx, body.name);
    if (clash !== undefined && clash !== body.id)
      throw new AppError('duplicate', { field: 'name' });
    if (
      body.productIds.length > 0 &&
      (await admin.countProducts(tx, body.productIds)) !== new Set(body.productIds).size
    ) {
      throw AppError.invalid('productIds', 'an unknown loan product');
    }
    const values = {
      name: body.name,
      stage: body.stage,
      productIds: [...new Set(body.productIds)],
      customerType: body.customerType,
      dailyCap: body.dailyCap,
      active: body.active,
    };
    if (body.id === undefined) {
      return { id: await admin.insertGroup(tx, { ...values, createdAt: now }) };
    }
    const existing = await admin.findGroup(tx, body.id);
    if (!existing) throw new AppError('notFound', { field: 'id', detail: String(body.id) });
    if (existing.stage !== body.stage && (await admin.groupHasMembers(tx, body.id))) {
      throw new AppError('conflict', { field: 'stage', detail: 'the group has members' });
    }
    await admin.updateGroup(tx, body.id, values);
    return { id: body.id };
  });
}

export async function deleteGroup(deps: ApprovalDeps, id: number) {
  return deps.db.transaction(async (tx) => {
    if (!(await admin.findGroup(tx, id)))
      throw new AppError('notFound', { field: 'id', detail: String(id) });
    if (await admin.groupHasMembers(tx, id))
      throw new AppError('conflict', { field: 'id', detail: 'the group has members' });
    await admin.deleteGroupRow(tx, id);
    return { id };
  });
}

/* ---------- reviewers ---------- */

export async function reviewerList(
  deps: ApprovalDeps,
  body: z.output<typeof reviewerListBodySchema>,
) {
  const { list, total } = await repo.listReviewers(deps.db, body, deps.clock.now());
  return {
    total,
    list: list.map((row): ReviewerRow => ({
      userId: row.reviewer.userId,
      name: row.name,
      groupId: row.group.id,
      groupName: row.group.name,
      stage: row.group.stage,
      onDuty: row.reviewer.onDuty,
      ownCap: row.reviewer.dailyCap,
      dailyCap: row.reviewer.dailyCap ?? row.group.dailyCap,
      pending: Number(row.pending),
      decidedToday: Number(row.decidedToday),
      passRatePpm: ratePpm(Number(row.passed), Number(row.decided)),
    })),
  };
}

/**
 * Adds or changes a reviewer. Going off duty (or to a group of another stage) releases their
 * waiting orders: each goes to the least-loaded eligible reviewer, or waits unassigned.
 */
export async function saveReviewer(
  deps: ApprovalDeps,
  body: z.output<typeof reviewerSaveBodySchema>,
) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const staff = await admin.staffStatusOf(tx, body.userId);
    if (!staff || staff.status !== 'enabled') {
      throw AppError.invalid('userId', 'no enabled staff account');
    }
    const group = await admin.findGroup(tx, body.groupId);
    if (!group) throw AppError.invalid('groupId', 'no such review group');
    await admin.upsertReviewer(tx, body, now);
    const releasing = await lockOpenTasksOfReviewer(
      tx,
      body.userId,
      body.onDuty ? group.stage : null,
    );
    if (releasing.length > 0) await lockReviewAssignment(tx);
    for (const { task, order } of releasing) {
      const next = (await eligibleReviewers(tx, order, task.stage, now)).find(
        (r) => r.userId !== body.userId,
      );
      await reassignTask(tx, task.id, next?.userId ?? null, now);
    }
    return { userId: body.userId, released: releasing.length };
  });
}

export async function reviewerOptions(
  deps: ApprovalDeps,
  stage: ReviewStage | undefined,
): Promise<ReviewerOptions> {
  const rows = await admin.reviewersWithStage(deps.db, stage);
  const staff = await admin.staffNotReviewing(deps.db);
  const groupRows = await admin.groupOptions(deps.db);
  const products = await admin.productNames(deps.db);
  return { reviewers: rows, staff, groups: groupRows, products };
}

/* ---------- rejection codes ---------- */

export async function rejectionList(
  deps: ApprovalDeps,
  body: z.output<typeof rejectionListBodySchema>,
) {
  const { list, total } = await repo.listRejectionCodes(deps.db, body);
  return {
    total,
    list: list.map(({ code, usedCount }): RejectionCode => ({
      id: code.id,
      code: code.code,
      textEn: code.textEn,
      textZh: code.textZh,
      stage: code.stage,
      reapplyAfterDays: code.reapplyAfterDays,
      blacklist: code.blacklist,
      borrowerMessage: code.borrowerMessage,
      enabled: code.enabled,
      usedCount: Number(usedCount),
    })),
  };
}

export async function saveRejectionCode(
  deps: ApprovalDeps,
  body: z.output<typeof rejectionSaveBodySchema>,
) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const clash = await admin.rejectionCodeIdOf(tx, body.code);
    if (clash !== undefined && clash !== body.id)
      throw new AppError('duplicate', { field: 'code' });
    const { id, ...values } = body;
    if (id === undefined) {
      return { id: await admin.insertRejectionCode(tx, { ...values, createdAt: now }) };
    }
    if (!(await admin.updateRejectionCode(tx, id, values)))
      throw new AppError('notFound', { field: 'id', detail: String(id) });
    return { id };
  });
}

export async function setRejectionCodeStatus(deps: ApprovalDeps, id: number, enabled: boolean) {
  if (!(await admin.updateRejectionCode(deps.db, id, { enabled })))
    throw new AppError('notFound', { field: 'id', detail: String(id) });
  return { id };
}

/** A code a decision used stays (the record names it): disable it instead (409). */
export async function deleteRejectionCode(deps: ApprovalDeps, id: number) {
  return deps.db.transaction(async (tx) => {
    const code = await admin.lockRejectionCode(tx, id);
    if (!code) throw new AppError('notFound', { field: 'id', detail: String(id) });
    if (await admin.rejectionCodeUsed(tx, id)) {
      throw new AppError('conflict', {
        field: 'id',
        detail: `rejection code ${code.code} was used: disable it instead`,
      });
    }
    await admin.deleteRejectionCodeRow(tx, id);
    return { id };
  });
}
