import { and, asc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type {
  assignBodySchema,
  decisionListBodySchema,
  DecisionRow,
  groupListBodySchema,
  groupSaveBodySchema,
  machineListBodySchema,
  MachineDetail,
  machineReferBodySchema,
  MachineRow,
  queueListBodySchema,
  QueueRow,
  rejectionListBodySchema,
  rejectionSaveBodySchema,
  RejectionCode,
  reviewerListBodySchema,
  ReviewerOptions,
  reviewerQualityBodySchema,
  ReviewerQualityRow,
  ReviewerRow,
  reviewerSaveBodySchema,
  ReviewForm,
  ReviewGroup,
} from '@lending/contract';
import type { z } from 'zod';
import type { Database, Executor } from '../../plugins/db.js';
import { AppError } from '../../shared/app-error.js';
import type { Clock } from '../../shared/clock.js';
import { startOfIndiaDate } from '../../shared/india-date.js';
import { paiseFromDb, paiseToApi } from '../../shared/paise.js';
import { maskName, maskPhone } from '../../shared/pii.js';
import { queryRows } from '../../shared/sql-rows.js';
import { toIso, toIsoOrNull } from '../../shared/timestamps.js';
import { addDays } from '@lending/lending';
import {
  eligibleReviewers,
  lockReviewAssignment,
  referMachineRejection,
  termsFromJson,
  type LoanBookDeps,
  type LoanOrderRow,
  type ReviewScope,
} from '../loan-book/index.js';
import { loanOrders, loanProducts, riskRuleResults, riskRules } from '../loan-book/tables.js';
import { staffUsers } from '../user/tables.js';
import {
  rejectionCodes,
  reviewers,
  reviewGroups,
  reviewTasks,
  type ReviewStage,
} from './approval.table.js';
import * as repo from './approval.repository.js';

export interface ApprovalDeps {
  db: Database;
  clock: Clock;
  loanBook: LoanBookDeps;
}

const minutesBetween = (from: Date, to: Date) =>
  Math.max(0, Math.floor((to.getTime() - from.getTime()) / 60_000));

const ratePpm = (part: number, whole: number) =>
  whole === 0 ? null : Math.round((part * 1_000_000) / whole);

/* ---------- machine review ---------- */

export async function machineList(
  deps: ApprovalDeps,
  body: z.output<typeof machineListBodySchema>,
) {
  const { list, total } = await repo.listMachineDecisions(deps.db, body);
  return {
    total,
    list: list.map((row): MachineRow => ({
      id: row.order.id,
      orderNo: row.order.orderNo,
      customerName: maskName(row.customer.name),
      phone: maskPhone(row.customer.phone),
      productName: row.productName,
      customerType: row.customer.customerType,
      principalPaise: paiseToApi(row.order.principalPaise),
      machineResult: row.order.machineResult ?? 'pass',
      machineScore: row.order.machineScore,
      rulesHit: Number(row.rulesHit),
      firstRefusingRule: row.firstRefusingRule,
      ruleSetVersion: row.order.ruleSetVersion,
      decidedAt: toIso(row.order.machineReviewedAt ?? row.order.appliedAt),
      status: row.order.status,
      referred: Boolean(row.referred),
    })),
  };
}

async function orderByNo(db: Executor, orderNo: string): Promise<LoanOrderRow> {
  const [order] = await db.select().from(loanOrders).where(eq(loanOrders.orderNo, orderNo));
  if (!order) throw new AppError('notFound', { field: 'orderNo', detail: orderNo });
  return order;
}

export async function machineDetail(deps: ApprovalDeps, orderNo: string): Promise<MachineDetail> {
  const order = await orderByNo(deps.db, orderNo);
  const rules = await deps.db
    .select({ result: riskRuleResults, rule: riskRules })
    .from(riskRuleResults)
    .innerJoin(riskRules, eq(riskRules.id, riskRuleResults.ruleId))
    .where(eq(riskRuleResults.orderId, order.id))
    .orderBy(asc(riskRules.id));
  const [referral] = await repo.referralOf(deps.db, order.id);
  return {
    orderId: order.id,
    orderNo: order.orderNo,
    status: order.status,
    machineResult: order.machineResult,
    machineScore: order.machineScore,
    ruleSetVersion: order.ruleSetVersion,
    decidedAt: toIsoOrNull(order.machineReviewedAt),
    rules: rules.map(({ result, rule }) => ({
      ruleName: rule.ruleName,
      className: rule.className,
      fieldName: rule.fieldName,
      expression: rule.expression,
      comparisonValue: rule.comparisonValue,
      value: result.value,
      hit: result.hit,
      score: result.score,
      weight: rule.weight,
      level: rule.level,
    })),
    referable:
      order.status === 'REJECTED' &&
      order.machineResult === 'reject' &&
      order.firstReviewerId === null,
    referral: referral
      ? {
          reasonCode: referral.referral.reasonCode,
          remarks: referral.referral.remarks,
          by: referral.by ?? '',
          at: toIso(referral.referral.at),
        }
      : null,
  };
}

export function machineRefer(
  deps: ApprovalDeps,
  body: z.output<typeof machineReferBodySchema>,
  actorId: number,
) {
  return referMachineRejection(deps.loanBook, body, actorId);
}

/* ---------- queues ---------- */

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
      checkingStatus: row.checkingStatus,
    })),
  };
}

