import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Database } from '../shared/database.js';

export type { Database, Executor, Transaction } from '../shared/database.js';

/** node-postgres's pool as /metrics shows it (connections open, idle, and calls waiting for one). */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  /**
   * The connection pool now; undefined on PGlite, which has no pool: one in-process database
   * that runs one statement at a time.
   */
  poolStats(): PoolStats | undefined;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** Connections a server's pool opens at most. */
export const POOL_MAX = 10;

export interface DatabaseOptions {
  /** postgres://… ; unset means embedded PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite data folder; unset means in memory (tests). */
  pgliteDir?: string | undefined;
  /** node-postgres only: the schema every connection works in (tests isolate files this way). */
  searchPath?: string | undefined;
  /**
   * Commits that return before their WAL is flushed (`synchronous_commit=off`): still atomic and
   * consistent, only the last commits can be lost if the database server itself crashes. For
   * the tests' throwaway databases, never for the server's (docs/testing.md).
   */
  unflushedCommits?: boolean;
  migrationsFolder?: string;
}

/**
 * The committed drizzle-kit migrations. From src/plugins/ and from the bundle in dist/ alike
 * the folder is apps/server/drizzle; tests and bundles may override it.
 */
export function defaultMigrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const fromSource = path.resolve(here, '..', '..', 'drizzle');
  return here.endsWith(`${path.sep}dist`) ? path.resolve(here, '..', 'drizzle') : fromSource;
}

/**
 * Session settings of every pooled connection. JIT compilation is off (decision 0084): the
 * server's reads are short, and PostgreSQL compiled each report and dashboard query that its
 * planner costed high for about two seconds longer than the query then ran (measured on the
 * 1,000,000-order scale book: the dashboard's month 4.2 s with JIT, 1.5 s without).
 */
export function connectionOptions(
  searchPath: string | undefined,
  unflushedCommits = false,
): string {
  return [
    '-c jit=off',
    ...(searchPath ? [`-c search_path=${searchPath}`] : []),
    ...(unflushedCommits ? ['-c synchronous_commit=off'] : []),
  ].join(' ');
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const migrationsFolder = options.migrationsFolder ?? defaultMigrationsFolder();
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: POOL_MAX,
      options: connectionOptions(options.searchPath, options.unflushedCommits),
    });
    // An idle client's network error must not crash the process; the next query reports it.
    pool.on('error', () => undefined);
    const db = drizzlePg({ client: pool });
    return {
      db: db as unknown as Database,
      driver: 'postgres',
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        max: POOL_MAX,
      }),
      migrate: () =>
        migratePg(db, {
          migrationsFolder,
          ...(options.searchPath ? { migrationsSchema: options.searchPath } : {}),
        }),
      close: () => pool.end(),
    };
  }
  if (options.pgliteDir) mkdirSync(options.pgliteDir, { recursive: true });
  const client = options.pgliteDir ? new PGlite(options.pgliteDir) : new PGlite();
  await client.waitReady;
  if (options.unflushedCommits) await client.exec('set synchronous_commit = off');
  const db = drizzlePglite({ client });
  return {
    db: db as unknown as Database,
    driver: 'pglite',
    poolStats: () => undefined,
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}
