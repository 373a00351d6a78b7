import { and, desc, eq, gt, notInArray } from 'drizzle-orm';
import type {
  AppConfig,
  AppVersion,
  Channel,
  SaveChannelBody,
  SaveSmsConfigBody,
  SaveSmsTemplateBody,
  SmsConfigView,
  SmsTemplate,
  SystemSetting,
  VersionCheckRet,
  listChannelsBodySchema,
  listSettingsBodySchema,
  listSmsMessagesBodySchema,
  listSmsTemplatesBodySchema,
  listVersionsBodySchema,
  saveSettingBodySchema,
  saveVersionBodySchema,
  SendHours,
} from '@lending/contract';
import { BUILT_SMS_PROVIDERS, promotionalHoursOf } from '@lending/contract';
import type { z } from 'zod';
import { smsTemplates, templateVariables, type SmsTemplateRow } from '../../integrations/index.js';
import type { AuditRecorder } from '../../plugins/audit-port.js';
import type { Database, Executor } from '../../plugins/db.js';
import { AppError } from '../../shared/app-error.js';
import type { Clock } from '../../shared/clock.js';
import { maskPhone } from '../../shared/pii.js';
import { toIso, toIsoOrNull } from '../../shared/timestamps.js';
import {
  acquisitionChannels,
  appConfigs,
  appVersions,
  smsGatewaySettings,
  systemSettings,
  type AppVersionRow,
  type SystemSettingRow,
} from './ops-config.table.js';
import * as repo from './ops-config.repository.js';
import {
  findSetting,
  isKnownSetting,
  KNOWN_SETTINGS,
  normaliseSetting,
  type SettingsService,
} from './settings.service.js';

export interface OpsConfigDeps {
  db: Database;
  clock: Clock;
  settings: SettingsService;
  /**
   * The environment's `SMS_GATEWAY` (decision 0079): `sandbox` lets only the sandbox be chosen
   * (and send); `live` lets smsConfig choose a built live provider.
   */
  smsGatewayMode: 'sandbox' | 'live';
}

/* ----------------------------------- system settings ------------------------------------ */

function settingView(row: SystemSettingRow, updatedBy: string | null): SystemSetting {
  const known = isKnownSetting(row.item);
  return {
    item: row.item,
    value: row.value,
    type: row.type,
    group: row.group,
    remarks: row.remarks,
    known,
    readBy: known ? KNOWN_SETTINGS[row.item as keyof typeof KNOWN_SETTINGS].readBy : null,
    updatedAt: toIso(row.updatedAt),
    updatedBy,
  };
}

export async function listSettings(
  deps: OpsConfigDeps,
  body: z.output<typeof listSettingsBodySchema>,
) {
  const { list, total } = await repo.listSettings(deps.db, body);
  return { total, list: list.map((r) => settingView(r.setting, r.updatedBy)) };
}

export async function saveSetting(
  deps: OpsConfigDeps,
  tx: Executor,
  audit: AuditRecorder,
  actor: { id: number; name: string },
  body: z.output<typeof saveSettingBodySchema>,
): Promise<SystemSetting> {
  // The operations settings are a fixed set, each read by the server (decision 0044).
  if (body.group === 'operations' && !isKnownSetting(body.item))
    throw AppError.invalid('item', `${body.item} is not an operations setting the server reads`);
  const value = normaliseSetting(body.item, body.type, body.value);
  const before = await findSetting(tx, body.item);
  if (body.create && before) throw new AppError('duplicate', { field: 'item' });
  if (!body.create && !before) throw new AppError('notFound', { field: 'item' });
  const now = deps.clock.now();
  const values = {
    value,
    type: body.type,
    group: isKnownSetting(body.item) ? KNOWN_SETTINGS[body.item].group : body.group,
    remarks: body.remarks,
    updatedAt: now,
    updatedBy: actor.id,
  };
  const [row] = before
    ? await tx
        .update(systemSettings)
        .set(values)
        .where(eq(systemSettings.item, body.item))
        .returning()
    : await tx
        .insert(systemSettings)
        .values({ item: body.item, ...values })
        .returning();
  const view = settingView(row!, actor.name);
  await audit.record({
    targetType: 'system_setting',
    targetId: body.item,
    before: before ? { value: before.value, type: before.type, remarks: before.remarks } : null,
    after: { value: view.value, type: view.type, remarks: view.remarks },
  });
  // Takes effect without a restart: the next read goes to the table.
  deps.settings.invalidate();
  return view;
}

