import { and, eq, gte, lte, sql } from 'drizzle-orm';
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
import { excessRefunds, offlineRepayments, uploadedFiles } from './offline.table.js';

/** /repay/repaymentReview: offline repayments with their order, customer and posting. */
export function listOffline(db: Executor, body: z.output<typeof offlineListBodySchema>) {
  return runList(
    db,
    {
      select: () =>
        db
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
          .leftJoin(repayments, eq(repayments.id, offlineRepayments.repaymentId)),
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

/** Uploaded files whose bytes are not in the database (uploaded before decision 0091). */
export function uploadedFilesNotStored(db: Executor) {
  return db
    .select()
    .from(uploadedFiles)
    .where(
      sql`not exists (select 1 from ${storedFiles} where ${storedFiles.name} = ${uploadedFiles.storageName})`,
    );
}
