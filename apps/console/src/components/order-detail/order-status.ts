import type { OrderDetail } from '@lending/contract';
import type { StatusTags } from '../list-page';

type OrderStatus = OrderDetail['status'];

/** Every order status with its tag (lists and details share them). */
export const orderStatusTags: StatusTags<OrderStatus> = {
  APPLIED: { label: 'order.statuses.APPLIED' },
  MACHINE_REVIEW: { label: 'order.statuses.MACHINE_REVIEW', color: 'processing' },
  FIRST_REVIEW: { label: 'order.statuses.FIRST_REVIEW', color: 'processing' },
  FINAL_REVIEW: { label: 'order.statuses.FINAL_REVIEW', color: 'processing' },
  PENDING_DISBURSEMENT: { label: 'order.statuses.PENDING_DISBURSEMENT', color: 'gold' },
  DISBURSING: { label: 'order.statuses.DISBURSING', color: 'gold' },
  ACTIVE: { label: 'order.statuses.ACTIVE', color: 'blue' },
  DUE: { label: 'order.statuses.DUE', color: 'orange' },
  OVERDUE: { label: 'order.statuses.OVERDUE', color: 'red' },
  CLEARED: { label: 'order.statuses.CLEARED', color: 'green' },
  WRITTEN_OFF: { label: 'order.statuses.WRITTEN_OFF', color: 'volcano' },
  REJECTED: { label: 'order.statuses.REJECTED' },
  CANCELLED: { label: 'order.statuses.CANCELLED' },
  DISBURSEMENT_FAILED: { label: 'order.statuses.DISBURSEMENT_FAILED', color: 'red' },
  OVERPAID: { label: 'order.statuses.OVERPAID', color: 'purple' },
};

/** The detail route an order number opens (the order team's; later screens pass their own). */
export function orderDetailPath(orderNo: string, base = '/loan/loanDetail'): string {
  return `${base}?orderNo=${encodeURIComponent(orderNo)}`;
}
