/**
 * Channel reports (decision 0039): registrations, funnels, monitoring and re-borrowing per
 * acquisition channel and India day, from a daily table the day-end keeps.
 */
export { registerChannelReportRoutes } from './channel-report.routes.js';
export {
  refreshChannelDays,
  refreshChannelFigures,
  CHANNEL_REFRESH_DAYS,
} from './channel-figures.js';
