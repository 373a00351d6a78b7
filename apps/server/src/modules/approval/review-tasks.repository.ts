import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../plugins/db.js';
import { customers, loanOrders, type LoanOrderRow } from '../loan-book/tables.js';
import {
  machineReferrals,
  rejectionCodes,
  reviewers,
  reviewGroups,
  reviewTasks,
  type ReviewStage,
  type ReviewTaskRow,
} from './approval.table.js';

// The review tasks' SQL: assignment under the daily caps, opening, closing, handing out and
// releasing tasks, and the machine referrals. Only this module writes these tables.

export async function customerTypeOf(tx: Executor, customerId: number) {
  const [customer] = await tx
    .select({ customerType: customers.customerType })
    .from(customers)
    .where(eq(customers.id, customerId));
  return customer?.customerType;
}

/** What a blacklisting rejection code puts on the blacklist of a customer. */
export async function customerIdentityOf(tx: Executor, customerId: number) {
  const [customer] = await tx
    .select({ phone: customers.phone, idType: customers.idType, idNumber: customers.idNumber })
    .from(customers)
    .where(eq(customers.id, customerId));
  return customer;
}

/**
 * On-duty reviewers of active groups of the stage matching the order's product and customer
 * type, under their daily cap (tasks given since `dayStart`), least loaded first.
 */
export function reviewersUnderCap(
  tx: Executor,
  order: Pick<LoanOrderRow, 'productId' | 'firstReviewerId'>,
  customerType: string,
  stage: ReviewStage,
  dayStart: Date,
) {
  const open = sql<number>`(select count(*)::int from review_tasks t where t.reviewer_id = reviewers.user_id and t.decided_at is null)`;
  const today = sql<number>`(select count(*)::int from review_tasks t where t.reviewer_id = reviewers.user_id and t.assigned_at >= ${dayStart.toISOString()}::timestamptz)`;
  return tx
    .select({ userId: reviewers.userId, open, today })
    .from(reviewers)
    .innerJoin(reviewGroups, eq(reviewGroups.id, reviewers.groupId))
    .where(
      and(
        eq(reviewGroups.active, true),
        eq(reviewGroups.stage, stage),
        eq(reviewers.onDuty, true),
        sql`(cardinality(${reviewGroups.productIds}) = 0 or ${order.productId} = any(${reviewGroups.productIds}))`,
        sql`(${reviewGroups.customerType} = 'all' or ${reviewGroups.customerType} = ${customerType})`,
        sql`${today} < coalesce(${reviewers.dailyCap}, ${reviewGroups.dailyCap})`,
        // Maker-checker: the final review never goes to the order's first reviewer.
        stage === 'final' && order.firstReviewerId !== null
          ? sql`${reviewers.userId} <> ${order.firstReviewerId}`
          : sql`true`,
      ),
    )
    .orderBy(asc(open), asc(today), asc(reviewers.userId));
}

/**
 * Automatic assignment one transaction at a time: the daily cap is counted from the tasks
 * already given, so two transactions counting at once would both see a reviewer under the cap
 * and both give them work (on PostgreSQL; PGlite runs one transaction at a time). Held to the
 * end of the transaction; take it after any task rows the transaction locks, never before.
 */
