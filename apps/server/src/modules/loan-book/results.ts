import type { OrderCommandRet } from '@lending/contract';
import { paiseToApi } from '../../shared/paise.js';
import type { LoanOrderRow } from './loan-orders.table.js';

/** What every order command answers (and an idempotent replay answers again). */
export function orderResult(
  row: LoanOrderRow,
  extra: {
    payoutId?: number;
    repaymentId?: number;
    amountPaise?: bigint;
    excessPaise?: bigint;
  } = {},
): OrderCommandRet {
  return {
    orderId: row.id,
    orderNo: row.orderNo,
    status: row.status,
    closureType: row.closureType,
    dueDate: row.dueDate,
    ...(extra.payoutId !== undefined ? { payoutId: extra.payoutId } : {}),
    ...(extra.repaymentId !== undefined ? { repaymentId: extra.repaymentId } : {}),
    ...(extra.amountPaise !== undefined ? { amountPaise: paiseToApi(extra.amountPaise) } : {}),
    ...(extra.excessPaise !== undefined ? { excessPaise: paiseToApi(extra.excessPaise) } : {}),
  };
}
