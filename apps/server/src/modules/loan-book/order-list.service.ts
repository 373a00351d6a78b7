import type { OrderListRow, orderListBodySchema } from '@lending/contract';
import type { z } from 'zod';
import type { Executor } from '../../plugins/db.js';
import { paiseToApi } from '../../shared/paise.js';
import { maskName, maskPhone } from '../../shared/pii.js';
import { toIso } from '../../shared/timestamps.js';
import { listOrders as queryOrders, type OrderListEntry } from './order-list.repository.js';

/** A row of /order/orderList: money as paise, instants ISO, personal data masked. */
export function orderListRow({
  order,
  customerName,
  phone,
  productName,
}: OrderListEntry): OrderListRow {
  return {
    id: order.id,
    orderNo: order.orderNo,
    customerId: order.customerId,
    customerName: maskName(customerName),
    phone: maskPhone(phone),
    customerKind: order.productKind,
    productId: order.productId,
    productName,
    principalPaise: paiseToApi(order.principalPaise),
    tenorDays: order.tenorDays,
    feesPaise: paiseToApi(order.processingFeePaise + order.gstOnFeePaise),
    status: order.status,
    closureType: order.closureType,
    appliedAt: toIso(order.appliedAt),
    disbursalDate: order.disbursalDate,
    dueDate: order.dueDate,
    overdueDays: order.overdueDays,
    rbiClass: order.rbiClass,
    rescheduled: order.rescheduled,
  };
}

export async function listOrders(db: Executor, body: z.output<typeof orderListBodySchema>) {
  const { list, total } = await queryOrders(db, body);
  return { list: list.map(orderListRow), total };
}
