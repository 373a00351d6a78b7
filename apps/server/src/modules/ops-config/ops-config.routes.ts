import { appOpsConfigApi, opsConfigApi } from '@lending/contract';
import { callerOf, type EndpointRegistrar } from '../../plugins/access.js';
import type { AppEndpointRegistrar } from '../../plugins/app-access.js';
import type { Database } from '../../plugins/db.js';
import { listVerifyCodes, revealVerifyCode } from '../borrower-app/index.js';
import * as versions from './app-versions.service.js';
import * as channels from './channels.service.js';
import type { OpsConfigDeps } from './ops-config.deps.js';
import * as settings from './settings.service.js';
import * as sms from './sms-config.service.js';
import * as trx from './trx-statistics.service.js';

/** Binds the configuration, SMS and channel screens' endpoints; no SQL here. */
export function registerOpsConfigRoutes(endpoints: EndpointRegistrar, deps: OpsConfigDeps) {
  endpoints.register(opsConfigApi.listSettings, ({ body }) => settings.listSettings(deps, body));
  endpoints.register(opsConfigApi.saveSetting, (c) =>
    settings.saveSetting(deps, c.tx, c.audit, callerOf(c).userId, c.body),
  );
  endpoints.register(opsConfigApi.deleteSetting, (c) =>
    settings.deleteSetting(deps, c.tx, c.audit, c.body.item),
  );

  endpoints.register(opsConfigApi.getAppConfig, () => settings.appConfigView(deps.db));
  endpoints.register(opsConfigApi.saveAppConfig, (c) =>
    settings.saveAppConfig(deps, c.tx, c.audit, callerOf(c).userId, c.body),
  );

  endpoints.register(opsConfigApi.listVersions, ({ body }) => versions.listVersions(deps, body));
  endpoints.register(opsConfigApi.saveVersion, (c) =>
    versions.saveVersion(deps, c.tx, c.audit, callerOf(c).userId, c.body),
  );
  endpoints.register(opsConfigApi.deleteVersion, (c) =>
    versions.deleteVersion(c.tx, c.audit, c.body.version),
  );

  endpoints.register(opsConfigApi.listSmsTemplates, ({ body }) => sms.listSmsTemplates(deps, body));
  endpoints.register(opsConfigApi.saveSmsTemplate, (c) =>
    sms.saveSmsTemplate(deps, c.tx, c.audit, c.body),
  );
  endpoints.register(opsConfigApi.setSmsTemplateEnabled, (c) =>
    sms.setSmsTemplateEnabled(deps, c.tx, c.audit, c.body.code, c.body.enabled),
  );
  endpoints.register(opsConfigApi.getSmsConfig, () =>
    sms.smsConfigView(deps.db, deps.smsGatewayMode),
  );
  endpoints.register(opsConfigApi.saveSmsConfig, (c) =>
    sms.saveSmsConfig(deps, c.tx, c.audit, callerOf(c).userId, c.body),
  );
  endpoints.register(opsConfigApi.listSmsMessages, ({ body }) => sms.listSmsMessages(deps, body));

  endpoints.register(opsConfigApi.listChannels, ({ body }) => channels.listChannels(deps, body));
  endpoints.register(opsConfigApi.saveChannel, (c) =>
    channels.saveChannel(deps, c.tx, c.audit, c.body),
  );

  // The sign-in codes are the borrower app's; the screen is this module's (verifyCode).
  endpoints.register(opsConfigApi.listVerifyCodes, ({ body }) =>
    listVerifyCodes(deps.db, deps.clock.now(), body),
  );
  endpoints.register(opsConfigApi.revealVerifyCode, (c) =>
    revealVerifyCode(c.tx, c.audit, deps.clock.now(), c.body.id),
  );
  endpoints.register(opsConfigApi.trxStatistics, ({ body }) => trx.trxStatistics(deps.db, body));
}

/**
 * The borrower API's reads of this configuration: the app's settings and the version check
 * (which reads through the plain database).
 */
export function registerOpsConfigAppRoutes(
  endpoints: AppEndpointRegistrar,
  deps: OpsConfigDeps,
  rawDb: Database,
) {
  endpoints.register(appOpsConfigApi.appClientConfig, () => settings.appClientConfig(deps));
  endpoints.register(appOpsConfigApi.appVersionCheck, ({ body }) =>
    versions.versionCheck(rawDb, body.version),
  );
}
