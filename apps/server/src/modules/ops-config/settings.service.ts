import {
  LOCKED_PERIOD_POSTING_DEFAULT,
  lockedPeriodPostingSchema,
  type AppConfig,
  type LockedPeriodPosting,
  type SettingType,
  type SystemSetting,
  type listSettingsBodySchema,
  type saveSettingBodySchema,
} from '@lending/contract';
import { looserThreshold, RBI_THRESHOLDS, type ClassThresholds } from '@lending/lending';
import type { z } from 'zod';
import type { AuditRecorder } from '../../plugins/audit-port.js';
import type { Executor } from '../../plugins/db.js';
import { AppError } from '../../shared/app-error.js';
import type { Clock } from '../../shared/clock.js';
import {
  contactHoursOf,
  contactHoursReason,
  type ClockWindow,
} from '../../shared/contact-hours.js';
import { toIso } from '../../shared/timestamps.js';
import type { SystemSettingRow } from './ops-config.table.js';
import * as repo from './settings.repository.js';
import { staffNameOf } from './staff-names.repository.js';

/** An item the server reads: its type, its default when absent, and its value rule. */
interface KnownSetting {
  type: SettingType;
  group: 'general' | 'operations';
  default: string;
  remarks: string;
  /** What in the server reads it; null when it is only stored and validated so far. */
  readBy: string | null;
  /** Why a value is refused, or null. */
  check: (value: string) => string | null;
}

const wholeNumber = (min: number, max: number) => (value: string) =>
  /^\d+$/.test(value) && Number(value) >= min && Number(value) <= max
    ? null
    : `must be a whole number from ${min} to ${max}`;
const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;
/** An India clock time HH:MM between `from` and `to` (inclusive); zero-padded, so text compares. */
const clockTimeWithin = (item: string, from: string, to: string) => (value: string) =>
  !CLOCK.test(value)
    ? `${item} must be a time HH:MM`
    : value < from || value > to
      ? `${item} must be between ${from} and ${to} India time`
      : null;
/**
 * The items the server reads (decision 0032). Each is validated on save;
 * any other item is stored as typed and read by no one until code reads it.
 */