export async function deleteSetting(
  deps: OpsConfigDeps,
  tx: Executor,
  audit: AuditRecorder,
  item: string,
) {
  if (isKnownSetting(item)) {
    throw new AppError('conflict', {
      detail: `${item} is read by the server and cannot be deleted`,
    });
  }
  const [row] = await tx.delete(systemSettings).where(eq(systemSettings.item, item)).returning();
  if (!row) throw new AppError('notFound', { field: 'item' });
  await audit.record({
    targetType: 'system_setting',
    targetId: item,
    before: { value: row.value, type: row.type, remarks: row.remarks },
  });
  deps.settings.invalidate();
  return {};
}

/* ------------------------------------- app config --------------------------------------- */

export const APP_CONFIG_KEY = 'app';

export async function appConfigView(db: Executor) {
  const [row] = await db.select().from(appConfigs).where(eq(appConfigs.key, APP_CONFIG_KEY));
  return {
    telephone: row?.telephone ?? '',
    helpUrl: row?.helpUrl ?? '',
    privacyUrl: row?.privacyUrl ?? '',
    termsUrl: row?.termsUrl ?? '',
    loanAgreementUrl: row?.loanAgreementUrl ?? '',
    updatedAt: row ? toIso(row.updatedAt) : null,
  };
}

export async function saveAppConfig(
  deps: OpsConfigDeps,
  tx: Executor,
  audit: AuditRecorder,
  actorId: number,
  body: AppConfig,
) {
  const before = await appConfigView(tx);
  const now = deps.clock.now();
  await tx
    .insert(appConfigs)
    .values({ key: APP_CONFIG_KEY, ...body, updatedAt: now, updatedBy: actorId })
    .onConflictDoUpdate({
      target: appConfigs.key,
      set: { ...body, updatedAt: now, updatedBy: actorId },
    });
  const after = await appConfigView(tx);
  await audit.record({
    targetType: 'app_config',
    targetId: APP_CONFIG_KEY,
    before: before.updatedAt ? { ...before, updatedAt: undefined } : null,
    after: { ...after, updatedAt: undefined },
  });
  return after;
}

/** What the borrower API serves the app: the addresses and the items the app needs. */
export async function appClientConfig(deps: OpsConfigDeps) {
  const config = await appConfigView(deps.db);
  return {
    telephone: config.telephone,
    helpUrl: config.helpUrl,
    privacyUrl: config.privacyUrl,
    termsUrl: config.termsUrl,
    loanAgreementUrl: config.loanAgreementUrl,
    reapplyAfterDays: await deps.settings.getNumber('reapply_after_days'),
    languages: await deps.settings.getArray('app_supported_languages'),
  };
}

/* ------------------------------------- app versions ------------------------------------- */

/** `1.4.2` → 100040002: orders versions as numbers, not as text (1.10.0 after 1.9.0). */
export function versionSortKey(version: string): number {
  const [major, minor, patch] = version.split('.').map(Number) as [number, number, number];
  return major * 100_000_000 + minor * 10_000 + patch;
}

function versionView(row: AppVersionRow, releasedBy: string | null): AppVersion {
  return {
    version: row.version,
    content: row.content,
    forceUpdate: row.forceUpdate,
    packageUrl: row.packageUrl,
    releasedAt: toIso(row.releasedAt),
    releasedBy,
  };
}

