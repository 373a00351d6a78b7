import type { exportListBodySchema } from '@lending/contract';
import { and, eq, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Executor } from '../../plugins/db.js';
import { runList } from '../../shared/list-query.js';
import { queryRows } from '../../shared/sql-rows.js';
import { exportJobs, type ExportJobRow } from './export-jobs.table.js';

// Which server runs an export (decision 0091): a runner claims a job by setting itself as
// `runner` with a lease, in one statement, and every later write of the run names it, so a
// runner that lost the job (its lease lapsed and another took it) changes nothing.

/** A running job's lease has lapsed (or it was left running by a server older than leases). */
function lapsed(now: Date): SQL {
  return or(isNull(exportJobs.leaseExpiresAt), lte(exportJobs.leaseExpiresAt, now))!;
}

function claimSet(holder: string, now: Date, leaseMs: number) {
  return {
    status: 'running' as const,
    runner: holder,
    leaseExpiresAt: new Date(now.getTime() + leaseMs),
    attempts: sql`${exportJobs.attempts} + 1`,
    rowsWritten: 0,
    startedAt: sql`coalesce(${exportJobs.startedAt}, ${now.toISOString()}::timestamptz)`,
    error: null,
  };
}

/** Claims one queued job by id; undefined when it is not (or not yet) queued. */
export async function claimQueuedJob(
  db: Executor,
  id: number,
  holder: string,
  now: Date,
  leaseMs: number,
): Promise<ExportJobRow | undefined> {
  const [job] = await db
    .update(exportJobs)
    .set(claimSet(holder, now, leaseMs))
    .where(and(eq(exportJobs.id, id), eq(exportJobs.status, 'queued')))
    .returning();
  return job;
}

export async function jobExists(db: Executor, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: exportJobs.id })
    .from(exportJobs)
    .where(eq(exportJobs.id, id));
  return row !== undefined;
}

/**
 * Claims the oldest job no runner holds: queued, or running with a lapsed lease and fewer than
 * `maxAttempts` runs begun. Rows another server is claiming at the same moment are skipped.
 */
export async function claimNextJob(
  db: Executor,
  holder: string,
  now: Date,
  leaseMs: number,
  maxAttempts: number,
): Promise<ExportJobRow | undefined> {
  const at = now.toISOString();
  const [job] = await db
    .update(exportJobs)
    .set(claimSet(holder, now, leaseMs))
    .where(
      eq(
        exportJobs.id,
        sql`(select id from export_jobs
              where status = 'queued'
                 or (status = 'running' and attempts < ${maxAttempts}
                     and (lease_expires_at is null or lease_expires_at <= ${at}::timestamptz))
              order by id limit 1 for update skip locked)`,
      ),
    )
    .returning();
  return job;
}

/**
 * Fails the running jobs whose lease lapsed after `maxAttempts` runs: each run's server
 * stopped under it, so it is not tried again. Returns their files to remove.
 */
export async function failAbandonedJobs(
  db: Executor,
  now: Date,
  maxAttempts: number,
  error: string,
): Promise<(number | null)[]> {
  const rows = await db
    .update(exportJobs)
    .set({ status: 'failed', error, finishedAt: now, runner: null, leaseExpiresAt: null })
    .where(
      and(
        eq(exportJobs.status, 'running'),
        sql`${exportJobs.attempts} >= ${maxAttempts}`,
        lapsed(now),
      ),
    )
    .returning({ fileId: exportJobs.fileId });
  return rows.map((row) => row.fileId);
}

/** The job as long as `holder` still runs it. */
function held(id: number, holder: string): SQL {
  return and(
    eq(exportJobs.id, id),
    eq(exportJobs.runner, holder),
    eq(exportJobs.status, 'running'),
  )!;
}

/** Writes to a job its runner still holds; false when it lost the job. */
export async function updateHeldJob(
  db: Executor,
  id: number,
  holder: string,
  values: PgUpdateSetSource<typeof exportJobs>,
): Promise<boolean> {
  const rows = await db
    .update(exportJobs)
    .set(values)
    .where(held(id, holder))
    .returning({ id: exportJobs.id });
  return rows.length === 1;
}

/** A runner that stops (the server shuts down) gives its job back, as if never begun. */
export async function releaseHeldJob(db: Executor, id: number, holder: string): Promise<boolean> {
  return updateHeldJob(db, id, holder, {
    status: 'queued',
    runner: null,
    leaseExpiresAt: null,
    fileId: null,
    rowsWritten: 0,
    attempts: sql`greatest(${exportJobs.attempts} - 1, 0)`,
  });
}

/** Marks finished exports past their expiry expired; returns their files to remove. */
export async function expireFinishedJobs(db: Executor, now: Date): Promise<(number | null)[]> {
  const rows = await db
    .update(exportJobs)
    .set({ status: 'expired' })
    .where(and(eq(exportJobs.status, 'done'), lt(exportJobs.expiresAt, now)))
    .returning({ fileId: exportJobs.fileId });
  return rows.map((row) => row.fileId);
}

/**
 * Stored files no running export writes any more that never completed (a server stopped
 * between making an export's file and linking it to the job): older than `before`, removed.
 */
export async function removeAbandonedPartialFiles(db: Executor, before: Date): Promise<number> {
  const removed = await queryRows(
    db,
    sql`delete from stored_files s
        where s.completed_at is null and s.created_at < ${before.toISOString()}::timestamptz
          and not exists (select 1 from export_jobs j where j.file_id = s.id and j.status = 'running')
        returning s.id`,
  );
  return removed.length;
}

/** Finished exports whose file is not in the database yet (made before decision 0091). */
export async function finishedJobsWithoutFile(db: Executor): Promise<ExportJobRow[]> {
  return db
    .select()
    .from(exportJobs)
    .where(and(eq(exportJobs.status, 'done'), isNull(exportJobs.fileId)));
}

/** Links a moved file to its finished export, unless another server linked one first. */
export async function linkMovedFile(db: Executor, id: number, fileId: number): Promise<boolean> {
  const rows = await db
    .update(exportJobs)
    .set({ fileId })
    .where(and(eq(exportJobs.id, id), eq(exportJobs.status, 'done'), isNull(exportJobs.fileId)))
    .returning({ id: exportJobs.id });
  return rows.length === 1;
}

/** A new export, queued (in the audited call's transaction that asks for it). */
export async function insertJob(
  db: Executor,
  values: typeof exportJobs.$inferInsert,
): Promise<number> {
  const [job] = await db.insert(exportJobs).values(values).returning({ id: exportJobs.id });
  return job!.id;
}

/** A user's own exports: nobody lists another's. */
export function listJobsOf(
  db: Executor,
  userId: number,
  body: z.output<typeof exportListBodySchema>,
) {
  return runList(
    db,
    {
      select: () => db.select().from(exportJobs),
      scope: eq(exportJobs.userId, userId),
      where: { status: (status) => eq(exportJobs.status, status) },
      sortColumns: { id: exportJobs.id },
      defaultSort: { field: 'id', order: 'desc' },
      id: exportJobs.id,
    },
    body,
  );
}

/** One export of a user's; undefined for another's, as for one that does not exist. */
export async function jobOfUser(
  db: Executor,
  id: number,
  userId: number,
): Promise<ExportJobRow | undefined> {
  const [job] = await db
    .select()
    .from(exportJobs)
    .where(and(eq(exportJobs.id, id), eq(exportJobs.userId, userId)));
  return job;
}
