import { and, eq, inArray, sql } from 'drizzle-orm';
import type {
  LendStatus,
  loanFlowListBodySchema,
  loanRecordListBodySchema,
  waitLoanListBodySchema,
} from '@lending/contract';
import type { z } from 'zod';
import type { Executor } from '../../plugins/db.js';
import { inclusiveRange, indiaDayRange, orderNoIs, runList } from '../../shared/list-query.js';
import { auditEvents } from '../audit/index.js';
import { customers } from './customers.table.js';
import { loanOrders } from './loan-orders.table.js';
import { payouts, type PayoutStatus } from './payouts.table.js';

/** Loan states of a disbursal by its payout's status. */
export const LEND_STATUS_PAYOUTS: Record<LendStatus, PayoutStatus[]> = {
  success: ['processed'],
  fail: ['failed', 'reversed'],
  lending: ['queued', 'processing', 'unknown'],
};

/**
 * Whether no later disbursal payout of the same order exists: the payout is the order's
 * latest attempt (payouts_order_purpose_idx answers it from the index).
 */
const isLatestAttempt = sql<boolean>`not exists (
  select 1 from payouts as later
  where later.order_id = ${payouts.orderId} and later.purpose = 'disbursal' and later.id > ${payouts.id}
)`;

/** Approved orders waiting for their payout (PENDING_DISBURSEMENT), with the borrower. */
export function listWaitingOrders(db: Executor, body: z.output<typeof waitLoanListBodySchema>) {
  return runList(
    db,
    {
      select: () =>
        db
          .select({ order: loanOrders, customer: customers })
          .from(loanOrders)
          // The screen's own rows: the status is part of the join, the filters come on top.
          .innerJoin(
            customers,
            and(
              eq(customers.id, loanOrders.customerId),
              eq(loanOrders.status, 'PENDING_DISBURSEMENT'),
            ),
          ),
      where: {
        orderNo: (orderNo) => orderNoIs(loanOrders.orderNo, orderNo),
        phone: (phone) => eq(customers.phone, phone),
        bankAccount: (state) => eq(customers.bankAccountVerified, state === 'verified'),
        productKind: (kind) => eq(loanOrders.productKind, kind),
        customerType: (type) => eq(customers.customerType, type),
        ...indiaDayRange(loanOrders.finalReviewedAt, 'approvedFrom', 'approvedTo'),
      },
      sortColumns: {
        id: loanOrders.id,
        approvedAt: loanOrders.finalReviewedAt,
        principalPaise: loanOrders.principalPaise,
        netDisbursedPaise: loanOrders.netDisbursedPaise,
      },
      defaultSort: { field: 'approvedAt', order: 'asc' },
      id: loanOrders.id,
    },
    body,
  );
}

/** Each order's latest disbursal payout: the loan as disbursed, failed or on its way. */
export function listLoanRecords(db: Executor, body: z.output<typeof loanRecordListBodySchema>) {
  return runList(
    db,
    {
      select: () =>
        db
          .select({ payout: payouts, order: loanOrders, customer: customers })
          .from(payouts)
          .innerJoin(
            loanOrders,
            and(
              eq(loanOrders.id, payouts.orderId),
              eq(payouts.purpose, 'disbursal'),
              isLatestAttempt,
            ),
          )
          .innerJoin(customers, eq(customers.id, loanOrders.customerId)),
      where: {
        orderNo: (orderNo) => orderNoIs(loanOrders.orderNo, orderNo),
        phone: (phone) => eq(customers.phone, phone),
        lendStatus: (status) => inArray(payouts.status, LEND_STATUS_PAYOUTS[status]),
        channel: (channel) => eq(payouts.channel, channel),
        ...inclusiveRange(payouts.processedDate, 'disbursedFrom', 'disbursedTo'),
      },
      sortColumns: {
        id: payouts.id,
        amountPaise: payouts.amountPaise,
        disbursedDate: payouts.processedDate,
        requestedAt: payouts.createdAt,
        updatedAt: payouts.updatedAt,
      },
      defaultSort: { field: 'id', order: 'desc' },
      id: payouts.id,
    },
    body,
  );
}

/** Every disbursal payout attempt, with whether a new attempt may be made for its order. */
export function listPayoutAttempts(db: Executor, body: z.output<typeof loanFlowListBodySchema>) {
  return runList(
    db,
    {
      select: () =>
        db
          .select({
            payout: payouts,
            orderNo: loanOrders.orderNo,
            orderStatus: loanOrders.status,
            customerName: customers.name,
            latest: isLatestAttempt,
          })
          .from(payouts)
          .innerJoin(
            loanOrders,
            and(eq(loanOrders.id, payouts.orderId), eq(payouts.purpose, 'disbursal')),
          )
          .innerJoin(customers, eq(customers.id, loanOrders.customerId)),
      where: {
        orderNo: (orderNo) => orderNoIs(loanOrders.orderNo, orderNo),
        payoutId: (id) => eq(payouts.id, id),
        status: (status) => eq(payouts.status, status),
        channel: (channel) => eq(payouts.channel, channel),
        ...indiaDayRange(payouts.createdAt, 'dateFrom', 'dateTo'),
      },
      sortColumns: {
        id: payouts.id,
        createdAt: payouts.createdAt,
        updatedAt: payouts.updatedAt,
        amountPaise: payouts.amountPaise,
        failCount: payouts.failCount,
      },
      defaultSort: { field: 'id', order: 'desc' },
      id: payouts.id,
    },
    body,
  );
}

/** The recorded outcomes of these payouts (the loan book audits each), oldest first. */
export function payoutOutcomeEvents(db: Executor, payoutIds: readonly number[]) {
  if (payoutIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      targetId: auditEvents.targetId,
      action: auditEvents.action,
      after: auditEvents.after,
      actorName: auditEvents.actorName,
      at: auditEvents.at,
    })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.targetType, 'payout'),
        inArray(
          auditEvents.targetId,
          payoutIds.map((id) => String(id)),
        ),
      ),
    )
    .orderBy(auditEvents.id);
}
