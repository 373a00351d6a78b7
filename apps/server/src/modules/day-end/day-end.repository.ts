import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../plugins/db.js';
import { queryRows } from '../../shared/sql-rows.js';
import { dayEndRuns } from './day-end.table.js';

/** The day-end's runs (day_end_runs, one row per business date started) and its batches' setting. */

/** The last business date whose day-end completed, or null before the first. */
export async function lastCompletedBusinessDate(db: Executor): Promise<string | null> {
  const [last] = await queryRows(
    db,
    sql`select max(business_date)::text as d from day_end_runs where status = 'completed'`,
  );
  return last?.d ? String(last.d) : null;
}

/** Records the date's run as running, unless it was started before. */
export async function startDayEndRun(db: Executor, date: string, at: Date): Promise<void> {
  await db
    .insert(dayEndRuns)
    .values({ businessDate: date, status: 'running', startedAt: at })
    .onConflictDoNothing();
}

export async function findDayEndRun(db: Executor, date: string) {
  const [run] = await db.select().from(dayEndRuns).where(eq(dayEndRuns.businessDate, date));
  return run;
}

export async function addOrdersProcessed(tx: Executor, date: string, count: number): Promise<void> {
  await tx
    .update(dayEndRuns)
    .set({ ordersProcessed: sql`${dayEndRuns.ordersProcessed} + ${count}` })
    .where(eq(dayEndRuns.businessDate, date));
}

/** Completes the date's run if it is running. */
export async function completeDayEndRun(db: Executor, date: string, at: Date): Promise<void> {
  await db
    .update(dayEndRuns)
    .set({ status: 'completed', completedAt: at })
    .where(and(eq(dayEndRuns.businessDate, date), eq(dayEndRuns.status, 'running')));
}

/** This transaction's commit does not wait for its WAL to reach the disk (`synchronous_commit`). */
export async function commitWithoutWaitingForDisk(tx: Executor): Promise<void> {
  await tx.execute(sql`set local synchronous_commit = off`);
}
