/**
 * Telemarketing (/telemarketing userList, checkList, telemarketingRate; decision 0040): the
 * call list of users not borrowing, assigned to telemarketers, their calls and the rate report.
 */
export { registerTelemarketingRoutes } from './telemarketing.routes.js';
export { refreshLeads, type TelemarketingDeps } from './telemarketing.service.js';