export async function listVersions(
  deps: OpsConfigDeps,
  body: z.output<typeof listVersionsBodySchema>,
) {
  const { list, total } = await repo.listVersions(deps.db, body);
  return { total, list: list.map((r) => versionView(r.version, r.releasedBy)) };
}

export async function saveVersion(
  deps: OpsConfigDeps,
  tx: Executor,
  audit: AuditRecorder,
  actor: { id: number; name: string },
  body: z.output<typeof saveVersionBodySchema>,
) {
  const [before] = await tx.select().from(appVersions).where(eq(appVersions.version, body.version));
  if (body.create && before) throw new AppError('duplicate', { field: 'version' });
  if (!body.create && !before) throw new AppError('notFound', { field: 'version' });
  const values = {
    content: body.content,
    forceUpdate: body.forceUpdate,
    packageUrl: body.packageUrl,
  };
  const [row] = before
    ? await tx
        .update(appVersions)
        .set(values)
        .where(eq(appVersions.version, body.version))
        .returning()
    : await tx
        .insert(appVersions)
        .values({
          version: body.version,
          sortKey: versionSortKey(body.version),
          ...values,
          releasedAt: deps.clock.now(),
          releasedBy: actor.id,
        })
        .returning();
  await audit.record({
    targetType: 'app_version',
    targetId: body.version,
    before: before ? { ...values, ...pick(before) } : null,
    after: pick(row!),
  });
  return versionView(row!, before ? null : actor.name);
}

function pick(row: AppVersionRow) {
  return { content: row.content, forceUpdate: row.forceUpdate, packageUrl: row.packageUrl };
}

export async function deleteVersion(tx: Executor, audit: AuditRecorder, version: string) {
  const [row] = await tx.delete(appVersions).where(eq(appVersions.version, version)).returning();
  if (!row) throw new AppError('notFound', { field: 'version' });
  await audit.record({ targetType: 'app_version', targetId: version, before: pick(row) });
  return {};
}

/**
 * The app asks with its version: `force` when any newer release is a forced one (skipping a
 * forced release does not escape it), `optional` when only optional releases are newer,
 * `none` when it is up to date. `latest` is the newest release.
 */
export async function versionCheck(db: Executor, version: string): Promise<VersionCheckRet> {
  const newer = await db
    .select()
    .from(appVersions)
    .where(gt(appVersions.sortKey, versionSortKey(version)))
    .orderBy(desc(appVersions.sortKey));
  const latest = newer[0];
  if (!latest) return { update: 'none', latest: null };
  return {
    update: newer.some((release) => release.forceUpdate) ? 'force' : 'optional',
    latest: { version: latest.version, content: latest.content, packageUrl: latest.packageUrl },
  };
}

/* ------------------------------------ SMS templates ------------------------------------- */

function templateView(row: SmsTemplateRow): SmsTemplate {
  return {
    code: row.code,
    name: row.name,
    dltTemplateId: row.dltTemplateId,
    senderId: row.senderId,
    category: row.category,
    language: row.language,
    text: row.text,
    variables: templateVariables(row.text),
    enabled: row.enabled,
    updatedAt: toIso(row.updatedAt),
  };
}

export async function listSmsTemplates(
  deps: OpsConfigDeps,
  body: z.output<typeof listSmsTemplatesBodySchema>,
) {
  const { list, total } = await repo.listSmsTemplates(deps.db, body);
  return { total, list: list.map(templateView) };
}

