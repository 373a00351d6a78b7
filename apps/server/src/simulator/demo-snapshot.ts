import { createHash, createHmac } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { addDays, daysBetween } from '@lending/lending';
import { closeBusinessDaysThrough } from '../modules/ledger/index.js';
import { staffIdsByEmail } from '../modules/user/index.js';
import type { Database, Executor } from '../plugins/db.js';
import {
  foreignKeyPairs,
  insertJsonRows,
  sequenceValues,
  setSequence,
  tableColumns,
  tableRowsAsJson,
} from './demo-snapshot.repository.js';

/**
 * The demo book as data. Making a few thousand orders through the real commands takes minutes
 * on PGlite (every order is ~130 statements), so the book is made once by the simulator
 * (`npm run demo:snapshot`), its rows kept in a committed file, and a first start copies them
 * in, moved by whole days so that the book ends today. Decision 0016.
 *
 * The rows are the simulator's own writes: what its run added on top of a database that had
 * only the first start's accounts. A database that is not in that same state (other staff
 * ids, sequences already used, another schema, another Aadhaar key) is refused with the
 * reason, and the caller simulates live instead.
 */
export interface DemoSnapshot {
  format: 1;
  /** The simulator's settings the book was made with. */
  settings: { borrowers: number; days: number; seed: number };
  /** The business date the book was made for: its day-end is done through the day before. */
  today: string;
  /** Of the tables and columns below, so a changed schema is noticed before any insert. */
  schemaFingerprint: string;
  /** HMAC of a fixed text under the Aadhaar hash key the customers' hashes were made with. */
  aadhaarKeyProbe: string;
  /** Staff e-mail → id when the simulation started (reviewers and finance act by id). */
  staff: Record<string, number>;
  /** Every sequence's value before the simulation (must match) and after it (to set). */
  sequencesBefore: Record<string, string | null>;
  sequencesAfter: Record<string, string | null>;
  /** In foreign-key order: a table comes after every table it references. */
  tables: SnapshotTable[];
  /** What the log says after loading. */
  orders: number;
  loans: number;
}

export interface SnapshotTable {
  name: string;
  columns: string[];
  types: string[];
  rows: unknown[][];
}

/** The committed snapshot: apps/server/demo/, found from src/simulator/ and from dist/ alike. */
export function defaultSnapshotPath(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const serverRoot = here.endsWith(`${path.sep}dist`)
    ? path.resolve(here, '..')
    : path.resolve(here, '..', '..');
  return path.join(serverRoot, 'demo', 'demo-book.json.gz');
}

/**
 * Tables whose rows are the server's own running state, not the book: a lease taken by the
 * simulation's day-end must not block the server's, and sessions, sign-ins and sign-in
 * unblocks are people's.
 */
/**
 * Tables of the running servers, neither copied nor compared, not even their id sequences:
 * a user's exports (decision 0033), and the stored files' bytes (decision 0091): exports, and
 * receipt photos, which the simulator never makes, so the demo book names none.
 */
const RUNTIME_ONLY = ['export_jobs', 'stored_files', 'stored_file_chunks'];
const RUNTIME_ONLY_SEQUENCES = new Set(RUNTIME_ONLY.map((table) => `${table}_id_seq`));

const NOT_THE_BOOK = new Set([
  'job_leases',
  'staff_sessions',
  'login_attempts',
  'login_unblocks',
  // The server's settings (natural keys, no sequences), seeded on every first start.
  'system_settings',
  'app_configs',
  'app_versions',
  'sms_gateway_settings',
  'sms_templates',
  'acquisition_channels',
  // The ledger's daily totals and their horizon: derived from the journals by this cluster's
  // transaction ids, rolled up again from the copied journals (decision 0086).
  'ledger_daily_totals',
  'ledger_rollup_state',
  // The ledger's closed and locked days: its one row is the migration's and the day-end's, set
  // after the load from the book's completed day-ends, moved with it.
  'ledger_period',
  ...RUNTIME_ONLY,
]);
/**
 * Columns left out of the copy: a journal's posting transaction id counts in the cluster that
 * posted it only; a copied journal takes the loading transaction's (decision 0086).
 */
const NOT_COPIED_COLUMNS = new Set(['ledger_journals.xact']);
/** drizzle's record of applied migrations: in the app's schema when tests isolate by schema. */
const MIGRATIONS_BOOKKEEPING = '__drizzle_migrations';

const AADHAAR_PROBE_TEXT = 'demo-snapshot-aadhaar-key-probe';

export function aadhaarKeyProbe(key: string): string {
  return createHmac('sha256', key).update(AADHAAR_PROBE_TEXT).digest('hex');
}

interface TableShape {
  name: string;
  columns: string[];
  types: string[];
}