export const KNOWN_SETTINGS = {
  reapply_after_days: {
    type: 'string',
    group: 'general',
    default: '0',
    remarks: 'Days after a rejection before the borrower may apply again',
    readBy:
      'Borrower API: loan application (refused until then) and app configuration; the telemarketing list of rejected borrowers who may apply again',
    check: wholeNumber(0, 365),
  },
  app_supported_languages: {
    type: 'array',
    group: 'general',
    default: 'en,hi',
    remarks: 'Languages the app offers (comma-separated)',
    readBy: 'Borrower API: app configuration',
    check: (value) =>
      value.split(',').every((part) => /^[a-z]{2}$/.test(part.trim()))
        ? null
        : 'must be two-letter language codes separated by commas',
  },
  // The operations settings (systemConfig2, decision 0044): each one is read where it acts.
  day_end_time: {
    type: 'string',
    group: 'operations',
    default: '00:30',
    remarks: 'India time from which the day-end runs the previous business day',
    readBy: 'Day-end job: checked every minute, runs yesterday once this India time has passed',
    check: clockTimeWithin('day_end_time', '00:00', '06:00'),
  },
  // Decision 0065: not the retired `reconciliation_time` (decision 0044), which named the
  // rolling 30-minute job; this one closes whole India days, and may be turned off.
  reconciliation_daily_time: {
    type: 'string',
    group: 'operations',
    default: '02:00',
    remarks:
      'India time from which the previous India day is reconciled against the gateway statements (off: never)',
    readBy:
      'Scheduled reconciliation: checked every minute, reconciles yesterday once this India time has passed, and any day of the last 7 not reconciled since it ended (decision 0065)',
    check: (value) =>
      value === 'off' || CLOCK.test(value)
        ? null
        : 'reconciliation_daily_time must be a time HH:MM or off',
  },
  asset_class_thresholds: {
    type: 'string',
    group: 'operations',
    default: '31,61,91',
    remarks:
      'First day past due of SMA-1, SMA-2 and NPA (RBI: 31, 61, 91; a lender may only be stricter)',
    readBy: 'Day-end: asset classification of every loan at each business date (decision 0098)',
    // The RBI's prudential norms are a floor: each class may be reached sooner, never later.
    check: (value) => {
      const thresholds = parseThresholds(value);
      if (!thresholds)
        return 'asset_class_thresholds must be three whole numbers (SMA-1, SMA-2, NPA) separated by commas';
      const looser = looserThreshold(thresholds);
      return looser === null
        ? null
        : `asset_class_thresholds: ${CLASS_OF_THRESHOLD[looser]} must come after the class before it and no later than the RBI's ${RBI_THRESHOLDS[looser]} days`;
    },
  },
  unapplied_credit_days: {
    type: 'string',
    group: 'operations',
    default: '30',
    remarks:
      'Days after which a credit no loan took, and not returned, is listed for finance as aged',
    readBy: 'Finance: the list of unapplied credits (aged ones first to refund or apply)',
    check: wholeNumber(1, 365),
  },
  recovery_contact_hours: {
    type: 'string',
    group: 'operations',
    default: '08:00-19:00',
    remarks:
      'India hours in which collectors may contact a borrower (from inclusive, to exclusive)',
    readBy: 'Collection conduct guard: follow-ups and reminder SMS outside these hours are refused',
    // The RBI fair practices code allows 08:00–19:00 only: the hours may narrow, never widen.
    check: (value) => contactHoursReason('recovery_contact_hours', value),
  },
  telemarketing_call_hours: {
    type: 'string',
    group: 'operations',
    default: '08:00-19:00',
    remarks:
      'India hours in which telemarketers may call users on the call list (from inclusive, to exclusive)',
    readBy: 'Telemarketing: a call recorded outside these hours is refused (decision 0049)',
    // Decision 0049: the same lawful floor as collection, set apart from it.
    check: (value) => contactHoursReason('telemarketing_call_hours', value),
  },
  telemarketing_call_cap: {
    type: 'string',
    group: 'operations',
    default: '3',
    remarks:
      'Telemarketing calls allowed to one number per India day, whoever on the floor makes them',
    readBy:
      'Telemarketing: a call past the cap is refused until the next India day (decision 0063)',
    // Decision 0063: a handful of attempts a day is what fair-practice conduct tolerates for a
    // sales call; 10 is the ceiling even a narrow campaign may set.
    check: wholeNumber(1, 10),
  },
  recovery_attempt_cap: {
    type: 'string',
    group: 'operations',
    default: '5',
    remarks: 'Contact attempts allowed per collection case per India day',
    readBy: 'Collection conduct guard: an attempt over the cap is refused',
    check: wholeNumber(1, 20),
  },
  recovery_broken_promise_limit: {
    type: 'string',
    group: 'operations',
    default: '0',
    remarks:
      'Broken promises to pay after which the day-end takes a case from its collector and dispatches it to another (0: never)',
    readBy:
      'Collection day-end: a case whose collector let this many of their promises break is re-dispatched to another member (decision 0056)',
    check: wholeNumber(0, 10),
  },
  locked_period_posting: {
    type: 'string',
    group: 'operations',
    default: LOCKED_PERIOD_POSTING_DEFAULT,
    remarks:
      'A value-dated posting whose value date falls in a locked month: adjust (valued on the first day after the locked period, with a note) or refuse',
    readBy:
      'Loan book: value-dated repayments (offline approvals, credits found late), by periodLockBarrier',
    check: (value) =>
      lockedPeriodPostingSchema.safeParse(value).success
        ? null
        : 'locked_period_posting must be adjust or refuse',
  },
  waiver_approval_above_rupees: {
    type: 'string',
    group: 'operations',
    default: '1000',
    remarks: 'A waiver of more than this many rupees waits for a second person to approve it',
    readBy: 'Repayment plan: waivers above it are asked for, and applied when another approves',
    check: wholeNumber(0, 10_000_000),
  },
} satisfies Record<string, KnownSetting>;

export type KnownSettingKey = keyof typeof KNOWN_SETTINGS;

export function isKnownSetting(item: string): item is KnownSettingKey {
  return Object.hasOwn(KNOWN_SETTINGS, item);
}

