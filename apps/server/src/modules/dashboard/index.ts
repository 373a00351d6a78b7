/**
 * The dashboard (docs/product.md §2): figures of the loan book over a range of India days,
 * read-only.
 */
import type { ModuleRoutes } from '../../plugins/module.js';
import { registerDashboardRoutes } from './dashboard.routes.js';
import type { DashboardDeps } from './dashboard.service.js';

export {
  dashboardSummary,
  rangeOf,
  indiaDateTime,
  type DashboardDeps,
} from './dashboard.service.js';

export function createDashboardModule(deps: DashboardDeps) {
  return {
    registerRoutes: (routes: ModuleRoutes) => registerDashboardRoutes(routes.admin, deps),
  };
}
