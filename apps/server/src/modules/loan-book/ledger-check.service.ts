import type { Executor } from '../../plugins/db.js';
import { checkJournals, type JournalsCheck } from '../ledger/index.js';
import { ordersAgainstPostings, type OrdersAgainstPostings } from './order-postings.repository.js';

export interface LedgerCheckResult {
  ok: boolean;
  journalsChecked: number;
  ordersChecked: number;
  unbalancedJournals: JournalsCheck['unbalancedJournals'];
  mismatchedOrders: OrdersAgainstPostings['mismatchedOrders'];
}

/**
 * The ledger check over the whole book (`npm run ledger:check`, `POST /admin-api/ledger/check`,
 * after every service test): every journal sums to zero (the ledger's own check); each order's
 * outstanding per component equals the sum of its receivable postings, and its unrefunded
 * overpayment equals its customer-overpayment liability.
 */
export async function checkLedger(db: Executor): Promise<LedgerCheckResult> {
  const journals = await checkJournals(db);
  const orders = await ordersAgainstPostings(db);
  return {
    ok: journals.ok && orders.mismatchedOrders.length === 0,
    journalsChecked: journals.journalsChecked,
    ordersChecked: orders.ordersChecked,
    unbalancedJournals: journals.unbalancedJournals,
    mismatchedOrders: orders.mismatchedOrders,
  };
}
