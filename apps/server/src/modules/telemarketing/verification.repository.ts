import type { CheckingStatus, verificationListBodySchema } from '@lending/contract';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../plugins/db.js';
import { queryRows } from '../../shared/sql-rows.js';
import { inclusiveRange, orderNoIs, runList } from '../../shared/list-query.js';
import { reviewTasks } from '../approval/tables.js';
import { customers, loanOrders } from '../loan-book/tables.js';
import { staffUsers } from '../user/tables.js';
import { verificationChecks, type VerificationResultColumn } from './verification.table.js';

/** The order statuses of manual review, and the stage each one is. */
export const REVIEW_STATUSES = ['FIRST_REVIEW', 'FINAL_REVIEW'] as const;
export function reviewStageOf(status: string): 'first' | 'final' | null {
  return status === 'FIRST_REVIEW' ? 'first' : status === 'FINAL_REVIEW' ? 'final' : null;
}

const check = verificationChecks;

/**
 * The latest verification call of each order in manual review (its checking status): one row
 * per order, the newest call, ties broken by id. Only orders in review are read, so the list
 * costs the queue's calls, not the whole history's.
 */
function latestChecks(db: Executor) {
  return db
    .selectDistinctOn([check.orderId], {
      orderId: check.orderId,
      result: check.result,
      items: check.items,
      notes: check.notes,
      checkedBy: check.checkedBy,
      indiaDate: check.indiaDate,
      at: check.at,
    })
    .from(check)
    .where(
      inArray(
        check.orderId,
        db
          .select({ id: loanOrders.id })
          .from(loanOrders)
          .where(inArray(loanOrders.status, [...REVIEW_STATUSES])),
      ),
    )
    .orderBy(check.orderId, desc(check.at), desc(check.id))
    .as('latest');
}

/**
 * The reviewer's own work: the order's open review task at its stage is assigned to them
 * (the review queues' scope, decision 0078).
 */
function reviewTaskOf(reviewerId: number) {
  return sql`exists (select 1 from ${reviewTasks} t where t.order_id = ${loanOrders.id}
    and t.decided_at is null and t.reviewer_id = ${reviewerId})`;
}

/**
 * checkList: every order waiting for first or final review with its latest verification call.
 * `onlyReviewer` confines a reviewer who is not a lead to the orders of their own review tasks.
 */
export function listVerifications(
  db: Executor,
  body: z.output<typeof verificationListBodySchema>,
  onlyReviewer: number | null,
) {
  const latest = latestChecks(db);
  const calls = sql<number>`(select count(*)::int from ${check} c where c.order_id = ${loanOrders.id})`;
  const inReview = inArray(loanOrders.status, [...REVIEW_STATUSES]);
  return runList(
    db,
    {
      select: () =>
        db
          .select({
            order: {
              id: loanOrders.id,
              orderNo: loanOrders.orderNo,
              status: loanOrders.status,
              principalPaise: loanOrders.principalPaise,
            },
            customerName: customers.name,
            phone: customers.phone,
            latest: {
              result: latest.result,
              items: latest.items,
              notes: latest.notes,
              at: latest.at,
            },
            checkedByName: staffUsers.name,
            calls,
          })
          .from(loanOrders)
          .innerJoin(customers, eq(customers.id, loanOrders.customerId))
          .leftJoin(latest, eq(latest.orderId, loanOrders.id))
          .leftJoin(staffUsers, eq(staffUsers.id, latest.checkedBy)),
      scope: onlyReviewer === null ? inReview : and(inReview, reviewTaskOf(onlyReviewer)),
      where: {
        orderNo: (orderNo) => orderNoIs(loanOrders.orderNo, orderNo),
        phone: (phone) => (phone ? eq(customers.phone, phone) : undefined),
        checkingStatus: (status) =>
          status === 'not_checked' ? isNull(latest.result) : eq(latest.result, status),
        stage: (stage) =>
          eq(loanOrders.status, stage === 'first' ? 'FIRST_REVIEW' : 'FINAL_REVIEW'),
        ...inclusiveRange<'checkedFrom', 'checkedTo', string>(
          latest.indiaDate,
          'checkedFrom',
          'checkedTo',
        ),
      },
      sortColumns: {
        orderId: loanOrders.id,
        principalPaise: loanOrders.principalPaise,
      },
      // The oldest application first, as the review queues wait.
      defaultSort: { field: 'orderId', order: 'asc' },
      id: loanOrders.id,
    },
    body,
  );
}

/**
 * The order's number and status, locked against a review decision for the caller's
 * transaction: a decision committing meanwhile is waited for, then its status is read, so a
 * call is never recorded on an order that has just left review.
 */
export async function lockOrderForCheck(db: Executor, orderId: number) {
  const [row] = await queryRows(
    db,
    sql`select id, order_no, status from loan_orders where id = ${orderId} for share`,
  );
  return row
    ? { id: Number(row.id), orderNo: String(row.order_no), status: String(row.status) }
    : undefined;
}

/** Whether the order's open review task is the reviewer's. */
export async function holdsReviewTask(db: Executor, orderId: number, reviewerId: number) {
  const [row] = await db
    .select({ id: reviewTasks.id })
    .from(reviewTasks)
    .where(
      and(
        eq(reviewTasks.orderId, orderId),
        isNull(reviewTasks.decidedAt),
        eq(reviewTasks.reviewerId, reviewerId),
      ),
    );
  return row !== undefined;
}

/**
 * Each order's checking status: its latest verification call's result (decision 0078); orders
 * with no call are absent. Read through the (order, at, id) index, for one page of orders.
 */
export async function checkingStatusesOf(
  db: Executor,
  orderIds: readonly number[],
): Promise<ReadonlyMap<number, CheckingStatus>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([check.orderId], { orderId: check.orderId, result: check.result })
    .from(check)
    .where(inArray(check.orderId, [...new Set(orderIds)]))
    .orderBy(check.orderId, desc(check.at), desc(check.id));
  return new Map(rows.map((row) => [row.orderId, row.result]));
}

export async function insertCheck(
  db: Executor,
  values: typeof verificationChecks.$inferInsert & { result: VerificationResultColumn },
): Promise<number> {
  const [row] = await db.insert(check).values(values).returning({ id: check.id });
  return row!.id;
}
