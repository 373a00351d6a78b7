import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  startExportBodySchema,
  type ExportColumn,
  type ExportJobRow as ExportJobApiRow,
  type exportListBodySchema,
} from '@lending/contract';
import { and, eq, inArray, lt } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { RegisteredList } from '../../plugins/access.js';
import type { AuditRecorder } from '../../plugins/audit-port.js';
import type { Caller, CallerGrants } from '../../plugins/auth.js';
import type { Database, Executor } from '../../plugins/db.js';
import { parseInput } from '../../plugins/input.js';
import { AppError } from '../../shared/app-error.js';
import type { Clock } from '../../shared/clock.js';
import { indiaDateOf } from '../../shared/india-date.js';
import { exportRead, readingForExport, runList } from '../../shared/list-query.js';
import { toIso, toIsoOrNull } from '../../shared/timestamps.js';
import { exportJobs, type ExportJobRow } from './export-jobs.table.js';

/**
 * Rows asked of a list per page when it pages by number (a list that does not read through
 * runList): the largest page a list endpoint takes.
 */
export const EXPORT_PAGE_SIZE = 100;
/**
 * Rows per read of a list that reads through runList (decision 0053): each read starts after
 * the last row of the one before (keyset on the list's sort and id), so a read costs the same
 * at row 1 and row 900,000, and 1,000 rows is a few hundred kilobytes in memory.
 */
export const EXPORT_READ_ROWS = 1_000;
/** A sheet holds 1,048,576 rows; an export stops well before (the page says so). */
export const EXPORT_MAX_ROWS = 1_000_000;
/** How long a finished file can be downloaded before the clean-up removes it. */
export const EXPORT_RETENTION_MS = 72 * 3_600_000;

export interface ExportDeps {
  db: Database;
  clock: Clock;
  /** The server's data directory; files go to `<dataDir>/exports/`. */
  dataDir: string;
  /** The registered list endpoints, by interface id (the access layer's registrar). */
  listOf(id: string): RegisteredList | undefined;
  grantsOf(userId: number): Promise<CallerGrants>;
  log: { error(object: unknown, message: string): void };
}

/** What the start-up and the clean-up need. */
export type FileDeps = Pick<ExportDeps, 'db' | 'clock' | 'dataDir'>;

type StartBody = z.output<typeof startExportBodySchema>;

export function exportDirectory(deps: Pick<ExportDeps, 'dataDir'>): string {
  return path.join(deps.dataDir, 'exports');
}

function holds(grants: CallerGrants, id: string): boolean {
  return grants.isAdmin || grants.interfaces.has(id);
}

/** The list's own body for one page, checked with the list's own schema (400 naming the field). */
function listBody(list: RegisteredList, request: StoredRequest, page: number, pageSize: number) {
  return parseInput(
    list.endpoint.body,
    {
      page,
      pageSize,
      ...(request.filters !== undefined ? { filters: request.filters } : {}),
      ...(request.sort !== undefined ? { sort: request.sort } : {}),
    },
    'body',
  );
}

interface StoredRequest {
  filters?: Record<string, unknown> | undefined;
  sort?: { field: string; order: 'asc' | 'desc' } | undefined;
}

/**
 * The stand-ins for the HTTP call a list handler may look at: list handlers read their body
 * and caller only (a handler that needs more is not a list, and fails its export loudly).
 */
function detachedCall(): { request: FastifyRequest; reply: FastifyReply } {
  const request = { ip: '', headers: {}, language: 'en' } as unknown;
  return { request: request as FastifyRequest, reply: {} as FastifyReply };
}

const refusedAudit: AuditRecorder = {
  record: () => Promise.reject(new Error('an export reads; it records nothing')),
};

