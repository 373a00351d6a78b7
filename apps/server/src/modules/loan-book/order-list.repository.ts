import { and, eq, sql } from 'drizzle-orm';
import type { AssetClass, orderListBodySchema } from '@lending/contract';
import type { z } from 'zod';
import type { Executor } from '../../plugins/db.js';
import { inclusiveRange, indiaDayRange, orderNoIs, runList } from '../../shared/list-query.js';
import { customers } from './customers.table.js';
import { loanOrders } from './loan-orders.table.js';
import { loanProducts } from './loan-products.table.js';

/**
 * A loan that owes, exactly as the partial indexes on the asset class say it
 * (`loan_orders_owing_class_idx`), so a filter on the class reads that index.
 */
const owingOrderSql = sql`${loanOrders.status} in ('ACTIVE', 'DUE', 'OVERDUE')`;

/** The asset class of a loan that owes (the last day-end's); null for any other status. */
const owingClassSql = sql<AssetClass | null>`(case when ${owingOrderSql} then ${loanOrders.rbiClass} end)`;

/**
 * The asset class filter matches the loans that owe in that class (through the partial index
 * on the class), as the row shows it; the rescheduled flag's own partial index serves `true`.
 */
const assetClassFilters = {
  rbiClass: (rbiClass: AssetClass) => and(owingOrderSql, eq(loanOrders.rbiClass, rbiClass)),
  rescheduled: (yes: boolean) =>
    yes ? sql`${loanOrders.rescheduled}` : sql`not ${loanOrders.rescheduled}`,
};

/**
 * /order/orderList: every order with its customer and product. The phone is matched exactly on
 * the customers' normalised column (indexed), never with LIKE; each other filter and sort has
 * an index on loan_orders (loan-orders.table.ts).
 */
export function listOrders(db: Executor, body: z.output<typeof orderListBodySchema>) {
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
              productId: loanOrders.productId,
              productKind: loanOrders.productKind,
              principalPaise: loanOrders.principalPaise,
              processingFeePaise: loanOrders.processingFeePaise,
              gstOnFeePaise: loanOrders.gstOnFeePaise,
              tenorDays: loanOrders.tenorDays,
              status: loanOrders.status,
              closureType: loanOrders.closureType,
              appliedAt: loanOrders.appliedAt,
              disbursalDate: loanOrders.disbursalDate,
              dueDate: loanOrders.dueDate,
              overdueDays: loanOrders.overdueDays,
              rbiClass: owingClassSql,
              rescheduled: loanOrders.rescheduled,
            },
            customerName: customers.name,
            phone: customers.phone,
            productName: loanProducts.name,
          })
          .from(loanOrders)
          .innerJoin(customers, eq(customers.id, loanOrders.customerId))
          .innerJoin(loanProducts, eq(loanProducts.id, loanOrders.productId)),
      where: {
        orderNo: (orderNo) => orderNoIs(loanOrders.orderNo, orderNo),
        phone: (phone) => eq(customers.phone, phone),
        status: (status) => eq(loanOrders.status, status),
        customerKind: (kind) => eq(loanOrders.productKind, kind),
        productId: (productId) => eq(loanOrders.productId, productId),
        ...indiaDayRange(loanOrders.appliedAt, 'appliedFrom', 'appliedTo'),
        ...inclusiveRange<'disbursedFrom', 'disbursedTo', string>(
          loanOrders.disbursalDate,
          'disbursedFrom',
          'disbursedTo',
        ),
        ...inclusiveRange<'dueFrom', 'dueTo', string>(loanOrders.dueDate, 'dueFrom', 'dueTo'),
        ...inclusiveRange<'minAmountPaise', 'maxAmountPaise', number>(
          loanOrders.principalPaise,
          'minAmountPaise',
          'maxAmountPaise',
        ),
        ...assetClassFilters,
      },
      sortColumns: {
        appliedAt: loanOrders.appliedAt,
        principalPaise: loanOrders.principalPaise,
        dueDate: loanOrders.dueDate,
      },
      defaultSort: { field: 'appliedAt', order: 'desc' },
      id: loanOrders.id,
    },
    body,
  );
}

export type OrderListEntry = Awaited<ReturnType<typeof listOrders>>['list'][number];
