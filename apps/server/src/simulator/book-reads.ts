import { and, asc, eq, gt, inArray, isNull, ne } from 'drizzle-orm';
import { rejectionCodes, reviewTasks } from '../modules/approval/tables.js';
import { loanOrders, repayments, type LoanOrderRow } from '../modules/loan-book/tables.js';
import { excessRefunds, offlineRepayments, waiverRequests } from '../modules/repay/index.js';
import type { Database } from '../plugins/db.js';

/**
 * What the simulated staff and borrowers look at before they act: reads of the book, in the
 * order they work through it (by id, so a seed always gives the same book). Every change goes
 * through the owning module's commands, as the console's calls do.
 */

export async function ordersIn(db: Database, statuses: readonly string[]): Promise<LoanOrderRow[]> {
  return db
    .select()
    .from(loanOrders)
    .where(inArray(loanOrders.status, [...statuses] as LoanOrderRow['status'][]))
    .orderBy(asc(loanOrders.id));
}

/** Each order's status, for the orders given (asked for a thousand at a time). */
export async function statusesOf(db: Database, ids: number[]): Promise<Map<number, string>> {
  const statusOf = new Map<number, string>();
  for (let i = 0; i < ids.length; i += 1000) {
    for (const row of await db
      .select({ id: loanOrders.id, status: loanOrders.status })
      .from(loanOrders)
      .where(inArray(loanOrders.id, ids.slice(i, i + 1000)))) {
      statusOf.set(row.id, row.status);
    }
  }
  return statusOf;
}

/** The day's machine rejections nobody has referred to people yet. */
export async function machineRejectionsToRefer(db: Database): Promise<LoanOrderRow[]> {
  return db
    .select()
    .from(loanOrders)
    .where(
      and(
        eq(loanOrders.status, 'REJECTED'),
        eq(loanOrders.machineResult, 'reject'),
        isNull(loanOrders.firstReviewerId),
        eq(loanOrders.lastEvent, 'machineReject'),
      ),
    )
    .orderBy(asc(loanOrders.id));
}

export async function enabledRejectionCodes(db: Database) {
  return db
    .select({ id: rejectionCodes.id, stage: rejectionCodes.stage })
    .from(rejectionCodes)
    .where(eq(rejectionCodes.enabled, true))
    .orderBy(asc(rejectionCodes.id));
}

/** Who the order's open task of the stage is assigned to (null: waiting for a lead). */
export async function assignedTo(db: Database, orderId: number, stage: 'first' | 'final') {
  const [task] = await db
    .select({ reviewerId: reviewTasks.reviewerId })
    .from(reviewTasks)
    .where(
      and(
        eq(reviewTasks.orderId, orderId),
        eq(reviewTasks.stage, stage),
        isNull(reviewTasks.decidedAt),
      ),
    );
  return task?.reviewerId ?? null;
}

/** The repayments received on a business date and not reversed (renewals left out). */
export async function repaymentsReceivedOn(db: Database, date: string) {
  return db
    .select({ id: repayments.id })
    .from(repayments)
    .where(
      and(
        eq(repayments.businessDate, date),
        eq(repayments.reversed, false),
        ne(repayments.type, 'renew'),
      ),
    )
    .orderBy(asc(repayments.id));
}

/** Waivers and write-offs waiting for the checker, oldest first. */
export async function pendingWaiverRequests(db: Database) {
  return db
    .select({
      id: waiverRequests.id,
      orderId: waiverRequests.orderId,
      kind: waiverRequests.kind,
      requestedAt: waiverRequests.requestedAt,
    })
    .from(waiverRequests)
    .where(eq(waiverRequests.status, 'pending'))
    .orderBy(asc(waiverRequests.id));
}

export async function pendingOfflineRepayments(db: Database) {
  return db
    .select()
    .from(offlineRepayments)
    .where(eq(offlineRepayments.status, 'pending'))
    .orderBy(asc(offlineRepayments.id));
}

/** Overpayments on orders still overpaid, with their refund request if one was asked. */
export async function overpaymentsToRefund(db: Database) {
  return db
    .select({
      repaymentId: repayments.id,
      refundId: excessRefunds.id,
      approved: excessRefunds.approvedBy,
    })
    .from(repayments)
    .innerJoin(loanOrders, eq(loanOrders.id, repayments.orderId))
    .leftJoin(excessRefunds, eq(excessRefunds.repaymentId, repayments.id))
    .where(
      and(
        eq(loanOrders.status, 'OVERPAID'),
        eq(repayments.reversed, false),
        gt(repayments.excessPaise, 0n),
      ),
    )
    .orderBy(asc(repayments.id));
}