/** One page of the list, exactly as the screen asks for it, with the job owner's grants. */
async function fetchPage(
  deps: ExportDeps,
  list: RegisteredList,
  caller: Caller,
  grants: CallerGrants,
  request: StoredRequest,
  page: number,
  pageSize: number,
): Promise<{ list: Record<string, unknown>[]; total: number }> {
  const body = listBody(list, request, page, pageSize);
  const { request: fakeRequest, reply } = detachedCall();
  const answer = await list.handler({
    body: body as never,
    query: undefined,
    caller,
    grants,
    tx: deps.db,
    audit: refusedAudit,
    request: fakeRequest,
    reply,
  });
  // Checked like the screen's answer: a field the contract does not promise never reaches the file.
  const checked = list.endpoint.ret.parse(answer) as {
    list: Record<string, unknown>[];
    total: number;
  };
  return checked;
}

/**
 * Starts an export: the list must be a registered list endpoint the caller holds the grant
 * of; its filters and sort are checked by the list itself (the first page is read at once, so
 * a bad sort or a backwards date range is a 400 now, not a failed job later).
 */
export async function startExport(
  deps: ExportDeps,
  runner: ExportRunner,
  context: { caller: Caller; grants: CallerGrants; tx: Executor; audit: AuditRecorder },
  body: StartBody,
): Promise<{ id: number; status: 'queued' }> {
  const list = deps.listOf(body.endpoint);
  if (!list) throw AppError.invalid('endpoint', 'is not a list that can be exported');
  if (!holds(context.grants, list.endpoint.id)) throw new AppError('forbidden');
  const request: StoredRequest = {
    ...(body.filters !== undefined ? { filters: body.filters } : {}),
    ...(body.sort !== undefined ? { sort: body.sort } : {}),
  };
  const first = await fetchPage(deps, list, context.caller, context.grants, request, 1, 1);
  const now = deps.clock.now();
  const safeRoute = body.route.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 40) || 'list';
  const fileName = `${safeRoute}-${indiaDateOf(now)}-${randomBytes(6).toString('hex')}.xlsx`;
  const [job] = await context.tx
    .insert(exportJobs)
    .values({
      userId: context.caller.userId,
      endpointId: list.endpoint.id,
      route: body.route,
      title: body.title,
      request,
      columns: body.columns,
      status: 'queued',
      totalRows: first.total,
      fileName,
      createdAt: now,
    })
    .returning({ id: exportJobs.id });
  await context.audit.record({
    targetType: 'export_job',
    targetId: job!.id,
    after: { endpoint: list.endpoint.id, ...request, totalRows: first.total },
  });
  runner.enqueue(job!.id);
  return { id: job!.id, status: 'queued' };
}

