import type { SQL } from 'drizzle-orm';
import type { Executor } from './database.js';

/** Rows of a raw query, whichever driver ran it (node-postgres and PGlite both answer `rows`). */
export async function queryRows(db: Executor, query: SQL): Promise<Record<string, unknown>[]> {
  const result = (await db.execute(query)) as unknown as { rows?: unknown[] } | unknown[];
  return (Array.isArray(result) ? result : (result.rows ?? [])) as Record<string, unknown>[];
}
