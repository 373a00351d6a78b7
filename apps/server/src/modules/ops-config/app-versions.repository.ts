import { desc, eq, gt } from 'drizzle-orm';
import type { listVersionsBodySchema } from '@lending/contract';
import type { z } from 'zod';
import type { Executor } from '../../plugins/db.js';
import { runList } from '../../shared/list-query.js';
import { staffUsers } from '../user/tables.js';
import { appVersions, type AppVersionRow } from './ops-config.table.js';

export function listVersions(db: Executor, body: z.output<typeof listVersionsBodySchema>) {
  return runList(
    db,
    {
      select: () =>
        db
          .select({ version: appVersions, releasedBy: staffUsers.name })
          .from(appVersions)
          .leftJoin(staffUsers, eq(staffUsers.id, appVersions.releasedBy)),
      where: { forceUpdate: (force) => eq(appVersions.forceUpdate, force) },
      sortColumns: { version: appVersions.sortKey, releasedAt: appVersions.releasedAt },
      defaultSort: { field: 'version', order: 'desc' },
      id: appVersions.version,
    },
    body,
  );
}

export async function findVersion(
  db: Executor,
  version: string,
): Promise<AppVersionRow | undefined> {
  const [row] = await db.select().from(appVersions).where(eq(appVersions.version, version));
  return row;
}

type ReleaseNotes = Pick<AppVersionRow, 'content' | 'forceUpdate' | 'packageUrl'>;

export async function updateVersion(db: Executor, version: string, values: ReleaseNotes) {
  const [row] = await db
    .update(appVersions)
    .set(values)
    .where(eq(appVersions.version, version))
    .returning();
  return row!;
}

export async function insertVersion(db: Executor, values: typeof appVersions.$inferInsert) {
  const [row] = await db.insert(appVersions).values(values).returning();
  return row!;
}

/** The deleted release, or undefined when there was none. */
export async function deleteVersion(db: Executor, version: string) {
  const [row] = await db.delete(appVersions).where(eq(appVersions.version, version)).returning();
  return row;
}

/** The releases after the given sort key, newest first. */
export async function versionsAfter(db: Executor, sortKey: number): Promise<AppVersionRow[]> {
  return db
    .select()
    .from(appVersions)
    .where(gt(appVersions.sortKey, sortKey))
    .orderBy(desc(appVersions.sortKey));
}

export async function anyVersionReleased(db: Executor): Promise<boolean> {
  const anyVersion = await db.select({ v: appVersions.version }).from(appVersions).limit(1);
  return anyVersion.length > 0;
}

export async function insertVersionsIfAbsent(
  db: Executor,
  rows: (typeof appVersions.$inferInsert)[],
): Promise<void> {
  await db.insert(appVersions).values(rows).onConflictDoNothing();
}
