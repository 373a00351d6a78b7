import { and, desc, eq, gte, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { repaymentRecordBodySchema, repayPlanBodySchema } from '@lending/contract';
import type { z } from 'zod';
import { customers, loanOrders, repayments } from '../loan-book/tables.js';
import { waiverRequests } from './waiver-requests.table.js';
import type { Executor } from '../../plugins/db.js';
import { inclusiveRange, orderNoIs, runList } from '../../shared/list-query.js';
import type { WaiverRequestKind } from './waiver-requests.table.js';

/** Orders with money owing: disbursed and not closed (spec: the repayment plan). */
export const OWING_STATUSES = ['ACTIVE', 'DUE', 'OVERDUE'] as const;

/** Money received for an order and not reversed (allocated part; an excess is not owed). */
const paidSql = sql<string>`(
  select coalesce(sum(${repayments.amountPaise} - ${repayments.excessPaise}), 0)::text
  from ${repayments}
  where ${repayments.orderId} = ${loanOrders.id} and not ${repayments.reversed}
)`;

/** An order with (or without) a request of this kind waiting (the plan's one joined request). */
function waitingOfKind(kind: WaiverRequestKind, waiting: boolean): SQL {
  return waiting
    ? sql`${waiverRequests.kind} = ${kind}`
    : sql`(${waiverRequests.id} is null or ${waiverRequests.kind} <> ${kind})`;
}

/**
 * The repayment plan: open orders with their customer, newest-due first by default. The order
 * rows are read whole because the engine prices today's clearing amount from their terms.
 */
export function listRepayPlan(db: Executor, body: z.output<typeof repayPlanBodySchema>) {
  return runList(
    db,
    {
      select: () =>
        db
          .select({
            order: loanOrders,
            customerName: customers.name,
            customerPhone: customers.phone,
            paid: paidSql,
            pendingWaiver: waiverRequests,
          })
          .from(loanOrders)
          .innerJoin(customers, eq(customers.id, loanOrders.customerId))
          // At most one waits per order (a partial unique index).
          .leftJoin(
            waiverRequests,
            and(eq(waiverRequests.orderId, loanOrders.id), eq(waiverRequests.status, 'pending')),
          ),
      scope: inArray(loanOrders.status, [...OWING_STATUSES]),
      where: {
        orderNo: (orderNo) => orderNoIs(loanOrders.orderNo, orderNo),
        // Exact on the normalised number (indexed), never a partial match over personal data.
        phone: (phone) => eq(customers.phone, phone),
        status: (status) => eq(loanOrders.status, status),
        ...inclusiveRange(loanOrders.dueDate, 'dueDateFrom', 'dueDateTo'),
        overdueDaysMin: (days) => gte(loanOrders.overdueDays, days),
        waiverPending: (pending) => waitingOfKind('waiver', pending),
        writeOffPending: (pending) => waitingOfKind('writeOff', pending),
      },
      sortColumns: {
        id: loanOrders.id,
        dueDate: loanOrders.dueDate,
        overdueDays: loanOrders.overdueDays,
      },
      defaultSort: { field: 'dueDate', order: 'asc' },
      id: loanOrders.id,
    },
    body,
  );
}

const RENEW = 'renew' as const;

/** Every repayment with its order number and customer, newest first by default. */
export function listRepaymentRecords(
  db: Executor,
  body: z.output<typeof repaymentRecordBodySchema>,
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
          })
          .from(repayments)
          .innerJoin(loanOrders, eq(loanOrders.id, repayments.orderId))
          .innerJoin(customers, eq(customers.id, loanOrders.customerId)),
      where: {
        orderNo: (orderNo) => orderNoIs(loanOrders.orderNo, orderNo),
        serialNo: (serialNo) => eq(repayments.serialNo, serialNo),
        channel: (channel) => eq(repayments.channel, channel),
        virtualAccountCode: (code) => eq(repayments.virtualAccountCode, code),
        kind: (kind) =>
          kind === 'renew' ? eq(repayments.type, RENEW) : ne(repayments.type, RENEW),
        // A cooling-off exit (`normal`) clears the loan: it is a full repayment.
        coverage: (coverage): SQL =>
          coverage === 'full'
            ? inArray(repayments.type, ['full', 'normal'])
            : eq(repayments.type, 'partial'),
        status: (status) => eq(repayments.reversed, status === 'reversed'),
        ...inclusiveRange(repayments.valueDate, 'valueDateFrom', 'valueDateTo'),
      },
      sortColumns: {
        id: repayments.id,
        postedAt: repayments.receivedAt,
        valueDate: repayments.valueDate,
        amountPaise: repayments.amountPaise,
      },
      defaultSort: { field: 'id', order: 'desc' },
      id: repayments.id,
    },
    body,
  );
}

/** At most this many orders of one phone number answer a query (newest first). */
const QUERY_LIMIT = 20;

/** The orders a repayment query names: one order number, or a customer's phone number. */
export function ordersForQuery(db: Executor, by: { orderNo?: string; phone?: string }) {
  const conditions: SQL[] = [];
  if (by.orderNo) conditions.push(eq(loanOrders.orderNo, by.orderNo));
  if (by.phone) conditions.push(eq(customers.phone, by.phone));
  return db
    .select({ order: loanOrders, customerName: customers.name, customerPhone: customers.phone })
    .from(loanOrders)
    .innerJoin(customers, eq(customers.id, loanOrders.customerId))
    .where(and(...conditions))
    .orderBy(desc(loanOrders.id))
    .limit(QUERY_LIMIT);
}
