import type {
  SaveSmsConfigBody,
  SaveSmsTemplateBody,
  SendHours,
  SmsConfigView,
  SmsTemplate,
  listSmsMessagesBodySchema,
  listSmsTemplatesBodySchema,
} from '@lending/contract';
import { BUILT_SMS_PROVIDERS, promotionalHoursOf } from '@lending/contract';
import type { z } from 'zod';
import { templateVariables, type SmsTemplateRow } from '../../integrations/index.js';
import type { AuditRecorder } from '../../plugins/audit-port.js';
import type { Executor } from '../../plugins/db.js';
import { AppError } from '../../shared/app-error.js';
import { maskPhone } from '../../shared/pii.js';
import { toIso, toIsoOrNull } from '../../shared/timestamps.js';
import type { OpsConfigDeps } from './ops-config.deps.js';
import * as repo from './sms-config.repository.js';

/*
 * The SMS screens: the templates (smsTemplates, whose table the SMS integration owns and sends
 * from), the gateway's settings (smsConfig) and the messages sent (smsList).
 */

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
  const before = await repo.findSmsTemplate(tx, body.code);
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
  const row = before
    ? await repo.updateSmsTemplate(tx, code, { ...values, updatedAt: at })
    : await repo.insertSmsTemplate(tx, { code, ...values, updatedAt: at });
  const view = templateView(row);
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
  const before = await repo.findSmsTemplate(tx, code);
  if (!before) throw new AppError('notFound', { field: 'code' });
  // Disabled, a template may keep a sender id removed since; enabled, it must send with one.
  if (enabled) await requireConfiguredSenderId(tx, before.senderId);
  const row = await repo.updateSmsTemplate(tx, code, { enabled, updatedAt: deps.clock.now() });
  await audit.record({
    targetType: 'sms_template',
    targetId: code,
    before: { enabled: before.enabled },
    after: { enabled },
  });
  return templateView(row);
}

/* ------------------------------------- SMS gateway -------------------------------------- */

export const SMS_CONFIG_KEY = 'sms';

function smsConfigRow(db: Executor) {
  return repo.findSmsGatewaySettings(db, SMS_CONFIG_KEY);
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
  const stillUsed = await repo.enabledTemplatesSendingOutside(tx, kept);
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
  await repo.upsertSmsGatewaySettings(tx, SMS_CONFIG_KEY, values);
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
