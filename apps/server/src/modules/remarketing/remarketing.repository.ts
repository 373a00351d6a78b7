import type {
  clearNotLoanBodySchema,
  collectionOrderBodySchema,
  regNotLoanBodySchema,
} from '@lending/contract';
import { and, eq, gte, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Executor } from '../../plugins/db.js';
import { inclusiveRange, orderNoIs, runList } from '../../shared/list-query.js';
import { queryRows } from '../../shared/sql-rows.js';
import { borrowerAccounts } from '../borrower-app/tables.js';
import { customers, loanOrders, repayments } from '../loan-book/tables.js';
import { recoveryCases } from '../recovery/tables.js';
import { staffUsers } from '../user/tables.js';

/** Statuses after a payout: the orders that count as loans taken. */
const DISBURSED = ['ACTIVE', 'DUE', 'OVERDUE', 'CLEARED', 'WRITTEN_OFF', 'OVERPAID'] as const;

/**
 * /order/clearNotLoan: customers whose LAST order is cleared (a customer who applied again
 * since has a later order and drops out), newest clearing first. The list is driven by the
 * cleared orders in clearing-date order (a partial index), each kept only when no later order
 * of its customer exists; the customers' figures are summed afterwards for the page's rows
 * only (clearNotLoanFigures). Summing every customer's orders first (a GROUP BY over
 * the whole book) cost 1.1 s a page at 200,000 orders (decision 0092).
 */
export function listClearNotLoan(db: Executor, body: z.output<typeof clearNotLoanBodySchema>) {
  const last = alias(loanOrders, 'last_order');
  return runList(
    db,
    {
      select: () =>
        db
          .select({
            customerId: customers.id,
            name: customers.name,
            phone: customers.phone,
            lastOrderId: last.id,
            lastOrderNo: last.orderNo,
            clearedDate: last.clearedDate,
            lastAmountPaise: last.principalPaise,
          })
          .from(last)
          .innerJoin(customers, eq(customers.id, last.customerId)),
      scope: and(
        eq(last.status, 'CLEARED'),
        isNotNull(last.clearedDate),
        sql`not exists (select 1 from ${loanOrders} later where later.customer_id = ${last.customerId} and later.id > ${last.id})`,
      ),
      where: {
        phone: (phone) => eq(customers.phone, phone),
        ...inclusiveRange<'clearedFrom', 'clearedTo', string>(
          last.clearedDate,
          'clearedFrom',
          'clearedTo',
        ),
        minLoans: (min) =>
          sql`(select count(*) from ${loanOrders} o where o.customer_id = ${last.customerId} and ${disbursed(sql`o.status`)}) >= ${min}`,
      },
      sortColumns: { clearedDate: last.clearedDate, lastAmountPaise: last.principalPaise },
      defaultSort: { field: 'clearedDate', order: 'desc' },
      id: last.id,
    },
    body,
  );
}

/** A status among DISBURSED, in SQL. */
function disbursed(status: SQL): SQL {
  return sql`${status} in (${sql.join(
    DISBURSED.map((value) => sql`${value}`),
    sql`, `,
  )})`;
}

/**
 * The clearNotLoan figures of the customers on one page, in one pass over their orders (the
 * customer index) and their repayments: computed for the page's rows only, not for every row
 * an OFFSET steps over (page 50 read 980 customers' orders for 20 rows, 302 ms at 200,000
 * orders).
 */
export async function clearNotLoanFigures(db: Executor, customerIds: number[]) {
  if (customerIds.length === 0) return new Map<number, ClearNotLoanFigures>();
  // Every column qualified by its alias: an unqualified name inside the repayments subquery
  // would bind to the subquery's own orders and sum the whole book.
  const rows = await queryRows(
    db,
    sql`select o.customer_id,
      (count(*) filter (where ${disbursed(sql`o.status`)}))::int as loans_taken,
      (count(*) filter (where o.closure_type in ('ADVANCE_CLEAR', 'ON_TIME', 'COOLING_OFF_EXIT')))::int as cleared_on_time,
      (count(*) filter (where o.closure_type in ('OVERDUE_CLEAR', 'SETTLED_WITH_WAIVER')))::int as cleared_late,
      coalesce(sum(paid.amount), 0)::text as total_repaid_paise
    from ${loanOrders} o
    left join lateral (select sum(r.amount_paise) as amount from ${repayments} r
      where r.order_id = o.id and not r.reversed) paid on true
    where o.customer_id in (${sql.join(
      customerIds.map((id) => sql`${id}`),
      sql`, `,
    )})
    group by o.customer_id`,
  );
  return new Map(
    rows.map((row) => [
      Number(row.customer_id),
      {
        loansTaken: Number(row.loans_taken),
        clearedOnTime: Number(row.cleared_on_time),
        clearedLate: Number(row.cleared_late),
        totalRepaidPaise: String(row.total_repaid_paise),
      },
    ]),
  );
}

