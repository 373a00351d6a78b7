/**
 * The Reports menu's figures (docs/adding-a-report.md): the daily order analysis, the overdue
 * cohorts and the channel reports (with /toolMage's pipeline analysis, which reads the same
 * figures). Each report is a read model, rows per India date and dimension that the day-end
 * recomputes and a report refreshes for today, and a query over it.
 */
import type { ModuleRoutes } from '../../plugins/module.js';
import type { ReportsDeps } from './read-models.js';
import { registerReportsRoutes } from './reports.routes.js';

export {
  backfillReports,
  channelDayFigures,
  dailyOrderFigures,
  dueCohortFigures,
  refreshReports,
  type ReportDays,
  type ReportReadModel,
  type ReportsDeps,
} from './read-models.js';

export function createReportsModule(deps: ReportsDeps) {
  return {
    registerRoutes: (routes: ModuleRoutes) => registerReportsRoutes(routes.admin, deps),
  };
}
