import { AsyncLocalStorage } from 'node:async_hooks';
import type { ExportColumn } from '@lending/contract';
import type { Executor } from '../../plugins/db.js';
import { exportRead, readingForExport } from '../../shared/list-query.js';
import { createStoredFile, openStoredFile, removeStoredFiles } from '../stored-files/index.js';
import type { ExportDeps } from './export-deps.js';
import * as repo from './export-jobs.repository.js';
import type { ExportJobRow } from './export-jobs.table.js';
import { fetchPage, holds, type StoredRequest } from './export-list.js';
import { openWorkbook } from './export-workbook.js';

/**
 * Rows asked of a list per page when it pages by number (a list that does not read through
 * runList): the largest page a list endpoint takes.
 */
export const EXPORT_PAGE_SIZE = 100;
/**
 * Rows per read of a list that reads through `runList` (decision 0053): each read starts after
 * the last row of the one before (keyset on the list's sort and id), so a read costs the same
 * at row 1 and row 900,000, and 1,000 rows is a few hundred kilobytes in memory.
 */
export const EXPORT_READ_ROWS = 1_000;
/** A sheet holds 1,048,576 rows; an export stops well before (the page says so). */
export const EXPORT_MAX_ROWS = 1_000_000;
/** How long a finished file can be downloaded before the clean-up removes it. */
export const EXPORT_RETENTION_MS = 72 * 3_600_000;

/** How long a runner's hold on a job lasts unless renewed (it is renewed after every read). */
export const EXPORT_LEASE_MS = 60_000;
/**
 * Runs a job may begin: a job whose server stopped under it is run once more by another; one
 * whose second server stopped too is failed (an export that brings its server down would
 * otherwise bring each server down in turn).
 */
export const EXPORT_MAX_ATTEMPTS = 2;
const ABANDONED = 'its server stopped while writing it, twice';

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
  const workbook = openWorkbook(file, job.title, job.columns as ExportColumn[]);

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
        fetchPage(deps, list, job.userId, grants, request, page, EXPORT_PAGE_SIZE),
      );
      keyset ??= read.served;
      if (keyset !== read.served) throw new Error(`the list ${job.endpointId} changed its paging`);
      const rows = answer.list.slice(0, EXPORT_MAX_ROWS - written);
      for (const row of rows) workbook.addRow(row);
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
