import type { RecoverySettings } from '@lending/contract';
import { addDays } from '@lending/lending';
import { indiaDateOf } from '../../shared/india-date.js';
import type { OrderChangeSubscriber } from '../loan-book/index.js';
import { openCases } from './day-end-cases.repository.js';

const SETTLED = ['CLEARED', 'OVERPAID'];

/**
 * The loan book's order-change subscriber (wired in app.ts): an order a command re-opens (a
 * repayment reversed, weeks later, out of repaid) gets its collection or pre-collection case at
 * once, staged by its days overdue, as the day-end would have opened it; the day-end opens the
 * cases of orders that turn overdue by date.
 */
export function openCasesOnReopen(settings: RecoverySettings): OrderChangeSubscriber {
  return async (tx, { before, after }) => {
    if (!SETTLED.includes(before.status) || SETTLED.includes(after.status)) return;
    const today = indiaDateOf(after.updatedAt);
    await openCases(tx, addDays(today, -1), after.updatedAt, settings, after.id);
  };
}
