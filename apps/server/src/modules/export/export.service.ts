import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  startExportBodySchema,
  type ExportColumn,
  type ExportJobRow as ExportJobApiRow,
  type exportListBodySchema,
} from '@lending/contract';
import { and, eq } from 'drizzle-orm';
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
import { createStoredFile, openStoredFile, removeStoredFiles } from '../stored-files/index.js';
import * as repo from './export-jobs.repository.js';
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
  /**
   * The server's data directory: before decision 0091 export files were kept in
   * `<dataDir>/exports/`, from where they are moved into the database at start.
   */
  dataDir: string;
  /** The registered list endpoints, by interface id (the access layer's registrar). */
  listOf(id: string): RegisteredList | undefined;
  grantsOf(userId: number): Promise<CallerGrants>;
  log: {
    error(object: unknown, message: string): void;
    warn(object: unknown, message: string): void;
    info(object: unknown, message: string): void;
  };
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

/** How long a runner's hold on a job lasts unless renewed (it is renewed after every read). */
export const EXPORT_LEASE_MS = 60_000;
/**
 * Runs a job may begin: a job whose server stopped under it is run once more by another; one
 * whose second server stopped too is failed (an export that brings its server down would
 * otherwise bring each server down in turn).
 */
export const EXPORT_MAX_ATTEMPTS = 2;
const ABANDONED = 'its server stopped while writing it, twice';
/** An unfinished stored file no export writes any more is removed once it is this old. */
const PARTIAL_FILE_AGE_MS = 24 * 3_600_000;

export interface ExportRunnerOptions {
  /** This server, as the job's `runner` (host:pid:random by default). */
  holder: string;
  leaseMs?: number;
  maxAttempts?: number;
}

/** The run was asked to stop (the server shuts down): the job goes back to the queue. */
class ExportStopped extends Error {
  override name = 'ExportStopped';
}
/** Another server took the job over (this one's lease lapsed): this run leaves it alone. */
class ExportTakenOver extends Error {
  override name = 'ExportTakenOver';
}

/**
 * Runs exports (decisions 0033, 0091): one at a time per server, each streamed into a stored
 * file in the database read by read, so a 100,000-row export holds one read and one chunk in
 * memory (decision 0053). Any server may run any job: a runner claims it in the database with a
 * lease it renews after every read, so each export runs on one server at a time; a job whose
 * server stopped is taken over once its lease lapses (and failed after `maxAttempts` runs).
 * A server runs the jobs its own calls queued at once (`enqueue`) and claims the others at each
 * pass of the export queue job (`runQueued`). `stop()` (shutdown) gives the job in flight back
 * to the queue for another server. `idle()` resolves when nothing runs (tests and shutdown).
 */
export class ExportRunner {
  /** Jobs this server's calls queued, claimed first (their rows may not be committed yet). */
  private readonly wanted: number[] = [];
  private running: Promise<void> | null = null;
  private stopped = false;
  private readonly stopping = new AbortController();
  /**
   * Runs outside any async context of the moment: built with the app, so the job never runs
   * inside the audited call (and its transaction) that queued it.
   */
  private readonly outside = AsyncLocalStorage.snapshot();
  /** Rows per read of a list read through runList; tests lower it to read a few rows at a time. */
  readRows = EXPORT_READ_ROWS;
  /** Tests: runs after each read is written and the lease renewed (an export held midway). */
  afterRead: ((jobId: number) => Promise<void>) | undefined;
  readonly holder: string;
  private readonly leaseMs: number;
  private readonly maxAttempts: number;

  constructor(
    private readonly deps: ExportDeps,
    options: ExportRunnerOptions,
  ) {
    this.holder = options.holder;
    this.leaseMs = options.leaseMs ?? EXPORT_LEASE_MS;
    this.maxAttempts = options.maxAttempts ?? EXPORT_MAX_ATTEMPTS;
  }

  /** A job this server's call just queued: run it now (after any in flight here). */
  enqueue(id: number): void {
    if (this.stopped) return;
    this.wanted.push(id);
    this.kick();
  }