/** The book's tables with their insertable columns, referenced tables first. */
async function bookTables(db: Executor): Promise<TableShape[]> {
  const shapes = new Map<string, TableShape>();
  for (const { table: name, column, type } of await tableColumns(db)) {
    if (NOT_THE_BOOK.has(name) || name.startsWith(MIGRATIONS_BOOKKEEPING)) continue;
    if (NOT_COPIED_COLUMNS.has(`${name}.${column}`)) continue;
    const shape = shapes.get(name) ?? { name, columns: [], types: [] };
    shape.columns.push(column);
    shape.types.push(type);
    shapes.set(name, shape);
  }
  const parentsOf = new Map<string, Set<string>>();
  for (const row of await foreignKeyPairs(db)) {
    const child = unquote(row.child);
    const parent = unquote(row.parent);
    if (child === parent) continue;
    parentsOf.set(child, (parentsOf.get(child) ?? new Set()).add(parent));
  }
  const ordered: TableShape[] = [];
  const placed = new Set<string>();
  const visit = (name: string, path: string[]) => {
    if (placed.has(name) || !shapes.has(name)) return;
    if (path.includes(name)) throw new Error(`foreign keys form a cycle: ${path.join(' → ')}`);
    for (const parent of [...(parentsOf.get(name) ?? [])].sort()) visit(parent, [...path, name]);
    placed.add(name);
    ordered.push(shapes.get(name)!);
  };
  for (const name of [...shapes.keys()].sort()) visit(name, []);
  return ordered;
}

/** `regclass::text` names a table as search_path would: schema-qualified or quoted at times. */
function unquote(name: string): string {
  const last = name.split('.').pop()!;
  return last.startsWith('"') ? last.slice(1, -1).replaceAll('""', '"') : last;
}

function fingerprintOf(tables: TableShape[]): string {
  const text = tables
    .map((table) => `${table.name}(${table.columns.map((c, i) => `${c} ${table.types[i]}`)})`)
    .sort()
    .join('\n');
  return createHash('sha256').update(text).digest('hex');
}

async function readSequences(db: Executor): Promise<Record<string, string | null>> {
  return Object.fromEntries(
    (await sequenceValues(db))
      .filter(
        (row) =>
          !row.name.startsWith(MIGRATIONS_BOOKKEEPING) && !RUNTIME_ONLY_SEQUENCES.has(row.name),
      )
      .map((row) => [row.name, row.lastValue]),
  );
}

/** Staff e-mail → id, in id order (the order the snapshot's JSON keeps and compares). */
async function readStaff(db: Executor): Promise<Record<string, number>> {
  return Object.fromEntries(await staffIdsByEmail(db));
}

/** What a database holds before the simulation runs: taken, then compared after. */
export interface SnapshotBaseline {
  staff: Record<string, number>;
  sequences: Record<string, string | null>;
  rows: Map<string, Set<string>>;
}

export async function takeBaseline(db: Executor): Promise<SnapshotBaseline> {
  const rows = new Map<string, Set<string>>();
  for (const table of await bookTables(db)) {
    rows.set(table.name, new Set(await tableRowsAsJson(db, table.name)));
  }
  return { staff: await readStaff(db), sequences: await readSequences(db), rows };
}

/**
 * The rows the simulation added since the baseline. A row the simulation changed (rather
 * than added) cannot be copied into another database's row, so it stops the snapshot.
 */
export async function takeSnapshot(
  db: Executor,
  baseline: SnapshotBaseline,
  meta: Pick<DemoSnapshot, 'settings' | 'today' | 'orders' | 'loans'> & {
    aadhaarHashKey: string;
  },
): Promise<DemoSnapshot> {
  const shapes = await bookTables(db);
  const tables: SnapshotTable[] = [];
  for (const shape of shapes) {
    const before = baseline.rows.get(shape.name) ?? new Set<string>();
    const now = await tableRowsAsJson(db, shape.name);
    const nowSet = new Set(now);
    const changed = [...before].filter((row) => !nowSet.has(row));
    if (changed.length > 0) {
      throw new Error(
        `The simulation changed ${changed.length} row(s) of ${shape.name} that existed before ` +
          'it ran; a snapshot can only carry added rows.',
      );
    }
    const added = now.filter((row) => !before.has(row));
    const rows = added.map((text) => {
      const object = JSON.parse(text, exactNumbers) as Record<string, unknown>;
      return shape.columns.map((column) => object[column] ?? null);
    });
    tables.push({ ...shape, rows });
  }
  return {
    format: 1,
    ...meta,
    schemaFingerprint: fingerprintOf(shapes),
    aadhaarKeyProbe: aadhaarKeyProbe(meta.aadhaarHashKey),
    staff: baseline.staff,
    sequencesBefore: baseline.sequences,
    sequencesAfter: await readSequences(db),
    tables,
  };
}

/** A number JSON cannot carry exactly would be silently changed: refuse it instead. */
function exactNumbers(_key: string, value: unknown): unknown {
  if (typeof value === 'number' && Number.isInteger(value) && !Number.isSafeInteger(value)) {
    throw new Error(`a whole number beyond 2^53 cannot be kept exactly: ${value}`);
  }
  return value;
}

export async function writeSnapshot(file: string, snapshot: DemoSnapshot): Promise<void> {
  await writeFile(file, gzipSync(JSON.stringify(snapshot), { level: 9 }));
}

export async function readSnapshot(file: string): Promise<DemoSnapshot> {
  return JSON.parse(gunzipSync(await readFile(file)).toString('utf8')) as DemoSnapshot;
}