/** A reviewer of the stage's group who is on duty (a hand assignment may exceed the cap). */
async function reviewerForStage(db: Executor, userId: number, stage: ReviewStage) {
  const [row] = await db
    .select({ onDuty: reviewers.onDuty, stage: reviewGroups.stage, active: reviewGroups.active })
    .from(reviewers)
    .innerJoin(reviewGroups, eq(reviewGroups.id, reviewers.groupId))
    .where(eq(reviewers.userId, userId));
  return row && row.onDuty && row.active && row.stage === stage ? row : undefined;
}

/** 'select distribution personnel' → 'Success distribute': waiting orders to one reviewer. */
export async function assign(deps: ApprovalDeps, body: z.output<typeof assignBodySchema>) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const tasks = await tx
      .select({ task: reviewTasks, firstReviewerId: loanOrders.firstReviewerId })
      .from(reviewTasks)
      .innerJoin(loanOrders, eq(loanOrders.id, reviewTasks.orderId))
      .where(and(inArray(reviewTasks.id, body.taskIds), isNull(reviewTasks.decidedAt)))
      // The tasks only: a decision locks its order first and its task second, so locking the
      // orders here too (a join's FOR UPDATE locks every table) could deadlock with it.
      .for('update', { of: reviewTasks });
    if (tasks.length !== new Set(body.taskIds).size) {
      throw new AppError('conflict', { field: 'taskIds', detail: 'an order was decided already' });
    }
    for (const { task, firstReviewerId } of tasks) {
      if (!(await reviewerForStage(tx, body.reviewerId, task.stage))) {
        throw AppError.invalid('reviewerId', `not an on-duty ${task.stage} reviewer`);
      }
      if (task.stage === 'final' && firstReviewerId === body.reviewerId) {
        throw AppError.invalid('reviewerId', 'the first reviewer cannot do the final review');
      }
    }
    await tx
      .update(reviewTasks)
      .set({ reviewerId: body.reviewerId, assignedAt: now, assignedBy: 'manual' })
      .where(inArray(reviewTasks.id, body.taskIds));
    return { assigned: tasks.length };
  });
}

/* ---------- groups ---------- */

export async function groups(deps: ApprovalDeps, body: z.output<typeof groupListBodySchema>) {
  const { list, total } = await repo.listGroups(deps.db, body);
  const ids = list.map((g) => g.id);
  const members = ids.length
    ? await deps.db
        .select({ groupId: reviewers.groupId, name: staffUsers.name })
        .from(reviewers)
        .innerJoin(staffUsers, eq(staffUsers.id, reviewers.userId))
        .where(inArray(reviewers.groupId, ids))
        .orderBy(asc(staffUsers.name))
    : [];
  const products = await deps.db
    .select({ id: loanProducts.id, name: loanProducts.name })
    .from(loanProducts);
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
    const [clash] = await tx
      .select({ id: reviewGroups.id })
      .from(reviewGroups)
      .where(eq(reviewGroups.name, body.name));
    if (clash && clash.id !== body.id) throw new AppError('duplicate', { field: 'name' });
    if (body.productIds.length > 0) {
      const found = await tx
        .select({ id: loanProducts.id })
        .from(loanProducts)
        .where(inArray(loanProducts.id, body.productIds));
      if (found.length !== new Set(body.productIds).size) {
        throw AppError.invalid('productIds', 'an unknown loan product');
      }
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
      const [row] = await tx
        .insert(reviewGroups)
        .values({ ...values, createdAt: now })
        .returning({ id: reviewGroups.id });
      return { id: row!.id };
    }
    const [existing] = await tx.select().from(reviewGroups).where(eq(reviewGroups.id, body.id));
    if (!existing) throw new AppError('notFound', { field: 'id', detail: String(body.id) });
    if (existing.stage !== body.stage) {
      const [member] = await tx
        .select({ userId: reviewers.userId })
        .from(reviewers)
        .where(eq(reviewers.groupId, body.id));
      if (member) {
        throw new AppError('conflict', { field: 'stage', detail: 'the group has members' });
      }
    }
    await tx.update(reviewGroups).set(values).where(eq(reviewGroups.id, body.id));
    return { id: body.id };
  });
}

