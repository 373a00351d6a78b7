import { and, asc, eq, gt, gte, lte, sql } from 'drizzle-orm';
import type {
  excessListBodySchema,
  offlineListBodySchema,
  overdueRepaymentBodySchema,
} from '@lending/contract';
import type { z } from 'zod';
import { customers, loanOrders, payouts, repayments } from '../loan-book/tables.js';
import type { Executor } from '../../plugins/db.js';
import { inclusiveRange, indiaDayRange, orderNoIs, runList } from '../../shared/list-query.js';
import { storedFiles } from '../stored-files/tables.js';
import {
  excessRefunds,
  offlineRepayments,
  uploadedFiles,
  type OfflineRepaymentRow,
} from './offline.table.js';

type NewOfflineRepayment = typeof offlineRepayments.$inferInsert;
type NewExcessRefund = typeof excessRefunds.$inferInsert;
type ExcessRefundRow = typeof excessRefunds.$inferSelect;

/** Offline repayments with their order, customer and posting (a list's rows, one's view). */
function offlineWithOrder(db: Executor) {
  return db
    .select({
      offline: offlineRepayments,
      orderNo: loanOrders.orderNo,
      customerName: customers.name,
      customerPhone: customers.phone,
      repaymentSerialNo: repayments.serialNo,
    })
    .from(offlineRepayments)
    .innerJoin(loanOrders, eq(loanOrders.id, offlineRepayments.orderId))
    .innerJoin(customers, eq(customers.id, loanOrders.customerId))
    .leftJoin(repayments, eq(repayments.id, offlineRepayments.repaymentId));
}

/** /repay/repaymentReview: offline repayments with their order, customer and posting. */
export function listOffline(db: Executor, body: z.output<typeof offlineListBodySchema>) {
  return runList(
    db,
    {
      select: () => offlineWithOrder(db),
      where: {
        orderNo: (orderNo) => orderNoIs(loanOrders.orderNo, orderNo),
        phone: (phone) => eq(customers.phone, phone),
        status: (status) => eq(offlineRepayments.status, status),
        channel: (channel) => eq(offlineRepayments.channel, channel),
        bankReference: (ref) => eq(offlineRepayments.bankReference, ref),
        ...indiaDayRange(offlineRepayments.recordedAt, 'dateFrom', 'dateTo'),
      },
      sortColumns: {
        id: offlineRepayments.id,
        recordedAt: offlineRepayments.recordedAt,
        valueDate: offlineRepayments.valueDate,
        amountPaise: offlineRepayments.amountPaise,
      },
      defaultSort: { field: 'id', order: 'desc' },
      id: offlineRepayments.id,
    },
    body,
  );
}

export async function offlineRepaymentWithOrder(db: Executor, id: number) {
  const [row] = await offlineWithOrder(db).where(eq(offlineRepayments.id, id));
  return row;
}

/** Offline repayments waiting for review, oldest first. */
export function pendingOfflineRepayments(db: Executor): Promise<OfflineRepaymentRow[]> {
  return db
    .select()
    .from(offlineRepayments)
    .where(eq(offlineRepayments.status, 'pending'))
    .orderBy(asc(offlineRepayments.id));
}

export async function findOfflineByRecordKey(
  db: Executor,
  recordKey: string,
): Promise<OfflineRepaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(offlineRepayments)
    .where(eq(offlineRepayments.recordKey, recordKey));
  return row;
}

/** Undefined when its record key, or a live record's bank reference, is taken. */
export async function insertOfflineRepayment(
  db: Executor,
  values: NewOfflineRepayment,
): Promise<OfflineRepaymentRow | undefined> {
  const [row] = await db.insert(offlineRepayments).values(values).onConflictDoNothing().returning();
  return row;
}

/** The record, locked for the transaction (two decisions on it take turns). */
export async function lockOfflineRepayment(
  tx: Executor,
  id: number,
): Promise<OfflineRepaymentRow | undefined> {
  const [row] = await tx
    .select()
    .from(offlineRepayments)
    .where(eq(offlineRepayments.id, id))
    .for('update');
  return row;
}

export async function updateOfflineRepayment(
  tx: Executor,
  id: number,
  values: Partial<NewOfflineRepayment>,
): Promise<void> {
  await tx.update(offlineRepayments).set(values).where(eq(offlineRepayments.id, id));
}

/** Returns the new file's id. */
export async function insertUploadedFile(
  db: Executor,
  values: typeof uploadedFiles.$inferInsert,
): Promise<number> {
  const [file] = await db.insert(uploadedFiles).values(values).returning({ id: uploadedFiles.id });
  return file!.id;
}

/** The uploaded receipt of an offline repayment; undefined when it has none. */
export async function receiptFileOf(db: Executor, offlineId: number) {
  const [row] = await db
    .select({ file: uploadedFiles })
    .from(offlineRepayments)
    .innerJoin(uploadedFiles, eq(uploadedFiles.id, offlineRepayments.receiptFileId))
    .where(eq(offlineRepayments.id, offlineId));
  return row?.file;
}

