import { AsyncLocalStorage } from 'node:async_hooks';
import { and, eq, gte, lt, lte, sql, SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type { Executor } from './database.js';
import { AppError } from './app-error.js';
import { startOfIndiaDate } from './india-date.js';
import { queryRows } from './sql-rows.js';

/**
 * An order-number filter: the whole number, in any case (decision 0060). Staff copy it from a
 * screen, an SMS or a call; a whole-number match is answered by the unique index at any book
 * size, where a `contains` search reads every order. Every list filters order numbers this way.
 */
export function orderNoIs(column: AnyPgColumn, text: string): SQL {
  return eq(column, text.trim().toUpperCase());
}

/** `contains` without letting the caller's % and _ act as wildcards (for `ilike`). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

export interface ListSort {
  field: string;
  order: 'asc' | 'desc';
}

/**
 * The ORDER BY of a list call's `sort` (docs/product.md §7: `{field, order}`), over the columns a
 * list offers. A field the list does not sort by is refused (400 naming `sort.field`) rather
 * than silently ignored. Nulls (where a column may hold them) come first ascending and last
 * descending, and the row id follows as a second key, so pages never repeat or skip a row
 * when the first key ties.
 */
export function listOrder<F extends string>(
  columns: Record<F, AnyPgColumn>,
  id: AnyPgColumn,
  sort: ListSort | undefined,
  fallback: { field: F; order: 'asc' | 'desc' },
): SQL[] {
  const field = sort?.field ?? fallback.field;
  if (!Object.hasOwn(columns, field)) {
    throw AppError.invalid('sort.field', `must be one of ${Object.keys(columns).join(', ')}`);
  }
  const column = columns[field as F];
  const ascending = (sort?.order ?? fallback.order) === 'asc';
  const tieBreak = ascending ? sql`${id} asc` : sql`${id} desc`;
  if (column === id) return [tieBreak];
  // A column that holds no nulls is ordered plainly, so that the ORDER BY is exactly an index
  // on (column, id) read forwards or backwards: an explicit NULLS clause the index does not
  // have makes PostgreSQL read and sort the whole table for one page (the scale bench: 613 ms
  // for the order list's first page on 100,000 orders, 1 ms with the index read in order).
  if (column.notNull) return [ascending ? sql`${column} asc` : sql`${column} desc`, tieBreak];
  return [ascending ? sql`${column} asc nulls first` : sql`${column} desc nulls last`, tieBreak];
}

/** A list call's validated body (`listRequestSchema` of the contract, after parsing). */
export interface ListBody<F> {
  page: number;
  pageSize: number;
  filters?: F | undefined;
  sort?: ListSort | undefined;
}

/**
 * How each filter of a list becomes a condition, one entry per filter the contract accepts:
 * a filter added to the contract without a condition here fails to compile, so no filter is
 * ever accepted and then ignored. An entry may answer `undefined` (no condition).
 */
export type ListWhere<F> = {
  [K in keyof F]-?: (value: NonNullable<F[K]>, filters: F) => SQL | undefined;
};

/** A query builder before `$dynamic()`: `db.select(…).from(…)` with its joins. */
interface SelectBuilder {
  $dynamic(): PgSelect;
}

type RowsOf<B extends SelectBuilder> = Awaited<ReturnType<B['$dynamic']>>;

export interface ListSpec<B extends SelectBuilder, F, S extends string> {
  /**
   * The rows' `db.select(…).from(…)` with any joins, and nothing after: runList adds WHERE,
   * ORDER BY and the page. A function, because the rows and the total each build their own.
   */
  select: () => B;
  /** A condition every row of the list meets whatever the filters (e.g. open orders only). */
  scope?: SQL;
  where: ListWhere<F>;
  /** The fields `sort.field` may name, each with its column. */
  sortColumns: Record<S, AnyPgColumn>;
  defaultSort: { field: NoInfer<S>; order: 'asc' | 'desc' };
  /** The row's unique id: the last sort key, so equal keys keep one order across pages. */
  id: AnyPgColumn;
}

/** Empty text means "no filter" (a cleared search box), as an absent filter does. */
function isSet(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}

/**
 * Up to this many matching rows a list's total is exact; above it the total is PostgreSQL's
 * estimate and the answer says so (`totalIsEstimate: true`, decision 0051). Counting stops at
 * CAP + 1 rows, so a list's count costs at most a read of 1,001 rows through the list's joins
 * however large the book: 50 pages of 20, 10 of 100. It was 10,000 until the scale bench read
 * every list at 200,000 orders: counting 10,001 rows through a list's joins was most of the
 * time of every large list (the repayment plan's first page: 235 ms of its count against 30 ms
 * for 1,001 rows), over the p99 budget of 50 ms on its own (decision 0092).
 */
export const EXACT_TOTAL_CAP = 1_000;

/** The options of one list call; tests lower the cap to try the estimate on a small table. */
export interface ListOptions {
  exactTotalCap?: number;
  /**
   * The rows the filters match, already counted exactly by the caller over the same rows (a
   * statement counts them with its totals, in one pass): runList then counts nothing.
   */
  total?: number;
}

/**
 * One list call, the way every list runs (docs/product.md §7: `{page, pageSize, filters, sort}` →
 * `{list, total}`): the contract's filters through their allow-listed conditions, `sort` over
 * the offered columns with the id as tie-breaker (a field not offered is a 400), one page of
 * rows, and the total of rows matching the filters: exact up to EXACT_TOTAL_CAP, an estimate
 * (flagged) above it.
 *
 * @example
 * return runList(db, {
 *   select: () => db.select().from(roles),
 *   where: { name: (name) => ilike(roles.name, containsPattern(name)) },
 *   sortColumns: { id: roles.id, name: roles.name },
 *   defaultSort: { field: 'id', order: 'asc' },
 *   id: roles.id,
 * }, body);
 */
export async function runList<B extends SelectBuilder, F, S extends string>(
  db: Executor,
  spec: ListSpec<B, F, S>,
  body: ListBody<F>,
  options: ListOptions = {},
): Promise<{ list: RowsOf<B>; total: number; totalIsEstimate?: true }> {
  const filters = body.filters;
  const conditions: SQL[] = spec.scope ? [spec.scope] : [];
  if (filters) {
    for (const name of Object.keys(filters) as (keyof F & string)[]) {
      const value = filters[name];
      if (!isSet(value)) continue;
      const condition = spec.where[name](value as NonNullable<F[typeof name]>, filters);
      if (condition) conditions.push(condition);
    }
  }
  const where = and(...conditions);
  const read = exportReads.getStore();
  if (read && !read.served) return readForExport(db, spec, body, where, read);
  const orderBy = listOrder(spec.sortColumns, spec.id, body.sort, spec.defaultSort);

  const offset = (body.page - 1) * body.pageSize;
  const list = (await spec
    .select()
    .$dynamic()
    .where(where)
    .orderBy(...orderBy)
    .limit(body.pageSize)
    .offset(offset)) as RowsOf<B>;
  if (options.total !== undefined) return { list, total: options.total };
  const counted = await countRows(db, () => spec.select().$dynamic().where(where), {
    offset,
    pageSize: body.pageSize,
    rowsOnPage: list.length,
    cap: options.exactTotalCap ?? EXACT_TOTAL_CAP,
  });
  if (!counted.estimate) return { list, total: counted.total };
  estimatedTotals.getStore()?.add(counted.total);
  return { list, total: counted.total, totalIsEstimate: true };
}

/**
 * The number of rows a filtered list pages through, given the page just read. A page that is
 * neither full nor empty ends the list, so its total needs no count; an empty page past the
 * first is counted exactly (there are at most `offset` rows, which the page read has just
 * stepped over), so a caller who paged beyond the end learns where the end is. Otherwise the
 * rows are counted up to `cap` + 1 and no further: at most `cap` is exact; more is the
 * planner's estimate of the filtered query, never below `cap` + 1 nor below the rows the pages
 * up to this one hold plus one (a full page may have a next one), so the answer never
 * contradicts the page it comes with and the next page stays reachable.
 */
async function countRows(
  db: Executor,
  filtered: () => PgSelect,
  page: { offset: number; pageSize: number; rowsOnPage: number; cap: number },
): Promise<{ total: number; estimate: boolean }> {
  const { offset, pageSize, rowsOnPage, cap } = page;
  if (rowsOnPage > 0 && rowsOnPage < pageSize)
    return { total: offset + rowsOnPage, estimate: false };
  if (rowsOnPage === 0 && offset === 0) return { total: 0, estimate: false };
  const limit = rowsOnPage === 0 ? Math.max(cap, offset) + 1 : cap + 1;
  // Counting over the list's own query keeps joins and filters in one place; the subquery's
  // columns nobody reads are not computed, and the LIMIT stops the scan at `limit` rows.
  const [row] = await queryRows(
    db,
    sql`select count(*)::int as total from (${filtered().limit(limit)}) as list`,
  );
  const exact = Number(row?.total ?? 0);
  if (exact < limit) return { total: exact, estimate: false };
  const planned = await plannedRows(db, filtered());
  return { total: Math.max(planned, cap + 1, offset + rowsOnPage + 1), estimate: true };
}

/** PostgreSQL's estimate of the rows a query answers (`EXPLAIN`, which runs nothing). */
async function plannedRows(db: Executor, query: PgSelect): Promise<number> {
  const [row] = await queryRows(db, sql`explain (format json) ${query}`);
  const raw = row ? Object.values(row)[0] : undefined;
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as
    [{ Plan?: { 'Plan Rows'?: number } }] | undefined;
  const rows = plan?.[0]?.Plan?.['Plan Rows'];
  return typeof rows === 'number' && Number.isFinite(rows) ? Math.round(rows) : 0;
}

/** The estimated totals runList answered during the current call (see flagEstimatedTotal). */
const estimatedTotals = new AsyncLocalStorage<Set<number>>();

/**
 * Runs one endpoint handler and marks its answer `totalIsEstimate: true` when it is a list
 * answer whose total is one runList estimated during the call. Handlers rebuild their answer
 * (`{ list: list.map(view), total }`), which would drop the flag runList returns; marking it
 * here, where every call is answered, keeps every list honest without each handler carrying it.
 */
export async function flagEstimatedTotal<T>(handler: () => Promise<T>): Promise<T> {
  const estimated = new Set<number>();
  const answer = await estimatedTotals.run(estimated, handler);
  if (estimated.size === 0 || typeof answer !== 'object' || answer === null) return answer;
  const { total, list } = answer as { total?: unknown; list?: unknown };
  if (!Array.isArray(list) || typeof total !== 'number' || !estimated.has(total)) return answer;
  return { ...answer, totalIsEstimate: true } as T;
}

/**
 * The conditions of an India date range filter (two filters of the contract, India dates
 * `YYYY-MM-DD`, both ends inclusive) over an instant column: from 00:00 IST of the first day
 * to before 00:00 IST of the day after the last. The contract declares the pair with
 * `withRanges`, which refuses it backwards (decision 0077). Spread it into a list's `where`.
 *
 * @example
 * where: { email: …, ...indiaDayRange(loginAttempts.at, 'dateFrom', 'dateTo') }
 */
export function indiaDayRange<From extends string, To extends string>(
  column: AnyPgColumn,
  from: From,
  to: To,
): Record<From | To, (date: string) => SQL> {
  const conditions = {
    [from]: (date: string) => gte(column, startOfIndiaDate(date)),
    [to]: (date: string) => lt(column, startOfIndiaDate(nextDay(date))),
  };
  return conditions as Record<From | To, (date: string) => SQL>;
}

function nextDay(date: string): string {
  const next = new Date(Date.parse(`${date}T00:00:00.000Z`) + 86_400_000);
  return next.toISOString().slice(0, 10);
}

/**
 * The conditions of a range filter over a column that holds India dates already (a due date,
 * a disbursal date), or any other ordered value: both ends inclusive, either may be left out.
 * The contract declares the pair with `withRanges`, which refuses it backwards (decision
 * 0077). Spread it into a list's `where`. The column may be an expression (`sql`), e.g. a
 * date that depends on the row's kind.
 *
 * @example
 * where: { …, ...inclusiveRange(loanOrders.dueDate, 'dueFrom', 'dueTo') }
 */
export function inclusiveRange<From extends string, To extends string, V extends string | number>(
  column: AnyPgColumn | SQL,
  from: From,
  to: To,
): Record<From | To, (value: V) => SQL> {
  const conditions = {
    // Each branch takes its own overload of gte (a column maps the value, an expression not).
    [from]: (value: V) => (column instanceof SQL ? gte(column, value) : gte(column, value)),
    [to]: (value: V) => (column instanceof SQL ? lte(column, value) : lte(column, value)),
  };
  return conditions as Record<From | To, (value: V) => SQL>;
}

/**
 * An export reading a list through the list's own handler (decision 0053), one read per call
 * of the handler: runList then reads `pageSize` rows (more than a screen's page) after where the
 * previous read stopped, on the list's own ORDER BY (keyset: sort key, then id), instead of an
 * OFFSET that grows with every page; it counts nothing, and answers the total the export
 * counted when it was asked for. Filters, scope, sort and the rows' shape are the screen's.
 */
export interface ExportRead {
  /** Rows per read. */
  readonly pageSize: number;
  /** The list's total as counted when the export was asked for: reads answer it, uncounted. */
  readonly total: number;
  /** The sort key and id (as text) of the last row read so far; undefined before the first read. */
  after: { key: string | null; id: string } | undefined;
  /** Whether runList served the current read: false when the handler pages some other way. */
  served: boolean;
  /** Rows the current read fetched, before the handler's own mapping. */
  rows: number;
}

const exportReads = new AsyncLocalStorage<ExportRead>();

/** A fresh export read of `pageSize` rows at a time: pass it to each `readingForExport`. */
export function exportRead(pageSize: number, total: number): ExportRead {
  return { pageSize, total, after: undefined, served: false, rows: 0 };
}

/**
 * Runs one call of a list handler as the next read of an export: the first runList the
 * handler makes reads the next rows of `read` (any later one in the same call runs as usual).
 */
export function readingForExport<T>(read: ExportRead, call: () => Promise<T>): Promise<T> {
  read.served = false;
  read.rows = 0;
  return exportReads.run(read, call);
}

/** Names under which a read carries each row's sort key and id; taken off before the handler sees the row. */
const KEY = '\u0000exportSortKey';
const ID = '\u0000exportRowId';

async function readForExport<B extends SelectBuilder, F, S extends string>(
  db: Executor,
  spec: ListSpec<B, F, S>,
  body: ListBody<F>,
  where: SQL | undefined,
  read: ExportRead,
): Promise<{ list: RowsOf<B>; total: number }> {
  read.served = true;
  const orderBy = listOrder(spec.sortColumns, spec.id, body.sort, spec.defaultSort);
  const field = (body.sort?.field ?? spec.defaultSort.field) as S;
  const column = spec.sortColumns[field];
  const ascending = (body.sort?.order ?? spec.defaultSort.order) === 'asc';

  const query = spec.select().$dynamic();
  // The key and id as text: a timestamp read into a JS Date would lose its microseconds, and
  // the next read would then start at its own last row. PostgreSQL reads the text back as the
  // column's type in the comparison.
  query._.config.fields = {
    ...query._.config.fields,
    [KEY]: sql<string | null>`${column}::text`,
    [ID]: sql<string>`${spec.id}::text`,
  };
  const after = read.after && keysetAfter(column, spec.id, ascending, read.after);
  const rows = (await query
    .where(and(where, after))
    .orderBy(...orderBy)
    .limit(read.pageSize)) as Record<string, unknown>[];
  read.rows = rows.length;
  const last = rows.at(-1);
  if (last) read.after = { key: last[KEY] as string | null, id: last[ID] as string };
  for (const row of rows) {
    delete row[KEY];
    delete row[ID];
  }
  return { list: rows as RowsOf<B>, total: read.total };
}

/**
 * The rows after `(key, id)` in listOrder's order: ascending, nulls first; descending, nulls
 * last; the id breaks ties either way. A row comparison `(column, id) > (key, id)` is what an
 * index on (column, id) answers directly; it is never true for a null column, which is why the
 * nulls are added or handled apart.
 */
function keysetAfter(
  column: AnyPgColumn,
  id: AnyPgColumn,
  ascending: boolean,
  after: { key: string | null; id: string },
): SQL {
  if (column === id) return ascending ? sql`${id} > ${after.id}` : sql`${id} < ${after.id}`;
  if (ascending) {
    if (after.key === null) {
      return sql`((${column} is null and ${id} > ${after.id}) or ${column} is not null)`;
    }
    return sql`(${column}, ${id}) > (${after.key}, ${after.id})`;
  }
  if (after.key === null) return sql`(${column} is null and ${id} < ${after.id})`;
  const later = sql`(${column}, ${id}) < (${after.key}, ${after.id})`;
  return column.notNull ? later : sql`(${later} or ${column} is null)`;
}