export async function deleteGroup(deps: ApprovalDeps, id: number) {
  return deps.db.transaction(async (tx) => {
    const [existing] = await tx.select().from(reviewGroups).where(eq(reviewGroups.id, id));
    if (!existing) throw new AppError('notFound', { field: 'id', detail: String(id) });
    const [member] = await tx
      .select({ userId: reviewers.userId })
      .from(reviewers)
      .where(eq(reviewers.groupId, id));
    if (member) throw new AppError('conflict', { field: 'id', detail: 'the group has members' });
    await tx.delete(reviewGroups).where(eq(reviewGroups.id, id));
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
    const [staff] = await tx
      .select({ id: staffUsers.id, status: staffUsers.status })
      .from(staffUsers)
      .where(eq(staffUsers.id, body.userId));
    if (!staff || staff.status !== 'enabled') {
      throw AppError.invalid('userId', 'no enabled staff account');
    }
    const [group] = await tx.select().from(reviewGroups).where(eq(reviewGroups.id, body.groupId));
    if (!group) throw AppError.invalid('groupId', 'no such review group');
    await tx
      .insert(reviewers)
      .values({ ...body, updatedAt: now })
      .onConflictDoUpdate({
        target: reviewers.userId,
        set: {
          groupId: body.groupId,
          onDuty: body.onDuty,
          dailyCap: body.dailyCap,
          updatedAt: now,
        },
      });
    const releasing = await tx
      .select({ task: reviewTasks, order: loanOrders })
      .from(reviewTasks)
      .innerJoin(loanOrders, eq(loanOrders.id, reviewTasks.orderId))
      .where(
        and(
          eq(reviewTasks.reviewerId, body.userId),
          isNull(reviewTasks.decidedAt),
          body.onDuty ? sql`${reviewTasks.stage} <> ${group.stage}` : sql`true`,
        ),
      )
      .orderBy(asc(reviewTasks.queuedAt))
      .for('update', { of: reviewTasks });
    if (releasing.length > 0) await lockReviewAssignment(tx);
    for (const { task, order } of releasing) {
      const next = (await eligibleReviewers(tx, order, task.stage, now)).find(
        (r) => r.userId !== body.userId,
      );
      await tx
        .update(reviewTasks)
        .set({
          reviewerId: next?.userId ?? null,
          assignedAt: next ? now : null,
          assignedBy: next ? 'auto' : null,
        })
        .where(eq(reviewTasks.id, task.id));
    }
    return { userId: body.userId, released: releasing.length };
  });
}