export async function saveSmsTemplate(
  deps: OpsConfigDeps,
  tx: Executor,
  audit: AuditRecorder,
  body: Required<SaveSmsTemplateBody>,
) {
  const [before] = await tx.select().from(smsTemplates).where(eq(smsTemplates.code, body.code));
  if (body.create && before) throw new AppError('duplicate', { field: 'code' });
  if (!body.create && !before) throw new AppError('notFound', { field: 'code' });
  if (body.category === 'promotional' && !/^\d{6}$/.test(body.senderId)) {
    throw AppError.invalid('senderId', 'a promotional sender id is 6 digits');
  }
  if (body.category !== 'promotional' && !/^[A-Z]{6}$/.test(body.senderId)) {
    throw AppError.invalid('senderId', 'a transactional or service sender id is 6 letters');
  }
  await requireConfiguredSenderId(tx, body.senderId);
  const { create: _create, code, ...values } = body;
  const at = deps.clock.now();
  const [row] = before
    ? await tx
        .update(smsTemplates)
        .set({ ...values, updatedAt: at })
        .where(eq(smsTemplates.code, code))
        .returning()
    : await tx
        .insert(smsTemplates)
        .values({ code, ...values, updatedAt: at })
        .returning();
  const view = templateView(row!);
  await audit.record({
    targetType: 'sms_template',
    targetId: code,
    before: before ? { ...templateView(before), updatedAt: undefined } : null,
    after: { ...view, updatedAt: undefined },
  });
  return view;
}

export async function setSmsTemplateEnabled(
  deps: OpsConfigDeps,
  tx: Executor,
  audit: AuditRecorder,
  code: string,
  enabled: boolean,
) {
  const [before] = await tx.select().from(smsTemplates).where(eq(smsTemplates.code, code));
  if (!before) throw new AppError('notFound', { field: 'code' });
  // Disabled, a template may keep a sender id removed since; enabled, it must send with one.
  if (enabled) await requireConfiguredSenderId(tx, before.senderId);
  const [row] = await tx
    .update(smsTemplates)
    .set({ enabled, updatedAt: deps.clock.now() })
    .where(eq(smsTemplates.code, code))
    .returning();
  await audit.record({
    targetType: 'sms_template',
    targetId: code,
    before: { enabled: before.enabled },
    after: { enabled },
  });
  return templateView(row!);
}

/* ------------------------------------- SMS gateway -------------------------------------- */

export const SMS_CONFIG_KEY = 'sms';

async function smsConfigRow(db: Executor) {
  const [row] = await db
    .select()
    .from(smsGatewaySettings)
    .where(eq(smsGatewaySettings.key, SMS_CONFIG_KEY));
  return row;
}

/** The configured sender ids: templates send only with one of them (an empty list: any). */
async function configuredSenderIds(db: Executor): Promise<string[]> {
  return (await smsConfigRow(db))?.senderIds ?? [];
}

/**
 * A template is sent with its sender id, which must be one the SMS configuration lists
 * (decision 0079): otherwise 400 4178 naming `senderId`. No list saved yet: any.
 */
async function requireConfiguredSenderId(db: Executor, senderId: string): Promise<void> {
  const configured = await configuredSenderIds(db);
  if (configured.length === 0 || configured.includes(senderId)) return;
  throw new AppError('smsSenderIdNotConfigured', {
    field: senderId,
    detail: configured.join(', '),
    errors: [{ field: 'senderId', message: `${senderId} is not a configured sender id` }],
  });
}

/**
 * The provider and key the SMS gateway in force is chosen by, read at each message (the
 * integrations' `SmsProviderSettingsReader`). The key leaves this module only this way.
 */
export async function smsProviderSettings(db: Executor) {
  const row = await smsConfigRow(db);
  return { provider: row?.provider ?? 'sandbox', apiKey: row?.apiKey ?? null };
}