/** India time of an instant, as the console shows it: `YYYY-MM-DD HH:mm:ss`. */
function indiaDateTime(iso: string): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return iso;
  return new Date(instant.getTime() + 330 * 60_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** ₹ with Indian grouping (1,23,456.78); Excel allows two conditions and a default. */
const RUPEES_FORMAT =
  '[>=10000000]"₹"#\\,##\\,##\\,##0.00;[>=100000]"₹"#\\,##\\,##0.00;"₹"#,##0.00';

export function cellOf(column: ExportColumn, value: unknown): ExcelJS.CellValue {
  if (value === null || value === undefined || value === '') return null;
  if (column.values && (typeof value === 'string' || typeof value === 'boolean')) {
    return column.values[String(value)] ?? String(value);
  }
  switch (column.kind) {
    case 'money':
      return typeof value === 'number' ? value / 100 : String(value);
    case 'ppm':
      return typeof value === 'number' ? value / 1_000_000 : String(value);
    case 'count':
    case 'share':
      return typeof value === 'number' ? value : String(value);
    case 'instant':
      return typeof value === 'string' ? indiaDateTime(value) : String(value);
    case 'date':
    case 'text':
      if (typeof value === 'string' || typeof value === 'number') return value;
      if (typeof value === 'boolean') return String(value);
      if (Array.isArray(value)) {
        return value
          .map((item) =>
            item && typeof item === 'object' && 'name' in item ? String(item.name) : String(item),
          )
          .join(', ');
      }
      return null;
  }
}

export function numberFormat(kind: ExportColumn['kind']): string | undefined {
  if (kind === 'money') return RUPEES_FORMAT;
  if (kind === 'ppm') return '0.00##%';
  if (kind === 'share') return '0.0%';
  if (kind === 'count') return '#,##0';
  return undefined;
}

/**
 * The in-process job runner (decision 0033): one export at a time, in the order they
 * were asked for, streamed to disk read by read so a 100,000-row export holds one read in
 * memory (decision 0053). `idle()` resolves when nothing is queued or running (tests and shutdown).
 */
export class ExportRunner {
  private readonly queue: number[] = [];
  private running: Promise<void> | null = null;
  private stopped = false;
  /**
   * Runs outside any async context of the moment: built with the app, so the job never runs
   * inside the audited call (and its transaction) that queued it.
   */
  private readonly outside = AsyncLocalStorage.snapshot();
  /** Rows per read of a list read through runList; tests lower it to read a few rows at a time. */
  readRows = EXPORT_READ_ROWS;

  constructor(private readonly deps: ExportDeps) {}

  enqueue(id: number): void {
    if (this.stopped) return;
    this.queue.push(id);
    this.running ??= this.outside(() =>
      this.drain().finally(() => {
        this.running = null;
      }),
    );
  }

  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.queue.length = 0;
    await this.idle();
  }

  private async drain(): Promise<void> {
    for (let id = this.queue.shift(); id !== undefined; id = this.queue.shift()) {
      try {
        await runExport(this.deps, id, this.readRows);
      } catch (error) {
        this.deps.log.error({ err: error, exportId: id }, 'export failed');
        await this.deps.db
          .update(exportJobs)
          .set({
            status: 'failed',
            error: error instanceof Error ? error.message.slice(0, 500) : 'failed',
            finishedAt: this.deps.clock.now(),
          })
          .where(and(eq(exportJobs.id, id), inArray(exportJobs.status, ['queued', 'running'])))
          .catch(() => undefined);
      }
    }
  }
}

/**
 * The job's row. It is queued from inside the audited call that inserts it, so the runner may
 * look before that transaction commits: it waits a little for the row rather than lose it.
 */
async function queuedJob(deps: ExportDeps, id: number): Promise<ExportJobRow | undefined> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const [job] = await deps.db.select().from(exportJobs).where(eq(exportJobs.id, id));
    if (job) return job.status === 'queued' ? job : undefined;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return undefined;
}

