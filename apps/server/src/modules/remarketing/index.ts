/**
 * The /order screens besides the order list: clearNotLoan and regNotLoan (the re-marketing
 * lists) and collectionOrder (orders in collection, a read view for the order team).
 */
export { registerRemarketingRoutes } from './remarketing.routes.js';
export type { RemarketingDeps } from './remarketing.service.js';