export async function smsConfigView(
  db: Executor,
  mode: OpsConfigDeps['smsGatewayMode'],
): Promise<SmsConfigView> {
  const row = await smsConfigRow(db);
  const provider = row?.provider ?? 'sandbox';
  return {
    provider,
    // What sendSms's gateway chooses: the sandbox whatever is saved while SMS_GATEWAY=sandbox.
    providerInForce: mode === 'live' ? provider : 'sandbox',
    liveProvidersAllowed: mode === 'live',
    senderIds: row?.senderIds ?? [],
    ratePerMinute: row?.ratePerMinute ?? DEFAULT_SMS_RATE_PER_MINUTE,
    quietStart: row?.quietStart ?? '21:00',
    quietEnd: row?.quietEnd ?? '10:00',
    apiKeySet: Boolean(row?.apiKey),
    // Only the last 4 characters, to recognise a key; never the key.
    apiKeyHint: row?.apiKey ? `••••${row.apiKey.slice(-4)}` : null,
    updatedAt: toIsoOrNull(row?.updatedAt ?? null),
  };
}

/** The gateway's rate before a configuration is saved (the seed's figure). */
const DEFAULT_SMS_RATE_PER_MINUTE = 600;

/**
 * The most messages the SMS gateway takes in a minute, as saved on smsConfig, read at each
 * sending pass (decision 0079): marketing campaigns get what is left of it.
 */
export async function smsGatewayRatePerMinute(db: Executor): Promise<number> {
  return (await smsConfigRow(db))?.ratePerMinute ?? DEFAULT_SMS_RATE_PER_MINUTE;
}

/**
 * The promotional SMS sending hours in force: from the quiet hours' end to their start, inside
 * TRAI's 10:00–21:00 (decision 0049). Read from the table at each use, so a change on the SMS
 * configuration screen acts at the next campaign and the next sending pass.
 */
export async function promotionalSendHours(db: Executor): Promise<SendHours> {
  const row = await smsConfigRow(db);
  return promotionalHoursOf(row?.quietStart ?? '21:00', row?.quietEnd ?? '10:00');
}

/**
 * What saving the gateway settings must not do (decision 0079): choose a provider with no
 * adapter (4175), a live provider where the environment allows only the sandbox (4176) or
 * without a key saved or given (400 naming apiKey), or leave out a sender id an enabled
 * template sends with (4179 naming the templates).
 */
async function checkSmsConfig(
  deps: OpsConfigDeps,
  tx: Executor,
  body: SaveSmsConfigBody,
  keySaved: boolean,
): Promise<void> {
  if (!BUILT_SMS_PROVIDERS.includes(body.provider)) {
    throw new AppError('smsProviderNotBuilt', {
      field: body.provider,
      detail: BUILT_SMS_PROVIDERS.join(', '),
      errors: [{ field: 'provider', message: `no adapter is built for ${body.provider}` }],
    });
  }
  if (body.provider !== 'sandbox') {
    if (deps.smsGatewayMode !== 'live') {
      throw new AppError('smsLiveProvidersOff', {
        field: body.provider,
        detail: deps.smsGatewayMode,
        errors: [{ field: 'provider', message: 'live SMS providers are off on this server' }],
      });
    }
    if (!body.apiKey && !keySaved) {
      throw new AppError('validationFailed', {
        field: 'apiKey',
        reason: { kind: 'required' },
        errors: [{ field: 'apiKey', message: 'required', reason: { kind: 'required' } }],
      });
    }
  }
  const kept = [...new Set(body.senderIds)];
  const stillUsed = await tx
    .select({ code: smsTemplates.code, senderId: smsTemplates.senderId })
    .from(smsTemplates)
    .where(and(eq(smsTemplates.enabled, true), notInArray(smsTemplates.senderId, kept)))
    .orderBy(smsTemplates.senderId, smsTemplates.code);
  // Every enabled template keeps a configured sender id: the list cannot leave one out.
  if (stillUsed.length > 0) {
    const senderId = stillUsed[0]!.senderId;
    throw new AppError('smsSenderIdInUse', {
      field: senderId,
      detail: stillUsed
        .filter((t) => t.senderId === senderId)
        .map((t) => t.code)
        .join(', '),
      errors: [
        {
          field: 'senderIds',
          message: `${senderId} is used by enabled templates`,
        },
      ],
    });
  }
}

