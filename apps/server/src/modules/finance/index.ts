/**
 * Finance: the disbursement and repayment statements, the reconciliation of each day against
 * the gateways' statements with its breaks, and the ledger's reads (trial balance, GST by
 * month, cash flow). The Reports menu's figures are the reports module's.
 */
import type { ModuleRoutes } from '../../plugins/module.js';
import { registerFinanceRoutes } from './finance.routes.js';
import type { FinanceDeps } from './finance.service.js';

export type { FinanceDeps } from './finance.service.js';
export { reconcileDay, type ReconciliationDeps } from './reconciliation.service.js';
export {
  applyCreditRefundPayout,
  creditRefundIdOfReference,
  creditRefundsJob,
  sweepCreditRefunds,
} from './credit-refund-payouts.js';
export {
  reconcileScheduledDay,
  scheduledReconciliationJob,
  type ScheduledReconciliationReport,
} from './scheduled-reconciliation.js';

export function createFinanceModule(deps: FinanceDeps) {
  return {
    registerRoutes: (routes: ModuleRoutes) => registerFinanceRoutes(routes.admin, deps),
  };
}
