/**
 * Finance and reports: the disbursement and repayment statements, the reconciliation of each
 * day against the gateways' statements with its breaks, the ledger's trial balance, and the
 * reports' daily figures (kept by the day-end, refreshed for today on request).
 */
import type { ModuleRoutes } from '../../plugins/module.js';
import { registerFinanceRoutes } from './finance.routes.js';
import type { FinanceDeps } from './finance.service.js';

export type { FinanceDeps } from './finance.service.js';
export { reconcileDay, type ReconciliationDeps } from './reconciliation.service.js';
export {
  reconcileScheduledDay,
  scheduledReconciliationJob,
  type ScheduledReconciliationReport,
} from './scheduled-reconciliation.js';
export { refreshReportFigures, refreshDailyOrders, refreshDueCohort } from './report-figures.js';

export function createFinanceModule(deps: FinanceDeps) {
  return {
    registerRoutes: (routes: ModuleRoutes) => registerFinanceRoutes(routes.admin, deps),
  };
}
