import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../plugins/db.js';
import { queryRows } from '../shared/sql-rows.js';
import { createSchema } from './pg-schema.js';

/**
 * Migrated databases for the tests, kept and reused within a test worker (docs/testing.md).
 *
 * Starting an in-memory PGlite costs a WebAssembly compile and an initdb, and every database
 * then needs the 30-odd migrations: seconds each, once per test file, which was most of the
 * server suite's time. A worker runs its files one after another (the server project does not
 * isolate them, vitest.config.ts), so a database a file has finished with is handed to the next
 * one after a reset that puts it back exactly as the migrations left it: every table emptied,
 * the rows the migrations wrote put back, every sequence restarted. On PostgreSQL each pooled
 * database is a schema of its own; every app gets its own connection pool on it.
 */
export interface TestDatabase {
  /** The schema the tables live in on PostgreSQL; undefined on PGlite. */
  readonly schema: string | undefined;
  /** A handle on the database: PGlite's one connection, or a new pool on PostgreSQL. */
  open(): Promise<DatabaseHandle>;
  /** Back to the worker's pool, for the next file (after every handle opened on it closed). */
  release(): void;
}

interface Pristine {
  tables: string[];
  rows: { table: string; json: string }[];
  sequences: { name: string; lastValue: string | null; isCalled: boolean }[];
}

interface Pooled {
  schema: string | undefined;
  /** PGlite's database, shared by every app of this pooled database. */
  pglite: DatabaseHandle | undefined;
  pristine: Pristine;
}

const idle: Pooled[] = [];

function databaseUrl(): string | undefined {
  return process.env.DATABASE_URL || undefined;
}

/** A migrated, empty database: one the worker kept, reset, or a new one. */
export async function takeTestDatabase(): Promise<TestDatabase> {
  const kept = idle.pop();
  const pooled = kept ?? (await createPooled());
  if (kept) await reset(pooled);
  return handOut(pooled);
}

function handOut(pooled: Pooled): TestDatabase {
  const url = databaseUrl();
  let released = false;
  return {
    schema: pooled.schema,
    async open() {
      if (pooled.pglite) {
        // The app's close must not end the worker's PGlite: the pool keeps it.
        return { ...pooled.pglite, close: async () => undefined };
      }
      return openDatabase({ databaseUrl: url, searchPath: pooled.schema, unflushedCommits: true });
    },
    release() {
      if (released) return;
      released = true;
      idle.push(pooled);
    },
  };
}

async function createPooled(): Promise<Pooled> {
  const url = databaseUrl();
  let schema: string | undefined;
  if (url) {
    schema = `${inject('testSchemaPrefix')}${randomBytes(6).toString('hex')}`;
    await createSchema(url, schema);
  }
  const database = await openDatabase({
    databaseUrl: url,
    searchPath: schema,
    unflushedCommits: true,
  });
  await database.migrate();
  const pristine = await capturePristine(database);
  if (url) {
    // Each app opens its own pool on the schema; this one only migrated it. The run's schemas
    // go when it ends (global-setup.ts).
    await database.close();
    return { schema, pglite: undefined, pristine };
  }
  return { schema, pglite: database, pristine };
}

/** What the migrations left: the tables, the rows they wrote, the state of every sequence. */
async function capturePristine(database: DatabaseHandle): Promise<Pristine> {
  const db = database.db;
  const tables = (
    (await queryRows(
      db,
      sql`select tablename as name from pg_tables where schemaname = current_schema() order by 1`,
    )) as { name: string }[]
  ).map((row) => row.name);
  const rows: Pristine['rows'] = [];
  for (const table of tables) {
    const [row] = (await queryRows(
      db,
      sql`select json_agg(t)::text as json from ${sql.identifier(table)} t`,
    )) as { json: string | null }[];
    if (row?.json) rows.push({ table, json: row.json });
  }
  const sequences = (
    (await queryRows(
      db,
      sql`select sequencename as name, last_value::text as last_value, last_value is not null as is_called
          from pg_sequences where schemaname = current_schema()`,
    )) as { name: string; last_value: string | null; is_called: boolean }[]
  ).map((row) => ({ name: row.name, lastValue: row.last_value, isCalled: row.is_called }));
  return { tables, rows, sequences };
}

/** Puts a used database back as capturePristine found it. */
async function reset(pooled: Pooled): Promise<void> {
  const database =
    pooled.pglite ??
    (await openDatabase({ databaseUrl: databaseUrl(), searchPath: pooled.schema }));
  const { tables, rows, sequences } = pooled.pristine;
  try {
    const db = database.db;
    if (pooled.pglite) {
      // The one PGlite connection carries its session from file to file: settings, advisory
      // locks, prepared statements and temporary tables go too.
      await db.execute(sql.raw('discard all'));
      await db.execute(sql.raw('set synchronous_commit = off'));
    }
    await db.transaction(async (tx) => {
      await tx.execute(
        sql`truncate ${sql.join(
          tables.map((table) => sql.identifier(table)),
          sql`, `,
        )} restart identity cascade`,
      );
      for (const { table, json } of rows) {
        await tx.execute(
          sql`insert into ${sql.identifier(table)} select * from json_populate_recordset(null::${sql.identifier(table)}, ${json}::json)`,
        );
      }
      for (const sequence of sequences) {
        await tx.execute(
          sequence.lastValue === null
            ? sql`alter sequence ${sql.identifier(sequence.name)} restart`
            : sql`select setval(${sequence.name}, ${sequence.lastValue}::bigint, ${sequence.isCalled})`,
        );
      }
    });
  } finally {
    if (!pooled.pglite) await database.close();
  }
}
