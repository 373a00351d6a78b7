import { and, asc, eq, ilike, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type {
  decisionListBodySchema,
  groupListBodySchema,
  machineListBodySchema,
  queueListBodySchema,
  rejectionListBodySchema,
  reviewerListBodySchema,
} from '@lending/contract';
import type { z } from 'zod';
import type { Executor } from '../../plugins/db.js';
import { startOfIndiaDate, indiaDateOf } from '../../shared/india-date.js';
import { containsPattern, indiaDayRange, orderNoIs, runList } from '../../shared/list-query.js';
import { queryRows } from '../../shared/sql-rows.js';
import { customers, loanOrders, loanProducts, type LoanOrderRow } from '../loan-book/tables.js';
import { staffUsers } from '../user/tables.js';
import {
  machineReferrals,
  rejectionCodes,
  reviewers,
  reviewGroups,
  reviewTasks,
  type ReviewStage,
} from './approval.table.js';

// The approval screens' reads: the machine decisions, the review queues, the decision record,
// the reviewers' quality and the review form.

const STAGE_STATUS = { first: 'FIRST_REVIEW', final: 'FINAL_REVIEW' } as const;

/** machinerReviewPass / Reject: orders the machine decided, with rules hit and the refusing rule. */
export function listMachineDecisions(db: Executor, body: z.output<typeof machineListBodySchema>) {
  const rulesHit = sql<number>`(select count(*)::int from risk_rule_results rr where rr.order_id = loan_orders.id and rr.hit)`;
  const firstRefusingRule = sql<
    string | null
  >`(select r.rule_name from risk_rule_results rr join risk_rules r on r.id = rr.rule_id where rr.order_id = loan_orders.id and rr.hit and r.level = 'hard' order by r.id limit 1)`;
  const referred = sql<boolean>`exists (select 1 from machine_referrals m where m.order_id = loan_orders.id)`;
  return runList(
    db,
    {
      select: () =>
        db
          .select({
            order: loanOrders,
            customer: customers,
            productName: loanProducts.name,
            rulesHit,
            firstRefusingRule,
            referred,
          })
          .from(loanOrders)
          .innerJoin(customers, eq(customers.id, loanOrders.customerId))
          .innerJoin(loanProducts, eq(loanProducts.id, loanOrders.productId)),
      scope: isNotNull(loanOrders.machineResult),
      where: {
        result: (result) => eq(loanOrders.machineResult, result),
        orderNo: (orderNo) => orderNoIs(loanOrders.orderNo, orderNo),
        phone: (phone) => eq(customers.phone, phone),
        ...indiaDayRange(loanOrders.machineReviewedAt, 'dateFrom', 'dateTo'),
      },
      sortColumns: {
        id: loanOrders.id,
        decidedAt: loanOrders.machineReviewedAt,
        machineScore: loanOrders.machineScore,
        principalPaise: loanOrders.principalPaise,
      },
      defaultSort: { field: 'decidedAt', order: 'desc' },
      id: loanOrders.id,
    },
    body,
  );
}

export async function findOrderByNo(
  db: Executor,
  orderNo: string,
): Promise<LoanOrderRow | undefined> {
  const [order] = await db.select().from(loanOrders).where(eq(loanOrders.orderNo, orderNo));
  return order;
}

export function referralOf(db: Executor, orderId: number) {
  return db
    .select({ referral: machineReferrals, by: staffUsers.name })
    .from(machineReferrals)
    .leftJoin(staffUsers, eq(staffUsers.id, machineReferrals.referredBy))
    .where(eq(machineReferrals.orderId, orderId));
}

/**
 * The review queues: tasks of a stage, waiting (open, the order still at that stage), passed
 * or rejected. `onlyReviewer` confines a reviewer who is not a lead to their own work. (Each
 * row's checking status comes from telemarketing's lookup, per page: ApprovalDeps.)
 */
export function listQueue(
  db: Executor,
  body: z.output<typeof queueListBodySchema>,
  onlyReviewer: number | null,
) {
  return runList(
    db,
    {
      select: () =>
        db
          .select({
            task: reviewTasks,
            order: loanOrders,
            customer: customers,
            productName: loanProducts.name,
            reviewerName: staffUsers.name,
            rejectionCode: rejectionCodes.code,
          })
          .from(reviewTasks)
          .innerJoin(loanOrders, eq(loanOrders.id, reviewTasks.orderId))
          .innerJoin(customers, eq(customers.id, loanOrders.customerId))
          .innerJoin(loanProducts, eq(loanProducts.id, loanOrders.productId))
          .leftJoin(staffUsers, eq(staffUsers.id, reviewTasks.reviewerId))
          .leftJoin(rejectionCodes, eq(rejectionCodes.id, reviewTasks.rejectionCodeId)),
      ...(onlyReviewer !== null ? { scope: eq(reviewTasks.reviewerId, onlyReviewer) } : {}),
      where: {
        stage: (stage) => eq(reviewTasks.stage, stage),
        state: (state, filters) => {
          if (state === 'wait') {
            const stageStatus = filters.stage
              ? eq(loanOrders.status, STAGE_STATUS[filters.stage])
              : sql`${loanOrders.status} in ('FIRST_REVIEW', 'FINAL_REVIEW')`;
            return and(isNull(reviewTasks.decidedAt), stageStatus);
          }
          return eq(reviewTasks.decision, state);
        },
        orderNo: (orderNo) => orderNoIs(loanOrders.orderNo, orderNo),
        phone: (phone) => eq(customers.phone, phone),
        reviewerId: (id) => eq(reviewTasks.reviewerId, id),
        customerType: (type) => eq(customers.customerType, type),
      },
      sortColumns: {
        id: reviewTasks.id,
        queuedAt: reviewTasks.queuedAt,
        decidedAt: reviewTasks.decidedAt,
        principalPaise: loanOrders.principalPaise,
        machineScore: loanOrders.machineScore,
      },
      defaultSort: { field: 'queuedAt', order: 'asc' },
      id: reviewTasks.id,
    },
    body,
  );
}

export function listGroups(db: Executor, body: z.output<typeof groupListBodySchema>) {
  return runList(
    db,
    {
      select: () => db.select().from(reviewGroups),
      where: {
        stage: (stage) => eq(reviewGroups.stage, stage),
        active: (active) => eq(reviewGroups.active, active),
      },
      sortColumns: { id: reviewGroups.id, name: reviewGroups.name },
      defaultSort: { field: 'id', order: 'asc' },
      id: reviewGroups.id,
    },
    body,
  );
}

export function listReviewers(
  db: Executor,
  body: z.output<typeof reviewerListBodySchema>,
  now: Date,
) {
  const dayStart = startOfIndiaDate(indiaDateOf(now)).toISOString();
  const pending = sql<number>`(select count(*)::int from review_tasks t join loan_orders o on o.id = t.order_id where t.reviewer_id = reviewers.user_id and t.decided_at is null and o.status in ('FIRST_REVIEW', 'FINAL_REVIEW'))`;
  const decidedToday = sql<number>`(select count(*)::int from review_tasks t where t.decided_by = reviewers.user_id and t.decided_at >= ${dayStart}::timestamptz)`;
  const decided = sql<number>`(select count(*)::int from review_tasks t where t.decided_by = reviewers.user_id and t.decision is not null)`;
  const passed = sql<number>`(select count(*)::int from review_tasks t where t.decided_by = reviewers.user_id and t.decision = 'pass')`;
  return runList(
    db,
    {
      select: () =>
        db
          .select({
            reviewer: reviewers,
            name: staffUsers.name,
            group: reviewGroups,
            pending,
            decidedToday,
            decided,
            passed,
          })
          .from(reviewers)
          .innerJoin(staffUsers, eq(staffUsers.id, reviewers.userId))
          .innerJoin(reviewGroups, eq(reviewGroups.id, reviewers.groupId)),
      where: {
        groupId: (id) => eq(reviewers.groupId, id),
        stage: (stage) => eq(reviewGroups.stage, stage),
        onDuty: (onDuty) => eq(reviewers.onDuty, onDuty),
      },
      sortColumns: { userId: reviewers.userId, name: staffUsers.name },
      defaultSort: { field: 'userId', order: 'asc' },
      id: reviewers.userId,
    },
    body,
  );
}

export function listRejectionCodes(db: Executor, body: z.output<typeof rejectionListBodySchema>) {
  const usedCount = sql<number>`(select count(*)::int from review_tasks t where t.rejection_code_id = rejection_codes.id)`;
  return runList(
    db,
    {
      select: () => db.select({ code: rejectionCodes, usedCount }).from(rejectionCodes),
      where: {
        stage: (stage) => eq(rejectionCodes.stage, stage),
        enabled: (enabled) => eq(rejectionCodes.enabled, enabled),
        code: (code) => ilike(rejectionCodes.code, containsPattern(code)),
      },
      sortColumns: { id: rejectionCodes.id, code: rejectionCodes.code },
      defaultSort: { field: 'code', order: 'asc' },
      id: rejectionCodes.id,
    },
    body,
  );
}

export function listDecisions(db: Executor, body: z.output<typeof decisionListBodySchema>) {
  return runList(
    db,
    {
      select: () =>
        db
          .select({
            task: reviewTasks,
            orderNo: loanOrders.orderNo,
            reviewerName: staffUsers.name,
            rejectionCode: rejectionCodes.code,
          })
          .from(reviewTasks)
          .innerJoin(loanOrders, eq(loanOrders.id, reviewTasks.orderId))
          .leftJoin(staffUsers, eq(staffUsers.id, reviewTasks.decidedBy))
          .leftJoin(rejectionCodes, eq(rejectionCodes.id, reviewTasks.rejectionCodeId)),
      scope: isNotNull(reviewTasks.decidedAt),
      where: {
        stage: (stage) => eq(reviewTasks.stage, stage),
        decision: (decision) => eq(reviewTasks.decision, decision),
        reviewerId: (id) => eq(reviewTasks.decidedBy, id),
        orderNo: (orderNo) => orderNoIs(loanOrders.orderNo, orderNo),
        ...indiaDayRange(reviewTasks.decidedAt, 'dateFrom', 'dateTo'),
      },
      sortColumns: { id: reviewTasks.id, decidedAt: reviewTasks.decidedAt },
      defaultSort: { field: 'decidedAt', order: 'desc' },
      id: reviewTasks.id,
    },
    body,
  );
}

/**
 * Per reviewer over the tasks queued in the range (either end open): assigned, decided, passed,
 * median minutes to decide, and of the loans they passed that were disbursed, how many
 * defaulted on the first payment and ran 7+ and 30+ days overdue (now, or before clearing).
 */
export function reviewerQualityRows(db: Executor, from: Date | null, to: Date | null) {
  const fromIso = from?.toISOString() ?? null;
  const toIso = to?.toISOString() ?? null;
  const inRange = sql`(${fromIso}::timestamptz is null or t.queued_at >= ${fromIso}::timestamptz) and (${toIso}::timestamptz is null or t.queued_at < ${toIso}::timestamptz)`;
  return queryRows(
    db,
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
}

/** The order's open task of the stage and its reviewer's name, for the review form. */
export async function openTaskWithReviewer(db: Executor, orderId: number, stage: ReviewStage) {
  const [task] = await db
    .select({ reviewerId: reviewTasks.reviewerId, name: staffUsers.name })
    .from(reviewTasks)
    .leftJoin(staffUsers, eq(staffUsers.id, reviewTasks.reviewerId))
    .where(
      and(
        eq(reviewTasks.orderId, orderId),
        eq(reviewTasks.stage, stage),
        isNull(reviewTasks.decidedAt),
      ),
    );
  return task;
}

/** The enabled rejection codes a decision of the stage may use. */
export function usableCodesOfStage(db: Executor, stage: ReviewStage) {
  return db
    .select({
      id: rejectionCodes.id,
      code: rejectionCodes.code,
      textEn: rejectionCodes.textEn,
      textZh: rejectionCodes.textZh,
    })
    .from(rejectionCodes)
    .where(and(eq(rejectionCodes.enabled, true), inArray(rejectionCodes.stage, [stage, 'any'])))
    .orderBy(asc(rejectionCodes.code));
}

export function staffNamesOf(db: Executor, ids: readonly number[]) {
  return db
    .select({ userId: staffUsers.id, name: staffUsers.name })
    .from(staffUsers)
    .where(inArray(staffUsers.id, [...ids]));
}