export async function reviewerOptions(
  deps: ApprovalDeps,
  stage: ReviewStage | undefined,
): Promise<ReviewerOptions> {
  const rows = await deps.db
    .select({
      userId: reviewers.userId,
      name: staffUsers.name,
      stage: reviewGroups.stage,
      onDuty: reviewers.onDuty,
    })
    .from(reviewers)
    .innerJoin(staffUsers, eq(staffUsers.id, reviewers.userId))
    .innerJoin(reviewGroups, eq(reviewGroups.id, reviewers.groupId))
    .where(stage ? eq(reviewGroups.stage, stage) : undefined)
    .orderBy(asc(staffUsers.name));
  const all = await deps.db.select({ userId: reviewers.userId }).from(reviewers);
  const staff = await deps.db
    .select({ userId: staffUsers.id, name: staffUsers.name })
    .from(staffUsers)
    .where(
      and(
        eq(staffUsers.status, 'enabled'),
        all.length
          ? notInArray(
              staffUsers.id,
              all.map((r) => r.userId),
            )
          : undefined,
      ),
    )
    .orderBy(asc(staffUsers.name));
  const groupRows = await deps.db
    .select({ id: reviewGroups.id, name: reviewGroups.name, stage: reviewGroups.stage })
    .from(reviewGroups)
    .orderBy(asc(reviewGroups.id));
  const products = await deps.db
    .select({ id: loanProducts.id, name: loanProducts.name })
    .from(loanProducts)
    .orderBy(asc(loanProducts.id));
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
    const [clash] = await tx
      .select({ id: rejectionCodes.id })
      .from(rejectionCodes)
      .where(eq(rejectionCodes.code, body.code));
    if (clash && clash.id !== body.id) throw new AppError('duplicate', { field: 'code' });
    const { id, ...values } = body;
    if (id === undefined) {
      const [row] = await tx
        .insert(rejectionCodes)
        .values({ ...values, createdAt: now })
        .returning({ id: rejectionCodes.id });
      return { id: row!.id };
    }
    const [row] = await tx
      .update(rejectionCodes)
      .set(values)
      .where(eq(rejectionCodes.id, id))
      .returning({ id: rejectionCodes.id });
    if (!row) throw new AppError('notFound', { field: 'id', detail: String(id) });
    return { id };
  });
}

export async function setRejectionCodeStatus(deps: ApprovalDeps, id: number, enabled: boolean) {
  const [row] = await deps.db
    .update(rejectionCodes)
    .set({ enabled })
    .where(eq(rejectionCodes.id, id))
    .returning({ id: rejectionCodes.id });
  if (!row) throw new AppError('notFound', { field: 'id', detail: String(id) });
  return { id };
}

/** A code a decision used stays (the record names it): disable it instead (409). */
export async function deleteRejectionCode(deps: ApprovalDeps, id: number) {
  return deps.db.transaction(async (tx) => {
    const [code] = await tx
      .select()
      .from(rejectionCodes)
      .where(eq(rejectionCodes.id, id))
      .for('update');
    if (!code) throw new AppError('notFound', { field: 'id', detail: String(id) });
    const [used] = await tx
      .select({ id: reviewTasks.id })
      .from(reviewTasks)
      .where(eq(reviewTasks.rejectionCodeId, id))
      .limit(1);
    if (used) {
      throw new AppError('conflict', {
        field: 'id',
        detail: `rejection code ${code.code} was used: disable it instead`,
      });
    }
    await tx.delete(rejectionCodes).where(eq(rejectionCodes.id, id));
    return { id };
  });
}

/* ---------- decisions and quality ---------- */

export async function decisions(deps: ApprovalDeps, body: z.output<typeof decisionListBodySchema>) {
  const { list, total } = await repo.listDecisions(deps.db, body);
  return {
    total,
    list: list.map((row): DecisionRow => ({
      taskId: row.task.id,
      orderId: row.task.orderId,
      orderNo: row.orderNo,
      stage: row.task.stage,
      reviewerName: row.reviewerName,
      decision: row.task.decision ?? 'pass',
      rejectionCode: row.rejectionCode,
      remarks: row.task.remarks,
      approvedPrincipalPaise:
        row.task.approvedPrincipalPaise === null
          ? null
          : paiseToApi(row.task.approvedPrincipalPaise),
      minutes: minutesBetween(
        row.task.assignedAt ?? row.task.queuedAt,
        row.task.decidedAt ?? row.task.queuedAt,
      ),
      decidedAt: toIso(row.task.decidedAt ?? row.task.queuedAt),
    })),
  };
}

/**
 * Per reviewer over the decisions in the range: assigned, decided, pass rate, median minutes,
 * and of the loans they passed that were disbursed, how many defaulted on the first (and only)
 * payment, and how many ran 7+ and 30+ days overdue (now, or before clearing).
 */
