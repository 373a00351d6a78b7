import { eq } from 'drizzle-orm';
import { appOpsApi, opsApi } from '@lending/contract';
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
  endpoints.register(opsApi.listSettings, ({ body }) => ops.listSettings(deps, body));
  endpoints.register(opsApi.saveSetting, async (c) =>
    ops.saveSetting(deps, c.tx, c.audit, await actorOf(c.tx, c), c.body),
  );
  endpoints.register(opsApi.deleteSetting, (c) =>
    ops.deleteSetting(deps, c.tx, c.audit, c.body.item),
  );

  endpoints.register(opsApi.getAppConfig, () => ops.appConfigView(deps.db));
  endpoints.register(opsApi.saveAppConfig, (c) =>
    ops.saveAppConfig(deps, c.tx, c.audit, callerOf(c).userId, c.body),
  );

  endpoints.register(opsApi.listVersions, ({ body }) => ops.listVersions(deps, body));
  endpoints.register(opsApi.saveVersion, async (c) =>
    ops.saveVersion(deps, c.tx, c.audit, await actorOf(c.tx, c), c.body),
  );
  endpoints.register(opsApi.deleteVersion, (c) => ops.deleteVersion(c.tx, c.audit, c.body.version));

  endpoints.register(opsApi.listSmsTemplates, ({ body }) => ops.listSmsTemplates(deps, body));
  endpoints.register(opsApi.saveSmsTemplate, (c) =>
    ops.saveSmsTemplate(deps, c.tx, c.audit, c.body),
  );
  endpoints.register(opsApi.setSmsTemplateEnabled, (c) =>
    ops.setSmsTemplateEnabled(deps, c.tx, c.audit, c.body.code, c.body.enabled),
  );
  endpoints.register(opsApi.getSmsConfig, () => ops.smsConfigView(deps.db, deps.smsGatewayMode));
  endpoints.register(opsApi.saveSmsConfig, (c) =>
    ops.saveSmsConfig(deps, c.tx, c.audit, callerOf(c).userId, c.body),
  );
  endpoints.register(opsApi.listSmsMessages, ({ body }) => ops.listSmsMessages(deps, body));

  endpoints.register(opsApi.listChannels, ({ body }) => ops.listChannels(deps, body));
  endpoints.register(opsApi.saveChannel, (c) => ops.saveChannel(deps, c.tx, c.audit, c.body));

  endpoints.register(opsApi.listVerifyCodes, ({ body }) =>
    codes.listVerifyCodes(deps.db, deps.clock.now(), body),
  );
  endpoints.register(opsApi.revealVerifyCode, (c) =>
    codes.revealVerifyCode(c.tx, c.audit, deps.clock.now(), c.body.id),
  );
  endpoints.register(opsApi.trxStatistics, ({ body }) => trx.trxStatistics(deps.db, body));
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
  endpoints.register(appOpsApi.appClientConfig, () => ops.appClientConfig(deps));
  endpoints.register(appOpsApi.appVersionCheck, ({ body }) =>
    ops.versionCheck(rawDb, body.version),
  );
}