async function runExport(deps: ExportDeps, id: number, readRows: number): Promise<void> {
  const job = await queuedJob(deps, id);
  if (!job) return;
  const fail = (error: string) =>
    deps.db
      .update(exportJobs)
      .set({ status: 'failed', error, finishedAt: deps.clock.now() })
      .where(eq(exportJobs.id, id));
  const list = deps.listOf(job.endpointId);
  if (!list) return void (await fail(`the list ${job.endpointId} is no longer served`));
  // Grants as they are now: a grant withdrawn since the export was asked for stops it.
  const grants = await deps.grantsOf(job.userId);
  if (!holds(grants, 'export.start') || !holds(grants, job.endpointId)) {
    return void (await fail('the export or list grant was withdrawn'));
  }
  await deps.db
    .update(exportJobs)
    .set({ status: 'running', startedAt: deps.clock.now() })
    .where(eq(exportJobs.id, id));

  const directory = exportDirectory(deps);
  await mkdir(directory, { recursive: true });
  const target = path.join(directory, job.fileName);
  const partial = `${target}.part`;
  const columns = job.columns as ExportColumn[];
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: partial,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(job.title.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = columns.map((column, index) => {
    const format = numberFormat(column.kind);
    return {
      header: column.header,
      key: `c${index}`,
      width: Math.min(Math.max(column.header.length + 4, column.kind === 'instant' ? 20 : 14), 40),
      ...(format ? { style: { numFmt: format } } : {}),
    };
  });
  sheet.getRow(1).font = { bold: true };

  const caller: Caller = { sessionId: 0, userId: job.userId };
  const request = job.request as StoredRequest;
  // The list is counted once, when the export was asked for; the reads do not count again.
  const read = exportRead(readRows, job.totalRows ?? 0);
  let keyset: boolean | undefined;
  let written = 0;
  try {
    for (let page = 1; written < EXPORT_MAX_ROWS; page += 1) {
      const answer = await readingForExport(read, () =>
        fetchPage(deps, list, caller, grants, request, page, EXPORT_PAGE_SIZE),
      );
      keyset ??= read.served;
      if (keyset !== read.served) throw new Error(`the list ${job.endpointId} changed its paging`);
      const rows = answer.list.slice(0, EXPORT_MAX_ROWS - written);
      for (const row of rows) {
        sheet
          .addRow(Object.fromEntries(columns.map((c, i) => [`c${i}`, cellOf(c, row[c.field])])))
          .commit();
      }
      written += rows.length;
      await deps.db
        .update(exportJobs)
        .set({ rowsWritten: written, totalRows: Math.max(answer.total, written) })
        .where(eq(exportJobs.id, id));
      const lastPage = keyset ? read.rows < read.pageSize : answer.list.length < EXPORT_PAGE_SIZE;
      if (lastPage) break;
    }
    sheet.commit();
    await workbook.commit();
    await rename(partial, target);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  const { size } = await stat(target);
  const finishedAt = deps.clock.now();
  await deps.db
    .update(exportJobs)
    .set({
      status: 'done',
      rowsWritten: written,
      sizeBytes: size,
      finishedAt,
      expiresAt: new Date(finishedAt.getTime() + EXPORT_RETENTION_MS),
    })
    .where(eq(exportJobs.id, id));
}

/**
 * On start-up: a job that was queued or running when the process stopped cannot resume (its
 * runner was in that process): it is marked failed, and its partial file removed.
 */
export async function failInterruptedExports(deps: FileDeps): Promise<number> {
  const interrupted = await deps.db
    .update(exportJobs)
    .set({
      status: 'failed',
      error: 'interrupted by a restart of the server',
      finishedAt: deps.clock.now(),
    })
    .where(inArray(exportJobs.status, ['queued', 'running']))
    .returning({ fileName: exportJobs.fileName });
  for (const { fileName } of interrupted) {
    await rm(path.join(exportDirectory(deps), `${fileName}.part`), { force: true });
  }
  return interrupted.length;
}

/** Removes the files of exports past their expiry; their rows stay, marked expired. */
export async function removeExpiredExports(deps: FileDeps): Promise<number> {
  const expired = await deps.db
    .update(exportJobs)
    .set({ status: 'expired' })
    .where(and(eq(exportJobs.status, 'done'), lt(exportJobs.expiresAt, deps.clock.now())))
    .returning({ fileName: exportJobs.fileName });
  for (const { fileName } of expired) {
    await rm(path.join(exportDirectory(deps), fileName), { force: true });
  }
  return expired.length;
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
  deps: ExportDeps,
  caller: Caller,
  body: z.output<typeof exportListBodySchema>,
) {
  const { list, total } = await runList(
    deps.db,
    {
      select: () => deps.db.select().from(exportJobs),
      scope: eq(exportJobs.userId, caller.userId),
      where: { status: (status) => eq(exportJobs.status, status) },
      sortColumns: { id: exportJobs.id },
      defaultSort: { field: 'id', order: 'desc' },
      id: exportJobs.id,
    },
    body,
  );
  return { list: list.map(exportJobRow), total };
}

/**
 * The file of one finished export, for its owner only: another user's export, or one that
 * does not exist, is 404 alike (nobody learns which exports others made); one not finished or
 * expired is a 409.
 */
export async function openExportFile(deps: ExportDeps, caller: Caller, id: number) {
  const [job] = await deps.db
    .select()
    .from(exportJobs)
    .where(and(eq(exportJobs.id, id), eq(exportJobs.userId, caller.userId)));
  if (!job) throw new AppError('notFound');
  if (job.status !== 'done' || (job.expiresAt && job.expiresAt < deps.clock.now())) {
    throw new AppError('conflict', { detail: `the export is ${job.status}` });
  }
  const file = path.join(exportDirectory(deps), job.fileName);
  return { job, stream: createReadStream(file) };
}