export async function reviewerQuality(
  deps: ApprovalDeps,
  body: z.output<typeof reviewerQualityBodySchema>,
) {
  const from = body.dateFrom ? startOfIndiaDate(body.dateFrom).toISOString() : null;
  const to = body.dateTo ? startOfIndiaDate(addDays(body.dateTo, 1)).toISOString() : null;
  const inRange = sql`(${from}::timestamptz is null or t.queued_at >= ${from}::timestamptz) and (${to}::timestamptz is null or t.queued_at < ${to}::timestamptz)`;
  const rows = await queryRows(
    deps.db,
    sql`
      with t as (
        select t.*, o.status, o.principal_disbursed_paise, o.overdue_days, o.closure_type,
               coalesce(o.cleared_date - o.due_date, 0) as cleared_late_days
        from review_tasks t join loan_orders o on o.id = t.order_id
        where ${inRange}
      ), people as (
        select reviewer_id as id from t where reviewer_id is not null
        union select decided_by from t where decided_by is not null
      )
      select p.id as reviewer_id, s.name as reviewer_name,
        (select count(*)::int from t where t.reviewer_id = p.id) as assigned,
        (select count(*)::int from t where t.decided_by = p.id) as decided,
        (select count(*)::int from t where t.decided_by = p.id and t.decision = 'pass') as passed,
        (select percentile_cont(0.5) within group (order by extract(epoch from (t.decided_at - coalesce(t.assigned_at, t.queued_at))) / 60)
           from t where t.decided_by = p.id) as median_minutes,
        (select count(distinct t.order_id)::int from t where t.decided_by = p.id and t.decision = 'pass' and t.principal_disbursed_paise > 0) as loans,
        (select count(distinct t.order_id)::int from t where t.decided_by = p.id and t.decision = 'pass' and t.principal_disbursed_paise > 0
           and (t.status in ('OVERDUE', 'WRITTEN_OFF') or t.closure_type = 'OVERDUE_CLEAR')) as fpd,
        (select count(distinct t.order_id)::int from t where t.decided_by = p.id and t.decision = 'pass' and t.principal_disbursed_paise > 0
           and greatest(t.overdue_days, t.cleared_late_days) >= 7) as overdue7,
        (select count(distinct t.order_id)::int from t where t.decided_by = p.id and t.decision = 'pass' and t.principal_disbursed_paise > 0
           and greatest(t.overdue_days, t.cleared_late_days) >= 30) as overdue30
      from people p join staff_users s on s.id = p.id
      order by s.name, p.id`,
  );
  return {
    list: rows.map((row): ReviewerQualityRow => ({
      reviewerId: Number(row.reviewer_id),
      reviewerName: String(row.reviewer_name),
      assigned: Number(row.assigned),
      decided: Number(row.decided),
      passRatePpm: ratePpm(Number(row.passed), Number(row.decided)),
      medianMinutes:
        row.median_minutes === null || row.median_minutes === undefined
          ? null
          : Math.round(Number(row.median_minutes)),
      loans: Number(row.loans),
      firstPaymentDefault: Number(row.fpd),
      overdue7: Number(row.overdue7),
      overdue30: Number(row.overdue30),
    })),
  };
}

/* ---------- the review form ---------- */

export async function reviewForm(
  deps: ApprovalDeps,
  orderNo: string,
  scope: ReviewScope,
): Promise<ReviewForm> {
  const order = await orderByNo(deps.db, orderNo);
  const stage: ReviewStage | null =
    order.status === 'FIRST_REVIEW' ? 'first' : order.status === 'FINAL_REVIEW' ? 'final' : null;
  const [task] = stage
    ? await deps.db
        .select({ reviewerId: reviewTasks.reviewerId, name: staffUsers.name })
        .from(reviewTasks)
        .leftJoin(staffUsers, eq(staffUsers.id, reviewTasks.reviewerId))
        .where(
          and(
            eq(reviewTasks.orderId, order.id),
            eq(reviewTasks.stage, stage),
            isNull(reviewTasks.decidedAt),
          ),
        )
    : [];
  const assignedTo = task?.reviewerId ?? null;
  const canDecide =
    stage !== null &&
    (scope.seesAll || assignedTo === null || assignedTo === scope.callerId) &&
    !(stage === 'final' && order.firstReviewerId === scope.callerId);
  const codes = stage
    ? await deps.db
        .select({
          id: rejectionCodes.id,
          code: rejectionCodes.code,
          textEn: rejectionCodes.textEn,
          textZh: rejectionCodes.textZh,
        })
        .from(rejectionCodes)
        .where(and(eq(rejectionCodes.enabled, true), inArray(rejectionCodes.stage, [stage, 'any'])))
        .orderBy(asc(rejectionCodes.code))
    : [];
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
      const names = await deps.db
        .select({ userId: staffUsers.id, name: staffUsers.name })
        .from(staffUsers)
        .where(inArray(staffUsers.id, ids));
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
