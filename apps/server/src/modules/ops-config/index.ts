/**
 * Configuration, SMS and channel screens (issue #14): system configuration items read through
 * a cached settings service, the app's configuration and version releases (served to the app
 * by the borrower API), SMS templates, gateway settings and messages, acquisition channels.
 */
export { registerOpsConfigRoutes } from './ops-config.routes.js';
export {
  appClientConfig,
  promotionalSendHours,
  smsGatewayRatePerMinute,
  smsProviderSettings,
  versionCheck,
  type OpsConfigDeps,
} from './ops-config.service.js';
export {
  brokenPromiseLimit,
  contactRulesOf,
  createSettingsService,
  reapplyAfterDays,
  telemarketingCallCap,
  telemarketingCallHours,
  type SettingsService,
} from './settings.service.js';
export { seedOpsConfig } from './seed.js';