export async function lockReviewAssignment(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('review_assignment'))`);
}

export async function insertReviewTask(
  tx: Executor,
  values: typeof reviewTasks.$inferInsert,
): Promise<ReviewTaskRow> {
  const [task] = await tx.insert(reviewTasks).values(values).returning();
  return task!;
}

/** A task recorded already decided (an order queued before tasks existed). */
export async function insertDecidedTask(tx: Executor, values: typeof reviewTasks.$inferInsert) {
  await tx.insert(reviewTasks).values(values);
}

export async function updateReviewTask(
  tx: Executor,
  taskId: number,
  patch: Partial<typeof reviewTasks.$inferInsert>,
) {
  await tx.update(reviewTasks).set(patch).where(eq(reviewTasks.id, taskId));
}

export async function findRejectionCode(tx: Executor, id: number) {
  const [code] = await tx.select().from(rejectionCodes).where(eq(rejectionCodes.id, id));
  return code;
}

function openTaskOf(orderId: number, stage: ReviewStage) {
  return and(
    eq(reviewTasks.orderId, orderId),
    eq(reviewTasks.stage, stage),
    isNull(reviewTasks.decidedAt),
  );
}

/** Who the order's open task of the stage is assigned to (null: waiting for a lead, or none). */
export async function openTaskReviewerOf(
  db: Executor,
  orderId: number,
  stage: ReviewStage,
): Promise<number | null> {
  const [task] = await db
    .select({ reviewerId: reviewTasks.reviewerId })
    .from(reviewTasks)
    .where(openTaskOf(orderId, stage));
  return task?.reviewerId ?? null;
}

export async function lockOpenTask(
  tx: Executor,
  orderId: number,
  stage: ReviewStage,
): Promise<ReviewTaskRow | undefined> {
  const [open] = await tx
    .select()
    .from(reviewTasks)
    .where(openTaskOf(orderId, stage))
    .for('update');
  return open;
}

/** Only the reviewer column of the open task, locked all the same. */
export async function lockOpenTaskReviewer(tx: Executor, orderId: number, stage: ReviewStage) {
  const [open] = await tx
    .select({ reviewerId: reviewTasks.reviewerId })
    .from(reviewTasks)
    .where(openTaskOf(orderId, stage))
    .for('update');
  return open;
}

export async function deleteOpenTasks(tx: Executor, orderId: number): Promise<void> {
  await tx
    .delete(reviewTasks)
    .where(and(eq(reviewTasks.orderId, orderId), isNull(reviewTasks.decidedAt)));
}

/** A machine rejection referred to people (one per order). */
export async function insertMachineReferral(
  tx: Executor,
  values: typeof machineReferrals.$inferInsert,
): Promise<void> {
  await tx.insert(machineReferrals).values(values);
}

/**
 * The open tasks among the ids, locked, with their order's first reviewer. The tasks only: a
 * decision locks its order first and its task second, so locking the orders here too (a
 * join's FOR UPDATE locks every table) could deadlock with it.
 */
export function lockOpenTasksOf(tx: Executor, taskIds: readonly number[]) {
  return tx
    .select({ task: reviewTasks, firstReviewerId: loanOrders.firstReviewerId })
    .from(reviewTasks)
    .innerJoin(loanOrders, eq(loanOrders.id, reviewTasks.orderId))
    .where(and(inArray(reviewTasks.id, [...taskIds]), isNull(reviewTasks.decidedAt)))
    .for('update', { of: reviewTasks });
}

/** A lead's distribution: the tasks to one reviewer. */
export async function assignTasks(
  tx: Executor,
  taskIds: readonly number[],
  reviewerId: number,
  now: Date,
): Promise<void> {
  await tx
    .update(reviewTasks)
    .set({ reviewerId, assignedAt: now, assignedBy: 'manual' })
    .where(inArray(reviewTasks.id, [...taskIds]));
}

/**
 * The reviewer's open tasks, oldest first, locked, with their orders: all of them, or (with
 * `keepStage`) those of another stage.
 */
export function lockOpenTasksOfReviewer(
  tx: Executor,
  reviewerId: number,
  keepStage: ReviewStage | null,
) {
  return tx
    .select({ task: reviewTasks, order: loanOrders })
    .from(reviewTasks)
    .innerJoin(loanOrders, eq(loanOrders.id, reviewTasks.orderId))
    .where(
      and(
        eq(reviewTasks.reviewerId, reviewerId),
        isNull(reviewTasks.decidedAt),
        keepStage ? sql`${reviewTasks.stage} <> ${keepStage}` : sql`true`,
      ),
    )
    .orderBy(asc(reviewTasks.queuedAt))
    .for('update', { of: reviewTasks });
}

/** Gives a task to another reviewer automatically, or leaves it waiting unassigned. */
export async function reassignTask(
  tx: Executor,
  taskId: number,
  reviewerId: number | null,
  now: Date,
): Promise<void> {
  await tx
    .update(reviewTasks)
    .set({
      reviewerId,
      assignedAt: reviewerId === null ? null : now,
      assignedBy: reviewerId === null ? null : 'auto',
    })
    .where(eq(reviewTasks.id, taskId));
}
