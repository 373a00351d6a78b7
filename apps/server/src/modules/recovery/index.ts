/**
 * Collection and pre-collection (issue #12): cases the day-end opens and dispatches, follow-ups
 * under the conduct guard, groups, collectors, manual dispatch, daily process and performance.
 * Named `recovery` so as not to clash with the payment integrations' `collections`.
 */
import type { ModuleRoutes } from '../../plugins/module.js';
import { registerRecoveryRoutes } from './recovery.routes.js';
import type { RecoveryDeps } from './recovery.deps.js';

export type { RecoveryDeps } from './recovery.deps.js';
export {
  recoveryDayEnd,
  autoDispatch,
  refreshRecovery,
  recoveryRefreshJob,
} from './recovery.engine.js';
export { closeSettledCases } from './case-state.repository.js';
export { loadRecoverySettings, type ContactRules } from './recovery.settings.js';
export { openCasesOnReopen } from './reopened-orders.js';
// A collector's follow-ups, and a collection floor made in code (the demo book's).
export { instalmentPlan, logFollowUp } from './follow-ups.service.js';
export { openCasesWithCollector } from './cases.repository.js';
export { addCollector, addRecoveryGroup, hasRecoveryGroups } from './teams.repository.js';

export function createRecoveryModule(deps: RecoveryDeps) {
  return {
    // The server too: a refused contact is recorded in the reply's onSend (shared/after-reply.ts).
    registerRoutes: (routes: ModuleRoutes) =>
      registerRecoveryRoutes(routes.server, routes.admin, deps),
  };
}
