import { randomBytes } from 'node:crypto';
import type {
  ExportJobRow as ExportJobApiRow,
  exportListBodySchema,
  startExportBodySchema,
} from '@lending/contract';
import type { z } from 'zod';
import type { AuditRecorder } from '../../plugins/audit-port.js';
import type { CallerGrants } from '../../plugins/auth.js';
import type { Executor } from '../../plugins/db.js';
import { AppError } from '../../shared/app-error.js';
import { indiaDateOf } from '../../shared/india-date.js';
import { toIso, toIsoOrNull } from '../../shared/timestamps.js';
import { openStoredFile } from '../stored-files/index.js';
import type { ExportDeps } from './export-deps.js';
import * as repo from './export-jobs.repository.js';
import type { ExportJobRow } from './export-jobs.table.js';
import { fetchPage, holds, type StoredRequest } from './export-list.js';
import type { ExportRunner } from './export-runner.js';

type StartBody = z.output<typeof startExportBodySchema>;

/**
 * Starts an export: the list must be a registered list endpoint the caller holds the grant
 * of; its filters and sort are checked by the list itself (the first page is read at once, so
 * a bad sort or a backwards date range is a 400 now, not a failed job later). The job is
 * queued in the call's transaction `tx`, with its audit row.
 */
export async function startExport(
  deps: ExportDeps,
  runner: Pick<ExportRunner, 'enqueue'>,
  call: { userId: number; grants: CallerGrants; tx: Executor; audit: AuditRecorder },
  body: StartBody,
): Promise<{ id: number; status: 'queued' }> {
  const list = deps.listOf(body.endpoint);
  if (!list) throw AppError.invalid('endpoint', 'is not a list that can be exported');
  if (!holds(call.grants, list.endpoint.id)) throw new AppError('forbidden');
  const request: StoredRequest = {
    ...(body.filters !== undefined ? { filters: body.filters } : {}),
    ...(body.sort !== undefined ? { sort: body.sort } : {}),
  };
  const first = await fetchPage(deps, list, call.userId, call.grants, request, 1, 1);
  const now = deps.clock.now();
  const safeRoute = body.route.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 40) || 'list';
  const fileName = `${safeRoute}-${indiaDateOf(now)}-${randomBytes(6).toString('hex')}.xlsx`;
  const id = await repo.insertJob(call.tx, {
    userId: call.userId,
    endpointId: list.endpoint.id,
    route: body.route,
    title: body.title,
    request,
    columns: body.columns,
    status: 'queued',
    totalRows: first.total,
    fileName,
    createdAt: now,
  });
  await call.audit.record({
    targetType: 'export_job',
    targetId: id,
    after: { endpoint: list.endpoint.id, ...request, totalRows: first.total },
  });
  runner.enqueue(id);
  return { id, status: 'queued' };
}

function progressOf(job: ExportJobRow): number {
  if (job.status === 'done') return 100;
  if (!job.totalRows) return 0;
  return Math.min(99, Math.floor((job.rowsWritten * 100) / job.totalRows));
}

export function exportJobRow(job: ExportJobRow): ExportJobApiRow {
  return {
    id: job.id,
    route: job.route,
    title: job.title,
    fileName: job.fileName,
    status: job.status,
    rowsWritten: job.rowsWritten,
    totalRows: job.totalRows,
    progressPercent: progressOf(job),
    sizeBytes: job.sizeBytes,
    createdAt: toIso(job.createdAt),
    finishedAt: toIsoOrNull(job.finishedAt),
    expiresAt: toIsoOrNull(job.expiresAt),
    error: job.error,
  };
}

/** The caller's own exports, newest first: nobody lists another's. */
export async function listMyExports(
  deps: Pick<ExportDeps, 'db'>,
  userId: number,
  body: z.output<typeof exportListBodySchema>,
) {
  const { list, total } = await repo.listJobsOf(deps.db, userId, body);
  return { list: list.map(exportJobRow), total };
}

/**
 * The file of one finished export, for its owner only: another user's export, or one that
 * does not exist, is 404 alike (nobody learns which exports others made); one not finished or
 * expired is a 409. Read from the database a chunk at a time, whichever server made it.
 */
export async function openExportFile(
  deps: Pick<ExportDeps, 'db' | 'clock'>,
  userId: number,
  id: number,
) {
  const job = await repo.jobOfUser(deps.db, id, userId);
  if (!job) throw new AppError('notFound');
  if (job.status !== 'done' || (job.expiresAt && job.expiresAt < deps.clock.now())) {
    throw new AppError('conflict', { detail: `the export is ${job.status}` });
  }
  const opened = job.fileId === null ? undefined : await openStoredFile(deps.db, job.fileId);
  if (!opened) {
    // Made before files moved into the database, on a server that has not copied it in.
    throw new AppError('conflict', { detail: 'the export file is not in the database' });
  }
  return { job, stream: opened.stream, sizeBytes: opened.file.sizeBytes };
}