  /**
   * The export queue job's pass: runs every job this server can claim, one at a time. Asked to
   * stop (`signal`: the server shuts down), the runner stops, giving its export back at once
   * rather than holding the shutdown until the export is written.
   */
  async runQueued(signal?: AbortSignal): Promise<void> {
    if (this.stopped) return;
    const stop = () => void this.stop();
    signal?.addEventListener('abort', stop, { once: true });
    try {
      if (signal?.aborted) return await this.stop();
      this.kick();
      await this.idle();
    } finally {
      signal?.removeEventListener('abort', stop);
    }
  }

  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /**
   * No job starts after it; the job in flight stops at its next read and goes back to the
   * queue (its lease released, its partial file removed), so another server runs it at once.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wanted.length = 0;
    this.stopping.abort();
    await this.idle();
  }

  private kick(): void {
    this.running ??= this.outside(() =>
      this.drain().finally(() => {
        this.running = null;
        // A job queued while the last claim was on its way is not left waiting.
        if (this.wanted.length > 0 && !this.stopped) this.kick();
      }),
    );
  }

  private async drain(): Promise<void> {
    while (!this.stopped) {
      let job: ExportJobRow | undefined;
      try {
        job = await this.claim();
      } catch (error) {
        this.deps.log.error({ err: error }, 'claiming an export failed');
        return;
      }
      if (!job) return;
      await this.run(job);
    }
  }

  /** The next job for this server: one its calls queued, else any no server holds. */
  private async claim(): Promise<ExportJobRow | undefined> {
    const { db, clock } = this.deps;
    for (let id = this.wanted.shift(); id !== undefined; id = this.wanted.shift()) {
      const job = await this.claimWanted(id);
      if (job) return job;
    }
    const abandoned = await repo.failAbandonedJobs(db, clock.now(), this.maxAttempts, ABANDONED);
    await removeStoredFiles(
      db,
      abandoned.filter((id): id is number => id !== null),
    );
    return repo.claimNextJob(db, this.holder, clock.now(), this.leaseMs, this.maxAttempts);
  }

  /**
   * A job queued from inside the audited call that inserts it: the runner may look before
   * that transaction commits, so it waits a little for the row rather than lose it. Another
   * server may have claimed it meanwhile: then it is not this one's.
   */
  private async claimWanted(id: number): Promise<ExportJobRow | undefined> {
    const { db, clock } = this.deps;
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const job = await repo.claimQueuedJob(db, id, this.holder, clock.now(), this.leaseMs);
      if (job) return job;
      if (await repo.jobExists(db, id)) return undefined;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return undefined;
  }

  private async run(job: ExportJobRow): Promise<void> {
    const { db } = this.deps;
    // A run taken over from a server that stopped: what it had written is of no use.
    if (job.fileId !== null) await removeStoredFiles(db, [job.fileId]);
    let fileId: number | undefined;
    try {
      await runExport(this.deps, job, {
        holder: this.holder,
        leaseMs: this.leaseMs,
        readRows: this.readRows,
        signal: this.stopping.signal,
        onFile: (id) => (fileId = id),
        afterRead: this.afterRead,
      });
      return;
    } catch (error) {
      if (fileId !== undefined) await removeStoredFiles(db, [fileId]).catch(() => undefined);
      await this.settleFailedRun(job, error).catch((settleError: unknown) =>
        this.deps.log.error({ err: settleError, exportId: job.id }, 'export failed'),
      );
    }
  }

  /** After a run that did not finish: the job back to the queue, left to its new runner, or failed. */
  private async settleFailedRun(job: ExportJobRow, error: unknown): Promise<void> {
    const { db, clock, log } = this.deps;
    if (error instanceof ExportStopped) {
      await repo.releaseHeldJob(db, job.id, this.holder);
      log.info({ exportId: job.id }, 'export given back to the queue: the server is stopping');
      return;
    }
    if (error instanceof ExportTakenOver) {
      log.warn({ exportId: job.id }, 'export taken over by another server');
      return;
    }
    log.error({ err: error, exportId: job.id }, 'export failed');
    await repo.updateHeldJob(db, job.id, this.holder, {
      status: 'failed',
      error: error instanceof Error ? error.message.slice(0, 500) : 'failed',
      finishedAt: clock.now(),
      runner: null,
      leaseExpiresAt: null,
      fileId: null,
    });
  }
}

interface RunOptions {
  holder: string;
  leaseMs: number;
  readRows: number;
  signal: AbortSignal;
  /** Told the stored file's id as soon as it exists (removed if the run does not finish). */
  onFile: (fileId: number) => void;
  afterRead: ((jobId: number) => Promise<void>) | undefined;
}

