import { and, gte, lte } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../plugins/db.js';

/** India dates `from`..`to`, both inclusive: the days a refresh recomputes. */
export interface ReportDays {
  from: string;
  to: string;
}

/** Rows a statement inserts: a few hundred keep far below PostgreSQL's parameter limit. */
const INSERT_BATCH = 500;

/**
 * The one write of every read model: its rows of `days` (by the table's date column) are
 * replaced by `rows` in one transaction, so a day that has no figures any more loses the
 * ones it had, and a report never reads half a refresh. Two refreshes of the same days at
 * once (two reports asking for today) keep the first that commits: the second's rows are
 * the same figures and are left out rather than refused.
 */
export async function replaceReportDays<T extends PgTable>(
  db: Executor,
  table: T,
  dateColumn: AnyPgColumn,
  days: ReportDays,
  rows: readonly T['$inferInsert'][],
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(table).where(and(gte(dateColumn, days.from), lte(dateColumn, days.to)));
    for (let i = 0; i < rows.length; i += INSERT_BATCH) {
      await tx
        .insert(table)
        .values(rows.slice(i, i + INSERT_BATCH))
        .onConflictDoNothing();
    }
  });
}
