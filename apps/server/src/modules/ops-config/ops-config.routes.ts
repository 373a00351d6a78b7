import { eq } from 'drizzle-orm';
import {
  appClientConfig,
  appVersionCheck,
  deleteSetting,
  deleteVersion,
  getAppConfig,
  getSmsConfig,
  listChannels,
  listSettings,
  listSmsMessages,
  listSmsTemplates,
  listVersions,
  listVerifyCodes,
  revealVerifyCode,
  saveAppConfig,
  saveChannel,
  saveSetting,
  saveSmsConfig,
  saveSmsTemplate,
  saveVersion,
  setSmsTemplateEnabled,
  trxStatistics,
} from '@lending/contract';
import { callerOf, type EndpointRegistrar } from '../../plugins/access.js';
import type { AppEndpointRegistrar } from '../../plugins/app-access.js';
import type { Database, Executor } from '../../plugins/db.js';
import { staffUsers } from '../user/tables.js';
import * as ops from './ops-config.service.js';
import * as trx from './trx-statistics.js';
import * as codes from './verify-codes.js';

async function actorOf(tx: Executor, context: Parameters<typeof callerOf>[0]) {
  const id = callerOf(context).userId;
  const [row] = await tx
    .select({ name: staffUsers.name })
    .from(staffUsers)
    .where(eq(staffUsers.id, id));
  return { id, name: row?.name ?? '' };
}

/** Binds the configuration, SMS and channel screens' endpoints; no SQL here. */
export function registerOpsConfigRoutes(endpoints: EndpointRegistrar, deps: ops.OpsConfigDeps) {
  endpoints.register(listSettings, ({ body }) => ops.listSettings(deps, body));
  endpoints.register(saveSetting, async (c) =>
    ops.saveSetting(deps, c.tx, c.audit, await actorOf(c.tx, c), c.body),
  );
  endpoints.register(deleteSetting, (c) => ops.deleteSetting(deps, c.tx, c.audit, c.body.item));

  endpoints.register(getAppConfig, () => ops.appConfigView(deps.db));
  endpoints.register(saveAppConfig, (c) =>
    ops.saveAppConfig(deps, c.tx, c.audit, callerOf(c).userId, c.body),
  );

  endpoints.register(listVersions, ({ body }) => ops.listVersions(deps, body));
  endpoints.register(saveVersion, async (c) =>
    ops.saveVersion(deps, c.tx, c.audit, await actorOf(c.tx, c), c.body),
  );
  endpoints.register(deleteVersion, (c) => ops.deleteVersion(c.tx, c.audit, c.body.version));

  endpoints.register(listSmsTemplates, ({ body }) => ops.listSmsTemplates(deps, body));
  endpoints.register(saveSmsTemplate, (c) => ops.saveSmsTemplate(deps, c.tx, c.audit, c.body));
  endpoints.register(setSmsTemplateEnabled, (c) =>
    ops.setSmsTemplateEnabled(deps, c.tx, c.audit, c.body.code, c.body.enabled),
  );
  endpoints.register(getSmsConfig, () => ops.smsConfigView(deps.db, deps.smsGatewayMode));
  endpoints.register(saveSmsConfig, (c) =>
    ops.saveSmsConfig(deps, c.tx, c.audit, callerOf(c).userId, c.body),
  );
  endpoints.register(listSmsMessages, ({ body }) => ops.listSmsMessages(deps, body));

  endpoints.register(listChannels, ({ body }) => ops.listChannels(deps, body));
  endpoints.register(saveChannel, (c) => ops.saveChannel(deps, c.tx, c.audit, c.body));

  endpoints.register(listVerifyCodes, ({ body }) =>
    codes.listVerifyCodes(deps.db, deps.clock.now(), body),
  );
  endpoints.register(revealVerifyCode, (c) =>
    codes.revealVerifyCode(c.tx, c.audit, deps.clock.now(), c.body.id),
  );
  endpoints.register(trxStatistics, ({ body }) => trx.trxStatistics(deps.db, body));
}

/**
 * The borrower API's reads of this configuration: the app's settings and the version check
 * (which reads through the plain database).
 */
export function registerOpsConfigAppRoutes(
  endpoints: AppEndpointRegistrar,
  deps: ops.OpsConfigDeps,
  rawDb: Database,
) {
  endpoints.register(appClientConfig, () => ops.appClientConfig(deps));
  endpoints.register(appVersionCheck, ({ body }) => ops.versionCheck(rawDb, body.version));
}