async function runExport(deps: ExportDeps, job: ExportJobRow, options: RunOptions): Promise<void> {
  const { db, clock } = deps;
  const { holder } = options;
  const id = job.id;
  const later = () => new Date(clock.now().getTime() + options.leaseMs);
  /** Every write of the run names its runner: one that lost the job stops here. */
  const write = async (values: Parameters<typeof repo.updateHeldJob>[3]) => {
    if (!(await repo.updateHeldJob(db, id, holder, values))) throw new ExportTakenOver();
  };
  const fail = (error: string) =>
    write({
      status: 'failed',
      error,
      finishedAt: clock.now(),
      runner: null,
      leaseExpiresAt: null,
    });
  const list = deps.listOf(job.endpointId);
  if (!list) return void (await fail(`the list ${job.endpointId} is no longer served`));
  // Grants as they are now: a grant withdrawn since the export was asked for stops it.
  const grants = await deps.grantsOf(job.userId);
  if (!holds(grants, 'export.start') || !holds(grants, job.endpointId)) {
    return void (await fail('the export or list grant was withdrawn'));
  }

  const file = await createStoredFile(db, () => clock.now());
  options.onFile(file.fileId);
  // A failed chunk insert fails the workbook's commit; the listener keeps a write that lands
  // after the run gave up (its file removed) from being an unhandled stream error.
  let fileError: Error | undefined;
  file.on('error', (error) => (fileError ??= error));
  await write({ fileId: file.fileId, leaseExpiresAt: later() });
  const columns = job.columns as ExportColumn[];
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: file,
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
  const read = exportRead(options.readRows, job.totalRows ?? 0);
  let keyset: boolean | undefined;
  let written = 0;
  try {
    for (let page = 1; written < EXPORT_MAX_ROWS; page += 1) {
      if (options.signal.aborted) throw new ExportStopped();
      if (fileError) throw fileError;
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
      // Progress, and the lease moved on: the job stays this server's while it writes.
      await write({
        rowsWritten: written,
        totalRows: Math.max(answer.total, written),
        leaseExpiresAt: later(),
      });
      await options.afterRead?.(id);
      const lastPage = keyset ? read.rows < read.pageSize : answer.list.length < EXPORT_PAGE_SIZE;
      if (lastPage) break;
    }
    if (options.signal.aborted) throw new ExportStopped();
    sheet.commit();
    await workbook.commit();
  } catch (error) {
    file.destroy();
    throw error;
  }
  const stored = await storedFileOf(db, file.fileId);
  const finishedAt = clock.now();
  await write({
    status: 'done',
    rowsWritten: written,
    sizeBytes: stored.sizeBytes,
    finishedAt,
    expiresAt: new Date(finishedAt.getTime() + EXPORT_RETENTION_MS),
    runner: null,
    leaseExpiresAt: null,
  });
}

async function storedFileOf(db: Executor, fileId: number) {
  const opened = await openStoredFile(db, fileId);
  if (!opened) throw new Error(`the export's file ${fileId} is not complete`);
  opened.stream.destroy();
  return opened.file;
}

/**
 * The clean-up (hourly, and at start): finished exports past their expiry are marked expired
 * and their files removed, and so are unfinished files no export writes any more. Each row is
 * changed by one statement, so two servers cleaning up at once remove each file once.
 */
export async function removeExpiredExports(deps: FileDeps): Promise<number> {
  const now = deps.clock.now();
  const files = await repo.expireFinishedJobs(deps.db, now);
  await removeStoredFiles(
    deps.db,
    files.filter((id): id is number => id !== null),
  );
  await repo.removeAbandonedPartialFiles(deps.db, new Date(now.getTime() - PARTIAL_FILE_AGE_MS));
  return files.length;
}

/**
 * Finished exports made before files moved into the database (decision 0091) whose file is in
 * this server's `<dataDir>/exports`: copied in, linked to their job, and the local file removed.
 * At every start; cheap when none is left. A job another server linked first keeps that copy.
 */
export async function moveLocalExportFiles(deps: FileDeps): Promise<number> {
  let moved = 0;
  for (const job of await repo.finishedJobsWithoutFile(deps.db)) {
    const local = path.join(exportDirectory(deps), job.fileName);
    if (!existsSync(local)) continue;
    const file = await createStoredFile(deps.db, () => deps.clock.now());
    await pipeline(createReadStream(local), file);
    if (await repo.linkMovedFile(deps.db, job.id, file.fileId)) {
      moved += 1;
      await rm(local, { force: true });
    } else {
      await removeStoredFiles(deps.db, [file.fileId]);
    }
  }
  return moved;
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
 * expired is a 409. Read from the database a chunk at a time, whichever server made it.
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
  const opened = job.fileId === null ? undefined : await openStoredFile(deps.db, job.fileId);
  if (!opened) {
    // Made before files moved into the database, on a server that has not copied it in.
    throw new AppError('conflict', { detail: 'the export file is not in the database' });
  }
  return { job, stream: opened.stream, sizeBytes: opened.file.sizeBytes };
}
