/**
 * Marketing SMS campaigns (/toolMage/marketingSMS, marketingSendSMS; issue #14): audiences
 * from the book, an uploaded list or rows selected on the re-marketing lists (decision 0067),
 * promotional templates, TRAI's 10:00–21:00 window, opt-outs and the blacklist skipped, and the
 * job that sends at each campaign's rate.
 */
import type { ModuleRoutes } from '../../plugins/module.js';
import type { MarketingSmsDeps } from './campaigns.service.js';
import { registerMarketingSmsRoutes } from './marketing-sms.routes.js';

export { createCampaign, type MarketingSmsDeps } from './campaigns.service.js';
// Opt-outs as the borrowers make them (the simulator's STOP replies and DND registrations).
export { accountPhonesNotOptedOut, addOptOut } from './audience.repository.js';
export {
  sendDueCampaignMessages,
  marketingSmsJob,
  type CampaignSenderDeps,
  type SendReport,
} from './sender.js';
export { marketingOptOuts, marketingSmsCampaigns } from './marketing-sms.table.js';
export { applyOptOutReply } from './opt-out-replies.js';

export function createMarketingSmsModule(deps: MarketingSmsDeps) {
  return {
    registerRoutes: (routes: ModuleRoutes) => registerMarketingSmsRoutes(routes.admin, deps),
  };
}
