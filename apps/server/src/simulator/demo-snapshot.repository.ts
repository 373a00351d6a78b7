import { sql } from 'drizzle-orm';
import type { Executor } from '../plugins/db.js';
import { queryRows } from '../shared/sql-rows.js';

/**
 * The demo snapshot's SQL (demo-snapshot.ts): the one place outside the modules that reads and
 * writes every table. The snapshot copies the whole book at the database level, whatever
 * module a table belongs to: it reads the catalogue (tables, columns, foreign keys, sequences),
 * every row of every table as JSON, and writes them back as they were, moved in time, with the
 * sequences where they stood. Going through each module would mean a dump and a load in every
 * one of them, and a table added anywhere would be missed until someone wrote its pair; here a
 * new table is in the snapshot the day it is migrated (its fingerprint says so). Nothing here
 * knows a table's meaning: the staff accounts it compares are read through the user module.
 */

/** Each base table's insertable columns (generated ones left out) and their types, in order. */
export async function tableColumns(
  db: Executor,
): Promise<{ table: string; column: string; type: string }[]> {
  const rows = await queryRows(
    db,
    sql`select c.table_name, c.column_name, c.data_type
        from information_schema.columns c
        join information_schema.tables t
          on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
          and c.is_generated = 'NEVER'
        order by c.table_name, c.ordinal_position`,
  );
  return rows.map((row) => ({
    table: String(row.table_name),
    column: String(row.column_name),
    type: String(row.data_type),
  }));
}

/**
 * Which table references which (foreign keys), as `regclass::text` names them: schema-qualified
 * or quoted at times.
 */
export async function foreignKeyPairs(db: Executor): Promise<{ child: string; parent: string }[]> {
  const rows = await queryRows(
    db,
    sql`select distinct c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
        from pg_constraint c
        join pg_namespace n on n.oid = c.connamespace
        where c.contype = 'f' and n.nspname = current_schema()`,
  );
  return rows.map((row) => ({ child: String(row.child), parent: String(row.parent) }));
}

/** Every sequence of the schema with its last value (null before its first use), by name. */
export async function sequenceValues(
  db: Executor,
): Promise<{ name: string; lastValue: string | null }[]> {
  const rows = await queryRows(
    db,
    sql`select sequencename, last_value::text as last_value from pg_sequences
        where schemaname = current_schema() order by sequencename`,
  );
  return rows.map((row) => ({
    name: String(row.sequencename),
    lastValue: row.last_value === null ? null : String(row.last_value),
  }));
}

/** Every row of a table as JSON text, in a stable order. */
export async function tableRowsAsJson(db: Executor, table: string): Promise<string[]> {
  const rows = await queryRows(
    db,
    sql`select row_to_json(t)::text as row from ${sql.identifier(table)} t order by t::text`,
  );
  return rows.map((row) => String(row.row));
}

/**
 * Inserts rows given as objects of column → value, ids included (`overriding system value`).
 * json_populate_recordset turns the JSON into the table's own column types on both PGlite and
 * PostgreSQL: one statement, one parameter.
 */
export async function insertJsonRows(
  tx: Executor,
  table: string,
  columnNames: readonly string[],
  rows: readonly Record<string, unknown>[],
): Promise<void> {
  const columns = sql.join(
    columnNames.map((column) => sql.identifier(column)),
    sql`, `,
  );
  await tx.execute(
    sql`insert into ${sql.identifier(table)} (${columns}) overriding system value
        select ${columns} from json_populate_recordset(null::${sql.identifier(table)},
          ${JSON.stringify(rows)}::json)`,
  );
}

/** Sets a sequence so that its next value follows `value`. */
export async function setSequence(tx: Executor, sequence: string, value: string): Promise<void> {
  await tx.execute(sql`select setval(${sequence}::regclass, ${value}::bigint, true)`);
}