export async function saveSmsConfig(
  deps: OpsConfigDeps,
  tx: Executor,
  audit: AuditRecorder,
  actorId: number,
  body: SaveSmsConfigBody,
) {
  const before = await smsConfigView(tx, deps.smsGatewayMode);
  await checkSmsConfig(deps, tx, body, before.apiKeySet);
  const now = deps.clock.now();
  const values = {
    provider: body.provider,
    senderIds: [...new Set(body.senderIds)],
    ratePerMinute: body.ratePerMinute,
    quietStart: body.quietStart,
    quietEnd: body.quietEnd,
    updatedAt: now,
    updatedBy: actorId,
    ...(body.apiKey ? { apiKey: body.apiKey } : {}),
  };
  await tx
    .insert(smsGatewaySettings)
    .values({ key: SMS_CONFIG_KEY, apiKey: null, ...values })
    .onConflictDoUpdate({ target: smsGatewaySettings.key, set: values });
  const after = await smsConfigView(tx, deps.smsGatewayMode);
  // The key is never written to the audit trail either: only that it was replaced.
  await audit.record({
    targetType: 'sms_config',
    targetId: SMS_CONFIG_KEY,
    before: { ...before, updatedAt: undefined },
    after: { ...after, updatedAt: undefined, apiKeyReplaced: Boolean(body.apiKey) },
  });
  return after;
}

/* ------------------------------------- SMS messages ------------------------------------- */

export async function listSmsMessages(
  deps: OpsConfigDeps,
  body: z.output<typeof listSmsMessagesBodySchema>,
) {
  const { list, total } = await repo.listSmsMessages(deps.db, body);
  return {
    total,
    list: list.map(({ message: m, templateName }) => ({
      id: m.id,
      phone: maskPhone(m.phone),
      templateCode: m.templateId,
      templateName,
      status: m.status,
      provider: m.provider,
      gatewayId: m.providerMessageId,
      errorCode: m.errorCode,
      sentAt: toIso(m.createdAt),
      updatedAt: toIso(m.updatedAt),
    })),
  };
}

/* --------------------------------------- channels --------------------------------------- */

export async function listChannels(
  deps: OpsConfigDeps,
  body: z.output<typeof listChannelsBodySchema>,
) {
  const { list, total } = await repo.listChannels(deps.db, body);
  return {
    total,
    list: list.map(({ channel: c, registrations }): Channel => ({
      code: c.code,
      name: c.name,
      partner: c.partner,
      link: c.link,
      status: c.status,
      registrations: Number(registrations ?? 0),
      updatedAt: toIso(c.updatedAt),
    })),
  };
}

export async function saveChannel(
  deps: OpsConfigDeps,
  tx: Executor,
  audit: AuditRecorder,
  body: Required<SaveChannelBody>,
): Promise<Channel> {
  const [before] = await tx
    .select()
    .from(acquisitionChannels)
    .where(eq(acquisitionChannels.code, body.code));
  if (body.create && before) throw new AppError('duplicate', { field: 'code' });
  if (!body.create && !before) throw new AppError('notFound', { field: 'code' });
  const { create: _create, code, ...values } = body;
  const at = deps.clock.now();
  const [row] = before
    ? await tx
        .update(acquisitionChannels)
        .set({ ...values, updatedAt: at })
        .where(eq(acquisitionChannels.code, code))
        .returning()
    : await tx
        .insert(acquisitionChannels)
        .values({ code, ...values, updatedAt: at })
        .returning();
  await audit.record({
    targetType: 'acquisition_channel',
    targetId: code,
    before: before ? { ...before, updatedAt: undefined } : null,
    after: { ...row!, updatedAt: undefined },
  });
  return {
    ...values,
    code,
    registrations: await repo.channelRegistrations(tx, code),
    updatedAt: toIso(row!.updatedAt),
  };
}
