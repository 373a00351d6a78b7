/**
 * Configuration, SMS and channel screens (issue #14): system configuration items read through
 * a cached settings service, the app's configuration and version releases (served to the app
 * by the borrower API), SMS templates, gateway settings and messages, acquisition channels.
 */
import type { Database } from '../../plugins/db.js';
import type { ModuleRoutes } from '../../plugins/module.js';
import type { OpsConfigDeps } from './ops-config.deps.js';
import { registerOpsConfigAppRoutes, registerOpsConfigRoutes } from './ops-config.routes.js';

export type { OpsConfigDeps } from './ops-config.deps.js';
export {
  promotionalSendHours,
  smsGatewayRatePerMinute,
  smsProviderSettings,
} from './sms-config.service.js';
export {
  assetClassThresholds,
  brokenPromiseLimit,
  contactRulesOf,
  createSettingsService,
  lockedPeriodPosting,
  reapplyAfterDays,
  telemarketingCallCap,
  telemarketingCallHours,
  unappliedCreditDays,
  type SettingsService,
} from './settings.service.js';
export { seedOpsConfig } from './seed.js';

export interface OpsConfigModuleDeps extends OpsConfigDeps {
  /** The plain database: the borrower API's version check reads through it. */
  rawDb: Database;
}

/** The console's configuration screens and the borrower API's reads of the app settings. */
export function createOpsConfigModule(deps: OpsConfigModuleDeps) {
  const { rawDb, ...opsDeps } = deps;
  return {
    registerRoutes(routes: ModuleRoutes) {
      registerOpsConfigRoutes(routes.admin, opsDeps);
      registerOpsConfigAppRoutes(routes.app, opsDeps, rawDb);
    },
  };
}
