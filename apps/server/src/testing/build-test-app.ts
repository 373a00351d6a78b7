import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { openDatabase, type Database, type DatabaseHandle } from '../plugins/db.js';
import { createPasswordHasher, type PasswordHasher } from '../modules/user/index.js';
import { seed } from '../seed.js';
import { DemoClock, ManualClock } from '../shared/clock.js';
import { watchErrorAnswers } from './error-answers.js';
import { takeTestDatabase } from './test-databases.js';

/** Cheap argon2id for tests; production parameters are checked by their own test. */
export const testHasher: PasswordHasher = createPasswordHasher({
  memoryCost: 256,
  timeCost: 1,
  parallelism: 1,
});

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  clock: ManualClock;
  config: Config;
  driver: DatabaseHandle['driver'];
  /** The database's handle (its pool's figures on PostgreSQL). */
  database: DatabaseHandle;
  /** The PostgreSQL schema the app's tables live in (absent on PGlite). */
  schema: string | undefined;
  /** What the app was built with, so a second server can join the same database. */
  options: TestAppOptions;
  close(): Promise<void>;
}

export interface TestAppOptions {
  config?: Partial<Config>;
  demoData?: boolean;
  hasher?: PasswordHasher;
  /** Gateway sandbox overrides (see BuildAppOptions.gateways). */
  gateways?: BuildAppOptions['gateways'];
  /** What /health/ready reads (ready by default). */
  readiness?: BuildAppOptions['readiness'];
  /**
   * The demo's movable clock over the manual one (decision 0066); needs `demoClockWithin` in
   * `config`, as the server does.
   */
  demoClock?: boolean;
  /** Where uploads were kept before they moved into the database (a new temporary one by default). */
  uploadDir?: string;
}

/**
 * An app on an empty migrated database with the seed run: in-memory PGlite, or, when
 * DATABASE_URL is set, a schema of its own on that PostgreSQL server, so test files run in
 * parallel without seeing each other's rows. The database is the worker's to reuse once the app
 * is closed (test-databases.ts): it comes back as the migrations left it.
 */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const config: Config = {
    ...loadConfig({}, []),
    consoleDist: path.join(os.tmpdir(), `no-console-${randomBytes(4).toString('hex')}`),
    logLevel: 'silent',
    rateLimitPerMinute: 100_000,
    ...options.config,
  };
  const pooled = await takeTestDatabase();
  const schema = pooled.schema;
  const database = await pooled.open();
  const clock = new ManualClock();
  const hasher = options.hasher ?? testHasher;
  await seed({
    db: database.db,
    clock,
    hasher,
    demoData: options.demoData ?? true,
    warn: () => undefined,
  });
  const app = await appOn(database, config, clock, options);
  return {
    app,
    db: database.db,
    clock,
    config,
    driver: database.driver,
    database,
    schema,
    options,
    async close() {
      await app.close();
      await database.close();
      pooled.release();
    },
  };
}

/**
 * A second server on the first one's database: its own app, settings cache, rate limiter,
 * export runner and jobs, as another process behind the same load balancer would have. On
 * PostgreSQL it has its own connection pool on the first's schema; on PGlite (one process's
 * database) it shares the first's database. It shares the first's clock so both agree on the
 * business date. Close it before the first (which drops the schema).
 */
export async function joinTestApp(
  first: TestApp,
  options: Pick<TestAppOptions, 'uploadDir'> = {},
): Promise<TestApp> {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const shared = first.driver === 'pglite';
  if (!shared && (!databaseUrl || !first.schema)) throw new Error('no database to join');
  const database = shared
    ? first.database
    : await openDatabase({ databaseUrl, searchPath: first.schema });
  const app = await appOn(database, first.config, first.clock, { ...first.options, ...options });
  return {
    ...first,
    app,
    db: database.db,
    database,
    async close() {
      await app.close();
      if (!shared) await database.close();
    },
  };
}

async function appOn(
  database: DatabaseHandle,
  config: Config,
  clock: ManualClock,
  options: TestAppOptions,
): Promise<FastifyInstance> {
  const demoClock = options.demoClock ? new DemoClock(0, clock) : undefined;
  const app = await buildApp({
    config,
    db: database.db,
    database,
    clock: demoClock ?? clock,
    ...(demoClock ? { demoClock } : {}),
    hasher: options.hasher ?? testHasher,
    logger: false,
    uploadDir: options.uploadDir ?? mkdtempSync(path.join(os.tmpdir(), 'lending-uploads-')),
    ...(options.gateways ? { gateways: options.gateways } : {}),
    ...(options.readiness ? { readiness: options.readiness } : {}),
  });
  watchErrorAnswers(app);
  await app.ready();
  return app;
}