export type LoadOutcome =
  | { loaded: true; orders: number; loans: number; rows: number; shiftDays: number }
  | { loaded: false; reason: string };

/**
 * Copies the snapshot's rows into `db`, dated so that the book's last day is `today` − 1, in
 * one transaction: either the whole book is there or none of it.
 */
export async function loadSnapshot(
  db: Database,
  snapshot: DemoSnapshot,
  options: { today: string; aadhaarHashKey: string },
): Promise<LoadOutcome> {
  const refusal = await whyNotLoadable(db, snapshot, options.aadhaarHashKey);
  if (refusal) return { loaded: false, reason: refusal };
  const shiftDays = daysBetween(snapshot.today, options.today);
  const shift = createShifter(shiftDays);
  let rows = 0;
  await db.transaction(async (tx) => {
    for (const table of snapshot.tables) {
      for (let start = 0; start < table.rows.length; start += INSERT_BATCH) {
        const batch = table.rows.slice(start, start + INSERT_BATCH).map((row) => {
          const object: Record<string, unknown> = {};
          table.columns.forEach((column, i) => {
            object[column] = shift(row[i], table.types[i]!);
          });
          return object;
        });
        // One statement per batch, one parameter.
        await insertJsonRows(tx, table.name, table.columns, batch);
        rows += batch.length;
      }
    }
    for (const [sequence, value] of Object.entries(snapshot.sequencesAfter)) {
      if (value === null) continue;
      await setSequence(tx, sequence, value);
    }
    // The book's business dates are closed through its last completed day-end, as the day-end
    // would have left them.
    const closed = lastCompletedDayEnd(snapshot);
    if (closed) await closeBusinessDaysThrough(tx, addDays(closed, shiftDays));
  });
  return { loaded: true, orders: snapshot.orders, loans: snapshot.loans, rows, shiftDays };
}

const INSERT_BATCH = 2_000;

/** The last business date of the snapshot's completed day-end runs (before the shift). */
function lastCompletedDayEnd(snapshot: DemoSnapshot): string | null {
  const runs = snapshot.tables.find((table) => table.name === 'day_end_runs');
  if (!runs) return null;
  const date = runs.columns.indexOf('business_date');
  const status = runs.columns.indexOf('status');
  let last: string | null = null;
  for (const row of runs.rows) {
    const day = String(row[date]);
    if (row[status] === 'completed' && (last === null || day > last)) last = day;
  }
  return last;
}

async function whyNotLoadable(
  db: Database,
  snapshot: DemoSnapshot,
  aadhaarHashKey: string,
): Promise<string | undefined> {
  if (snapshot.format !== 1) return `its format ${String(snapshot.format)} is not known`;
  if (fingerprintOf(await bookTables(db)) !== snapshot.schemaFingerprint) {
    return 'it was made for another database schema (run `npm run demo:snapshot`)';
  }
  if (aadhaarKeyProbe(aadhaarHashKey) !== snapshot.aadhaarKeyProbe) {
    return "its customers' Aadhaar hashes were made with another AADHAAR_HASH_KEY";
  }
  const staff = await readStaff(db);
  if (JSON.stringify(staff) !== JSON.stringify(snapshot.staff)) {
    return 'the staff accounts differ from those it was made with';
  }
  const sequences = await readSequences(db);
  if (JSON.stringify(sequences) !== JSON.stringify(snapshot.sequencesBefore)) {
    return 'the database already holds rows the snapshot would collide with';
  }
  return undefined;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})$/;
/** A date inside a sentence ("day-end 2026-10-30"), moved with the book like any other. */
const DATE_IN_TEXT = /(?<!\d)\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])(?!\d)/g;
/** Order numbers and repayment serials carry the business date they were made on. */
const DATED_NUMBER = /\b(LN|RP)(\d{4})(\d{2})(\d{2})(\d{6,})\b/g;

/**
 * Moves a value by whole days according to its column type: dates, timestamps, the dates
 * inside order numbers, serials and sentences, and the same inside JSON documents (a key fact
 * statement's due date, an audit row's before/after).
 */
function createShifter(days: number) {
  const ms = days * 86_400_000;
  const text = (value: string): string => {
    if (DATE.test(value)) return addDays(value, days);
    if (TIMESTAMP.test(value)) return new Date(Date.parse(value) + ms).toISOString();
    return value
      .replace(
        DATED_NUMBER,
        (_all, prefix: string, y: string, m: string, d: string, rest: string) =>
          prefix + addDays(`${y}-${m}-${d}`, days).replaceAll('-', '') + rest,
      )
      .replace(DATE_IN_TEXT, (date) => addDays(date, days));
  };
  const deep = (value: unknown): unknown => {
    if (typeof value === 'string') return text(value);
    if (Array.isArray(value)) return value.map(deep);
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, deep(v)]));
    }
    return value;
  };
  return (value: unknown, type: string): unknown => {
    if (value === null || days === 0) return value;
    if (type === 'date' || type.startsWith('timestamp') || type === 'text') return deep(value);
    if (type === 'json' || type === 'jsonb' || type === 'ARRAY') return deep(value);
    return value;
  };
}
