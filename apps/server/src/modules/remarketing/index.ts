/**
 * The /order screens besides the order list: clearNotLoan and regNotLoan (the re-marketing
 * lists) and collectionOrder (orders in collection, a read view for the order team).
 */
import type { ModuleRoutes } from '../../plugins/module.js';
import { registerRemarketingRoutes } from './remarketing.routes.js';
import type { RemarketingDeps } from './remarketing.service.js';

export type { RemarketingDeps } from './remarketing.service.js';

export function createRemarketingModule(deps: RemarketingDeps) {
  return {
    registerRoutes: (routes: ModuleRoutes) => registerRemarketingRoutes(routes.admin, deps),
  };
}
