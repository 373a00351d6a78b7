import { appOpsApi, opsApi } from '@lending/contract';
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
  endpoints.register(opsApi.listSettings, ({ body }) => settings.listSettings(deps, body));
  endpoints.register(opsApi.saveSetting, (c) =>
    settings.saveSetting(deps, c.tx, c.audit, callerOf(c).userId, c.body),
  );
  endpoints.register(opsApi.deleteSetting, (c) =>
    settings.deleteSetting(deps, c.tx, c.audit, c.body.item),
  );

  endpoints.register(opsApi.getAppConfig, () => settings.appConfigView(deps.db));
  endpoints.register(opsApi.saveAppConfig, (c) =>
    settings.saveAppConfig(deps, c.tx, c.audit, callerOf(c).userId, c.body),
  );

  endpoints.register(opsApi.listVersions, ({ body }) => versions.listVersions(deps, body));
  endpoints.register(opsApi.saveVersion, (c) =>
    versions.saveVersion(deps, c.tx, c.audit, callerOf(c).userId, c.body),
  );
  endpoints.register(opsApi.deleteVersion, (c) =>
    versions.deleteVersion(c.tx, c.audit, c.body.version),
  );

  endpoints.register(opsApi.listSmsTemplates, ({ body }) => sms.listSmsTemplates(deps, body));
  endpoints.register(opsApi.saveSmsTemplate, (c) =>
    sms.saveSmsTemplate(deps, c.tx, c.audit, c.body),
  );
  endpoints.register(opsApi.setSmsTemplateEnabled, (c) =>
    sms.setSmsTemplateEnabled(deps, c.tx, c.audit, c.body.code, c.body.enabled),
  );
  endpoints.register(opsApi.getSmsConfig, () => sms.smsConfigView(deps.db, deps.smsGatewayMode));
  endpoints.register(opsApi.saveSmsConfig, (c) =>
    sms.saveSmsConfig(deps, c.tx, c.audit, callerOf(c).userId, c.body),
  );
  endpoints.register(opsApi.listSmsMessages, ({ body }) => sms.listSmsMessages(deps, body));

  endpoints.register(opsApi.listChannels, ({ body }) => channels.listChannels(deps, body));
  endpoints.register(opsApi.saveChannel, (c) => channels.saveChannel(deps, c.tx, c.audit, c.body));

  // The sign-in codes are the borrower app's; the screen is this module's (verifyCode).
  endpoints.register(opsApi.listVerifyCodes, ({ body }) =>
    listVerifyCodes(deps.db, deps.clock.now(), body),
  );
  endpoints.register(opsApi.revealVerifyCode, (c) =>
    revealVerifyCode(c.tx, c.audit, deps.clock.now(), c.body.id),
  );
  endpoints.register(opsApi.trxStatistics, ({ body }) => trx.trxStatistics(deps.db, body));
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
  endpoints.register(appOpsApi.appClientConfig, () => settings.appClientConfig(deps));
  endpoints.register(appOpsApi.appVersionCheck, ({ body }) =>
    versions.versionCheck(rawDb, body.version),
  );
}
