/**
 * The dashboard (docs/product.md §2): figures of the loan book over a range of India days,
 * read-only.
 */
export {
  dashboardSummary,
  rangeOf,
  indiaDateTime,
  type DashboardDeps,
} from './dashboard.service.js';
export { registerDashboardRoutes } from './dashboard.routes.js';
