import { asc, eq, ilike, inArray } from 'drizzle-orm';
import type { listSettingsBodySchema } from '@lending/contract';
import type { z } from 'zod';
import type { Executor } from '../../plugins/db.js';
import { containsPattern, runList } from '../../shared/list-query.js';
import { staffUsers } from '../user/tables.js';
import { appConfigs, systemSettings, type SystemSettingRow } from './ops-config.table.js';

/* ----------------------------------- system settings ------------------------------------ */

export function listSettings(db: Executor, body: z.output<typeof listSettingsBodySchema>) {
  return runList(
    db,
    {
      select: () =>
        db
          .select({ setting: systemSettings, updatedBy: staffUsers.name })
          .from(systemSettings)
          .leftJoin(staffUsers, eq(staffUsers.id, systemSettings.updatedBy)),
      where: {
        item: (item) => ilike(systemSettings.item, containsPattern(item)),
        group: (group) => eq(systemSettings.group, group),
      },
      sortColumns: { item: systemSettings.item, updatedAt: systemSettings.updatedAt },
      defaultSort: { field: 'item', order: 'asc' },
      id: systemSettings.item,
    },
    body,
  );
}

export async function findSetting(
  db: Executor,
  item: string,
): Promise<SystemSettingRow | undefined> {
  const [row] = await db.select().from(systemSettings).where(eq(systemSettings.item, item));
  return row;
}

/** Every item's value as stored (what the settings service caches). */
export async function settingValues(db: Executor): Promise<{ item: string; value: string }[]> {
  return db.select({ item: systemSettings.item, value: systemSettings.value }).from(systemSettings);
}

type SettingValues = Omit<typeof systemSettings.$inferInsert, 'item'>;

export async function insertSetting(db: Executor, item: string, values: SettingValues) {
  const [row] = await db
    .insert(systemSettings)
    .values({ item, ...values })
    .returning();
  return row!;
}

export async function updateSetting(db: Executor, item: string, values: SettingValues) {
  const [row] = await db
    .update(systemSettings)
    .set(values)
    .where(eq(systemSettings.item, item))
    .returning();
  return row!;
}

/** The deleted row, or undefined when there was none. */
export async function deleteSetting(db: Executor, item: string) {
  const [row] = await db.delete(systemSettings).where(eq(systemSettings.item, item)).returning();
  return row;
}

export async function anySettingWritten(db: Executor): Promise<boolean> {
  const existing = await db
    .select({ item: systemSettings.item })
    .from(systemSettings)
    .orderBy(asc(systemSettings.item))
    .limit(1);
  return existing.length > 0;
}

/** Adds the items the table lacks; an item already there keeps its value. */
export async function insertMissingSettings(
  db: Executor,
  rows: (typeof systemSettings.$inferInsert)[],
): Promise<void> {
  await db.insert(systemSettings).values(rows).onConflictDoNothing();
}

export async function deleteSettings(db: Executor, items: readonly string[]): Promise<void> {
  await db.delete(systemSettings).where(inArray(systemSettings.item, [...items]));
}

/* ------------------------------------- app config --------------------------------------- */

export async function findAppConfig(db: Executor, key: string) {
  const [row] = await db.select().from(appConfigs).where(eq(appConfigs.key, key));
  return row;
}

type AppConfigValues = Omit<typeof appConfigs.$inferInsert, 'key'>;

export async function upsertAppConfig(db: Executor, key: string, values: AppConfigValues) {
  await db
    .insert(appConfigs)
    .values({ key, ...values })
    .onConflictDoUpdate({ target: appConfigs.key, set: values });
}

/** Writes the configuration only when none is saved yet (never over staff's changes). */
export async function insertAppConfigIfAbsent(db: Executor, key: string, values: AppConfigValues) {
  await db
    .insert(appConfigs)
    .values({ key, ...values })
    .onConflictDoNothing();
}
