import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { AppError } from './app-error.js';

/** `contains` without letting the caller's % and _ act as wildcards (for `ilike`). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

export interface ListSort {
  field: string;
  order: 'asc' | 'desc';
}

/**
 * The ORDER BY of a list call's `sort` (ARCHITECTURE.md: `{field, order}`), over the columns a
 * list offers. A field the list does not sort by is refused (400 naming `sort.field`) rather
 * than silently ignored. Nulls come first ascending and last descending, and the row id
 * follows as a second key, so pages never repeat or skip a row when the first key ties.
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
  return [ascending ? sql`${column} asc nulls first` : sql`${column} desc nulls last`, tieBreak];
}
