/**
 * Channel reports (decision 0039): registrations, funnels, monitoring and re-borrowing per
 * acquisition channel and India day, from a daily table the day-end keeps.
 */
import type { ModuleRoutes } from '../../plugins/module.js';
import { registerChannelReportRoutes } from './channel-report.routes.js';
import type { ChannelReportDeps } from './channel-report.service.js';

export {
  refreshChannelDays,
  refreshChannelFigures,
  CHANNEL_REFRESH_DAYS,
} from './channel-figures.js';

export function createChannelReportModule(deps: ChannelReportDeps) {
  return {
    registerRoutes: (routes: ModuleRoutes) => registerChannelReportRoutes(routes.admin, deps),
  };
}
