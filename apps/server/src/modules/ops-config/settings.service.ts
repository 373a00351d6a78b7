import { asc, eq } from 'drizzle-orm';
import type { SettingType } from '@lending/contract';
import type { Executor } from '../../plugins/db.js';
import { AppError } from '../../shared/app-error.js';
import type { Clock } from '../../shared/clock.js';
import { systemSettings, type SystemSettingRow } from './ops-config.table.js';

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
const clockTime = (value: string) =>
  /^([01]\d|2[0-3]):[0-5]\d$/.test(value) ? null : 'must be a time HH:MM';
const clockRange = (value: string) =>
  /^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d$/.test(value)
    ? null
    : 'must be a time range HH:MM-HH:MM';

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
    readBy: 'Borrower API: loan application (refused until then) and app configuration',
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
  day_end_time: {
    type: 'string',
    group: 'operations',
    default: '00:30',
    remarks: 'India time the day-end job runs',
    readBy: null,
    check: clockTime,
  },
  reconciliation_time: {
    type: 'string',
    group: 'operations',
    default: '06:00',
    remarks: 'India time the gateway statements are reconciled',
    readBy: null,
    check: clockTime,
  },
  collection_dispatch_time: {
    type: 'string',
    group: 'operations',
    default: '08:00',
    remarks: 'India time overdue orders are dispatched to collectors',
    readBy: null,
    check: clockTime,
  },
  contact_quiet_hours: {
    type: 'string',
    group: 'operations',
    default: '19:00-08:00',
    remarks: 'India time range in which borrowers are not called or sent promotions',
    readBy: null,
    check: clockRange,
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
    if (reason) throw AppError.invalid('value', reason);
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
    const rows = await deps.db
      .select({ item: systemSettings.item, value: systemSettings.value })
      .from(systemSettings);
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

export async function findSetting(
  db: Executor,
  item: string,
): Promise<SystemSettingRow | undefined> {
  const [row] = await db.select().from(systemSettings).where(eq(systemSettings.item, item));
  return row;
}

/** Writes the known items' defaults (and the demo's values) into an empty table. */
export async function seedSettings(
  db: Executor,
  at: Date,
  values: Partial<Record<KnownSettingKey, string>> = {},
): Promise<void> {
  const existing = await db
    .select({ item: systemSettings.item })
    .from(systemSettings)
    .orderBy(asc(systemSettings.item))
    .limit(1);
  if (existing.length > 0) return;
  await db.insert(systemSettings).values(
    (Object.keys(KNOWN_SETTINGS) as KnownSettingKey[]).map((item) => {
      const known: KnownSetting = KNOWN_SETTINGS[item];
      return {
        item,
        value: values[item] ?? known.default,
        type: known.type,
        group: known.group,
        remarks: known.remarks,
        updatedAt: at,
        updatedBy: null,
      };
    }),
  );
}
