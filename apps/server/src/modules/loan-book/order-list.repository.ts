import { eq } from 'drizzle-orm';
import type { orderListBodySchema } from '@lending/contract';
import type { z } from 'zod';
import type { Executor } from '../../plugins/db.js';
import { inclusiveRange, indiaDayRange, orderNoIs, runList } from '../../shared/list-query.js';
import { customers } from './customers.table.js';
import { loanOrders } from './loan-orders.table.js';
import { loanProducts } from './loan-products.table.js';

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
