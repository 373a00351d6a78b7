/**
 * Telemarketing (/telemarketing userList, checkList, telemarketingRate; decision 0040): the
 * call list of users not borrowing, assigned to telemarketers, their calls and the rate report.
 */
import type { ModuleRoutes } from '../../plugins/module.js';
import { registerTelemarketingRoutes } from './telemarketing.routes.js';
import type { TelemarketingDeps } from './telemarketing.service.js';

export {
  assignLeads,
  recordCall,
  refreshLeads,
  type TelemarketingDeps,
} from './telemarketing.service.js';
// The floor's work as the simulator does it: whom to assign, whom to call.
export { leadsDueACall, unassignedLeadsSince } from './telemarketing.repository.js';
// The review queue's checking status per order (approval's `checkingStatusOf`, wired by app.ts).
export { checkingStatusesOf } from './verification.repository.js';
export { recordVerification } from './verification.service.js';

export function createTelemarketingModule(deps: TelemarketingDeps) {
  return {
    // The server too: a refused call is recorded in the reply's onSend (shared/after-reply.ts).
    registerRoutes: (routes: ModuleRoutes) =>
      registerTelemarketingRoutes(routes.server, routes.admin, deps),
  };
}