/** /repay/overdueRepayment: repayments whose value date found the order overdue. */
export function listOverdueRepayments(
  db: Executor,
  body: z.output<typeof overdueRepaymentBodySchema>,
) {
  return runList(
    db,
    {
      select: () =>
        db
          .select({
            repayment: repayments,
            orderNo: loanOrders.orderNo,
            customerName: customers.name,
            customerPhone: customers.phone,
          })
          .from(repayments)
          .innerJoin(loanOrders, eq(loanOrders.id, repayments.orderId))
          .innerJoin(customers, eq(customers.id, loanOrders.customerId)),
      scope: sql`${repayments.overdueDaysWhenPaid} > 0`,
      where: {
        orderNo: (orderNo) => orderNoIs(loanOrders.orderNo, orderNo),
        phone: (phone) => eq(customers.phone, phone),
        band: (band) =>
          band === '1-7'
            ? and(gte(repayments.overdueDaysWhenPaid, 1), lte(repayments.overdueDaysWhenPaid, 7))!
            : gte(repayments.overdueDaysWhenPaid, 8),
        ...inclusiveRange(repayments.valueDate, 'valueDateFrom', 'valueDateTo'),
      },
      sortColumns: {
        id: repayments.id,
        valueDate: repayments.valueDate,
        postedAt: repayments.receivedAt,
        overdueDays: repayments.overdueDaysWhenPaid,
      },
      defaultSort: { field: 'id', order: 'desc' },
      id: repayments.id,
    },
    body,
  );
}

/** The refund status of an overpayment, from its request and the refund payout. */
export const excessStatusSql = sql<string>`case
  when ${excessRefunds.id} is null then 'held'
  when ${excessRefunds.payoutId} is null then 'awaitingApproval'
  when ${payouts.status} = 'processed' then 'refunded'
  when ${payouts.status} in ('failed', 'reversed') then 'failed'
  else 'refunding' end`;

/** /repay/exceedingRepaymentRecord: repayments with an excess over what cleared the order. */
export function listExcess(db: Executor, body: z.output<typeof excessListBodySchema>) {
  return runList(
    db,
    {
      select: () =>
        db
          .select({
            repayment: repayments,
            orderNo: loanOrders.orderNo,
            customerName: customers.name,
            customerPhone: customers.phone,
            bankAccount: customers.bankAccountNumber,
            bankAccountVerified: customers.bankAccountVerified,
            refund: excessRefunds,
            payoutStatus: payouts.status,
            utr: payouts.utr,
            errorMessage: payouts.errorMessage,
            status: excessStatusSql,
          })
          .from(repayments)
          .innerJoin(loanOrders, eq(loanOrders.id, repayments.orderId))
          .innerJoin(customers, eq(customers.id, loanOrders.customerId))
          .leftJoin(excessRefunds, eq(excessRefunds.repaymentId, repayments.id))
          .leftJoin(payouts, eq(payouts.id, excessRefunds.payoutId)),
      scope: sql`${repayments.excessPaise} > 0 and not ${repayments.reversed}`,
      where: {
        orderNo: (orderNo) => orderNoIs(loanOrders.orderNo, orderNo),
        status: (status) => sql`(${excessStatusSql}) = ${status}`,
        ...inclusiveRange(repayments.valueDate, 'valueDateFrom', 'valueDateTo'),
      },
      sortColumns: {
        id: repayments.id,
        valueDate: repayments.valueDate,
        excessPaise: repayments.excessPaise,
      },
      defaultSort: { field: 'id', order: 'desc' },
      id: repayments.id,
    },
    body,
  );
}

/** Undefined when the repayment's refund was asked for already. */
/** Overpayments on orders still overpaid, with their refund request if one was asked, by repayment. */
export function overpaymentsToRefund(db: Executor) {
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

export async function insertExcessRefund(
  db: Executor,
  values: NewExcessRefund,
): Promise<ExcessRefundRow | undefined> {
  const [created] = await db.insert(excessRefunds).values(values).onConflictDoNothing().returning();
  return created;
}

/** The refund asked for the repayment's overpayment, locked for the transaction. */
export async function lockExcessRefundOf(
  tx: Executor,
  repaymentId: number,
): Promise<ExcessRefundRow | undefined> {
  const [request] = await tx
    .select()
    .from(excessRefunds)
    .where(eq(excessRefunds.repaymentId, repaymentId))
    .for('update');
  return request;
}

export async function updateExcessRefund(
  tx: Executor,
  id: number,
  values: Partial<NewExcessRefund>,
): Promise<void> {
  await tx.update(excessRefunds).set(values).where(eq(excessRefunds.id, id));
}

/** Uploaded files whose bytes are not in the database (uploaded before decision 0091). */
export function uploadedFilesNotStored(db: Executor) {
  return db
    .select()
    .from(uploadedFiles)
    .where(
      sql`not exists (select 1 from ${storedFiles} where ${storedFiles.name} = ${uploadedFiles.storageName})`,
    );
}
