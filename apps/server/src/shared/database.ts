import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';

type NoSchema = Record<string, never>;

/**
 * The one database type repositories use, whichever driver is underneath (PGlite or
 * node-postgres, plugins/db.ts opens either). It carries no schema: every query names its
 * tables, imported from the module that owns them, and nothing uses drizzle's relational
 * `db.query`, so no file needs the union of every module's tables to type its queries.
 */
export type Database = PgDatabase<PgQueryResultHKT, NoSchema, ExtractTablesWithRelations<NoSchema>>;
export type Transaction = PgTransaction<
  PgQueryResultHKT,
  NoSchema,
  ExtractTablesWithRelations<NoSchema>
>;
/** What a repository runs its SQL on: the database or a transaction in progress. */
export type Executor = Database | Transaction;