/** An array item's parts: split at commas, trimmed, empty parts dropped. */
export function arrayValue(value: string): string[] {
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/**
 * Why a value cannot be saved for an item (known items: their type and rule), or null. Array
 * values are normalised (`a, b,,c` → `a,b,c`) before they are stored.
 */
export function normaliseSetting(item: string, type: SettingType, value: string): string {
  const normal = type === 'array' ? arrayValue(value).join(',') : value.trim();
  if (normal === '') throw AppError.invalid('value', 'cannot be empty');
  if (isKnownSetting(item)) {
    const known: KnownSetting = KNOWN_SETTINGS[item];
    if (known.type !== type) throw AppError.invalid('type', `${item} is of type ${known.type}`);
    const reason = known.check(normal);
    // The message names the setting: the operations screen edits several alike.
    if (reason)
      throw AppError.invalid('value', reason.startsWith(item) ? reason : `${item} ${reason}`);
  }
  return normal;
}

/**
 * The server's reader of configuration items: a cache of the whole table, refreshed after a
 * change made through this server (invalidate) and at the latest `ttlMs` after it was read,
 * so a change made by another server process is seen within that time without a restart.
 */
export function createSettingsService(deps: { db: Executor; clock: Clock; ttlMs?: number }) {
  const ttlMs = deps.ttlMs ?? 30_000;
  let cache: { at: number; values: Map<string, string> } | null = null;
  let loading: Promise<Map<string, string>> | null = null;

  async function load(): Promise<Map<string, string>> {
    const rows = await repo.settingValues(deps.db);
    return new Map(rows.map((row) => [row.item, row.value]));
  }

  async function values(): Promise<Map<string, string>> {
    const now = deps.clock.now().getTime();
    if (cache && now - cache.at < ttlMs && now >= cache.at) return cache.values;
    loading ??= load().finally(() => {
      loading = null;
    });
    const fresh = await loading;
    cache = { at: now, values: fresh };
    return fresh;
  }

  return {
    /** The item's value as stored, or its default when absent. */
    async get(item: KnownSettingKey): Promise<string> {
      return (await values()).get(item) ?? KNOWN_SETTINGS[item].default;
    },
    async getNumber(item: KnownSettingKey): Promise<number> {
      const value = Number(await this.get(item));
      return Number.isFinite(value) ? value : Number(KNOWN_SETTINGS[item].default);
    },
    async getArray(item: KnownSettingKey): Promise<string[]> {
      return arrayValue(await this.get(item));
    },
    /** Called after every change: the next read goes to the table. */
    invalidate(): void {
      cache = null;
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;

/**
 * Items an earlier version knew but no code reads (decision 0044): removed at start so no
 * screen shows a setting that changes nothing.
 */
export const RETIRED_SETTINGS = [
  'reconciliation_time',
  'collection_dispatch_time',
  'contact_quiet_hours',
] as const;

/**
 * Writes the known items' defaults (and the demo's values) into an empty table; on a table
 * already written, adds the known items it lacks (with their defaults) and removes retired ones.
 */
export async function seedSettings(
  db: Executor,
  at: Date,
  values: Partial<Record<KnownSettingKey, string>> = {},
): Promise<void> {
  const first = !(await repo.anySettingWritten(db));
  await repo.insertMissingSettings(
    db,
    (Object.keys(KNOWN_SETTINGS) as KnownSettingKey[]).map((item) => {
      const known: KnownSetting = KNOWN_SETTINGS[item];
      return {
        item,
        value: (first ? values[item] : undefined) ?? known.default,
        type: known.type,
        group: known.group,
        remarks: known.remarks,
        updatedAt: at,
        updatedBy: null,
      };
    }),
  );
  await repo.deleteSettings(db, RETIRED_SETTINGS);
}

/** The collection conduct guard's rules as the operations settings hold them now. */
export async function contactRulesOf(settings: SettingsService): Promise<{
  contactStart: string;
  contactEnd: string;
  attemptCapPerDay: number;
}> {
  const hours = contactHoursOf(
    'recovery_contact_hours',
    await settings.get('recovery_contact_hours'),
  );
  return {
    contactStart: hours.start,
    contactEnd: hours.end,
    attemptCapPerDay: await settings.getNumber('recovery_attempt_cap'),
  };
}

const CLASS_OF_THRESHOLD = { sma1From: 'SMA-1', sma2From: 'SMA-2', npaFrom: 'NPA' } as const;

function parseThresholds(value: string): ClassThresholds | null {
  const parts = value.split(',').map((part) => part.trim());
  if (parts.length !== 3 || !parts.every((part) => /^\d+$/.test(part))) return null;
  const [sma1From, sma2From, npaFrom] = parts.map(Number) as [number, number, number];
  return { sma1From, sma2From, npaFrom };
}

/**
 * The asset-class thresholds the day-end applies, read at each run so a change acts at the next
 * day-end in every process; a value written around the API that the rule refuses reads as the
 * RBI's own.
 */
export async function assetClassThresholds(db: Executor): Promise<ClassThresholds> {
  const row = await repo.findSetting(db, 'asset_class_thresholds');
  const value = row?.value ?? KNOWN_SETTINGS.asset_class_thresholds.default;
  const thresholds = parseThresholds(value);
  return thresholds && looserThreshold(thresholds) === null ? thresholds : RBI_THRESHOLDS;
}

/**
 * Days after which an unapplied credit is aged (finance's list), read at each use; a value
 * written around the API that the rule refuses reads as the default.
 */
export async function unappliedCreditDays(db: Executor): Promise<number> {
  const row = await repo.findSetting(db, 'unapplied_credit_days');
  const value = row?.value ?? KNOWN_SETTINGS.unapplied_credit_days.default;
  const rule = KNOWN_SETTINGS.unapplied_credit_days;
  return rule.check(value) === null ? Number(value) : Number(rule.default);
}

/**
 * What a value-dated posting into a locked month does (`locked_period_posting`), read from the
 * table at each use so a change acts at once in every process; a value written around the API
 * that the rule refuses reads as the default.
 */
export async function lockedPeriodPosting(db: Executor): Promise<LockedPeriodPosting> {
  const row = await repo.findSetting(db, 'locked_period_posting');
  const parsed = lockedPeriodPostingSchema.safeParse(row?.value?.trim());
  return parsed.success ? parsed.data : LOCKED_PERIOD_POSTING_DEFAULT;
}

/**
 * How many broken promises take a case from its collector (0: the rule is off), read from the
 * table at each use (the day-end, the group list) so a change acts at once in every process.
 */
export async function brokenPromiseLimit(db: Executor): Promise<number> {
  const row = await repo.findSetting(db, 'recovery_broken_promise_limit');
  const value = row?.value ?? KNOWN_SETTINGS.recovery_broken_promise_limit.default;
  // A value written around the API that the rule refuses reads as off, never as a surprise move.
  return KNOWN_SETTINGS.recovery_broken_promise_limit.check(value) === null ? Number(value) : 0;
}

/**
 * The India days a rejected borrower waits before applying again (decision 0071), read from the
 * table at each use by readers outside the borrower API's cached settings (the telemarketing
 * list of rejected borrowers who may apply again). A refused value reads as the default.
 */
export async function reapplyAfterDays(db: Executor): Promise<number> {
  const row = await repo.findSetting(db, 'reapply_after_days');
  const value = row?.value ?? KNOWN_SETTINGS.reapply_after_days.default;
  return Number(
    KNOWN_SETTINGS.reapply_after_days.check(value) === null
      ? value
      : KNOWN_SETTINGS.reapply_after_days.default,
  );
}

/**
 * The most telemarketing calls one number may get in an India day (decision 0063), read from the
 * table at each call as the hours are. A value written around the API that the rule refuses reads
 * as the default, never as no cap.
 */
export async function telemarketingCallCap(db: Executor): Promise<number> {
  const row = await repo.findSetting(db, 'telemarketing_call_cap');
  const value = row?.value ?? KNOWN_SETTINGS.telemarketing_call_cap.default;
  return Number(
    KNOWN_SETTINGS.telemarketing_call_cap.check(value) === null
      ? value
      : KNOWN_SETTINGS.telemarketing_call_cap.default,
  );
}

/**
 * The telemarketing calling hours in force (decision 0049), read from the table at each call so
 * a change acts at once, in this process and any other.
 */
export async function telemarketingCallHours(db: Executor): Promise<ClockWindow> {
  const row = await repo.findSetting(db, 'telemarketing_call_hours');
  return contactHoursOf(
    'telemarketing_call_hours',
    row?.value ?? KNOWN_SETTINGS.telemarketing_call_hours.default,
  );
}

/* ------------------------- the configuration screens (systemConfig) ------------------------- */

/** What the configuration screens' calls need: the settings service is told of every change. */
interface SettingsScreenDeps {
  db: Executor;
  clock: Clock;
  settings: SettingsService;
}

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
  deps: SettingsScreenDeps,
  body: z.output<typeof listSettingsBodySchema>,
) {
  const { list, total } = await repo.listSettings(deps.db, body);
  return { total, list: list.map((r) => settingView(r.setting, r.updatedBy)) };
}

export async function saveSetting(
  deps: SettingsScreenDeps,
  tx: Executor,
  audit: AuditRecorder,
  actorId: number,
  body: z.output<typeof saveSettingBodySchema>,
): Promise<SystemSetting> {
  const actor = { id: actorId, name: await staffNameOf(tx, actorId) };
  // The operations settings are a fixed set, each read by the server (decision 0044).
  if (body.group === 'operations' && !isKnownSetting(body.item))
    throw AppError.invalid('item', `${body.item} is not an operations setting the server reads`);
  const value = normaliseSetting(body.item, body.type, body.value);
  const before = await repo.findSetting(tx, body.item);
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
  const row = before
    ? await repo.updateSetting(tx, body.item, values)
    : await repo.insertSetting(tx, body.item, values);
  const view = settingView(row, actor.name);
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
  deps: SettingsScreenDeps,
  tx: Executor,
  audit: AuditRecorder,
  item: string,
) {
  if (isKnownSetting(item)) {
    throw new AppError('conflict', {
      detail: `${item} is read by the server and cannot be deleted`,
    });
  }
  const row = await repo.deleteSetting(tx, item);
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
  const row = await repo.findAppConfig(db, APP_CONFIG_KEY);
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
  deps: SettingsScreenDeps,
  tx: Executor,
  audit: AuditRecorder,
  actorId: number,
  body: AppConfig,
) {
  const before = await appConfigView(tx);
  const now = deps.clock.now();
  await repo.upsertAppConfig(tx, APP_CONFIG_KEY, { ...body, updatedAt: now, updatedBy: actorId });
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
export async function appClientConfig(deps: SettingsScreenDeps) {
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