export interface ClearNotLoanFigures {
  loansTaken: number;
  clearedOnTime: number;
  clearedLate: number;
  totalRepaidPaise: string;
}

/**
 * /order/regNotLoan: app accounts with no order at all (none under their customer, or no
 * customer yet because the profile was never saved).
 */
export function listRegNotLoan(db: Executor, body: z.output<typeof regNotLoanBodySchema>) {
  return runList(
    db,
    {
      select: () =>
        db
          .select({ account: borrowerAccounts, customerName: customers.name })
          .from(borrowerAccounts)
          .leftJoin(customers, eq(customers.id, borrowerAccounts.customerId)),
      scope: sql`not exists (select 1 from ${loanOrders} o where o.customer_id = ${borrowerAccounts.customerId})`,
      where: {
        phone: (phone) => eq(borrowerAccounts.phone, phone),
        channel: (channel) => eq(borrowerAccounts.channel, channel),
        ...inclusiveRange<'registeredFrom', 'registeredTo', string>(
          borrowerAccounts.registrationDate,
          'registeredFrom',
          'registeredTo',
        ),
        kyc: (kyc) =>
          kyc === 'registered'
            ? sql`${borrowerAccounts.customerId} is null`
            : kyc === 'profile'
              ? and(
                  isNotNull(borrowerAccounts.customerId),
                  sql`${borrowerAccounts.bankVerification} <> 'verified'`,
                )
              : eq(borrowerAccounts.bankVerification, 'verified'),
      },
      sortColumns: { registrationDate: borrowerAccounts.registrationDate },
      defaultSort: { field: 'registrationDate', order: 'desc' },
      id: borrowerAccounts.id,
    },
    body,
  );
}

/** /order/collectionOrder: orders overdue now (index on status and overdue days). */
export function listCollectionOrders(
  db: Executor,
  body: z.output<typeof collectionOrderBodySchema>,
) {
  return runList(
    db,
    {
      select: () =>
        db
          .select({
            order: {
              id: loanOrders.id,
              orderNo: loanOrders.orderNo,
              customerId: loanOrders.customerId,
              status: loanOrders.status,
              principalPaise: loanOrders.principalPaise,
              dueDate: loanOrders.dueDate,
              overdueDays: loanOrders.overdueDays,
              rbiClass: loanOrders.rbiClass,
              rescheduled: loanOrders.rescheduled,
              outstandingPaise: sql<string>`(${loanOrders.outstandingPrincipalPaise} + ${loanOrders.outstandingInterestPaise} + ${loanOrders.outstandingFeePaise} + ${loanOrders.outstandingGstPaise} + ${loanOrders.outstandingPenalPaise})`,
            },
            name: customers.name,
            phone: customers.phone,
            collectorName: staffUsers.name,
            lastContactAt: recoveryCases.lastContactAt,
          })
          .from(loanOrders)
          .innerJoin(customers, eq(customers.id, loanOrders.customerId))
          // At most one open collection case per order (a unique partial index).
          .leftJoin(
            recoveryCases,
            and(
              eq(recoveryCases.orderId, loanOrders.id),
              eq(recoveryCases.kind, 'collection'),
              eq(recoveryCases.status, 'open'),
            ),
          )
          .leftJoin(staffUsers, eq(staffUsers.id, recoveryCases.collectorId)),
      scope: eq(loanOrders.status, 'OVERDUE'),
      where: {
        orderNo: (orderNo) => orderNoIs(loanOrders.orderNo, orderNo),
        phone: (phone) => eq(customers.phone, phone),
        band: (band) =>
          band === '1-7'
            ? and(gte(loanOrders.overdueDays, 1), lte(loanOrders.overdueDays, 7))
            : gte(loanOrders.overdueDays, 8),
        ...inclusiveRange<'dueFrom', 'dueTo', string>(loanOrders.dueDate, 'dueFrom', 'dueTo'),
        // Overdue orders all owe: the class's partial index (owing orders) serves the filter.
        rbiClass: (rbiClass) => eq(loanOrders.rbiClass, rbiClass),
        rescheduled: (yes) =>
          yes ? sql`${loanOrders.rescheduled}` : sql`not ${loanOrders.rescheduled}`,
      },
      sortColumns: { overdueDays: loanOrders.overdueDays, dueDate: loanOrders.dueDate },
      defaultSort: { field: 'overdueDays', order: 'desc' },
      id: loanOrders.id,
    },
    body,
  );
}
