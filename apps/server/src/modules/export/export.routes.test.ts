import { type EndpointBody, exportApi, orderApi } from '@lending/contract';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { WORKED_EXAMPLE_PRINCIPAL } from '@lending/lending';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, customers, loanOrders, storedFiles } from '../../testing/tables.js';
import { buildTestApp, joinTestApp, type TestApp } from '../../testing/build-test-app.js';
import { callEndpoint, createStaff, get, loginAs } from '../../testing/factories.js';
import {
  loanBookDeps,
  makeActiveOrder,
  makeApplication,
  makeProduct,
} from '../../testing/loan-book.factories.js';
import { createStoredFile } from '../stored-files/index.js';
import { exportJobs } from './export-jobs.table.js';
import { removeExpiredExports } from './export-files.js';
import { exportQueueJob } from './index.js';

let t: TestApp;
let dataDir: string;
let admin: string;
/** Holds export.start and order.list. */
let exporter: string;
let exporterId: number;
let exporterLogin: { email: string; password: string };
/** Another exporter: must never reach the first one's files. */
let other: string;
/** Holds export.start but not order.list. */
let noList: string;
/** Holds order.list but not export.start. */
let noExport: string;
let withoutListId: number;
const activeOrders: string[] = [];

const COLUMNS = [
  { field: 'orderNo', header: 'Order number', kind: 'text' },
  { field: 'customerName', header: 'Customer', kind: 'text' },
  { field: 'phone', header: 'Phone', kind: 'text' },
  { field: 'principalPaise', header: 'Amount', kind: 'money' },
  {
    field: 'status',
    header: 'Status',
    kind: 'text',
    values: { ACTIVE: 'Disbursed', PENDING_MACHINE_REVIEW: 'Machine review' },
  },
  { field: 'appliedAt', header: 'Applied at', kind: 'instant' },
] satisfies EndpointBody<typeof exportApi.startExport>['columns'];

function startBody(filters: Record<string, unknown> = { status: 'ACTIVE' }, extra = {}) {
  return {
    endpoint: 'order.list',
    route: 'orderList',
    title: 'Order list',
    filters,
    columns: COLUMNS,
    ...extra,
  };
}

async function finished(id: number) {
  await t.app.exportRunner.idle();
  const [job] = await t.db.select().from(exportJobs).where(eq(exportJobs.id, id));
  return job!;
}

async function readSheet(buffer: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { sheet, rows };
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'exports-test-'));
  t = await buildTestApp({ demoData: false, config: { dataDir } });
  const deps = loanBookDeps(t.db, t.clock);
  const product = await makeProduct(deps);
  for (let i = 0; i < 3; i += 1)
    activeOrders.push((await makeActiveOrder(deps, product.id)).orderNo);
  // Not disbursed: the status filter leaves it out.
  await makeApplication(deps, product.id);
  admin = await loginAs(t.app);
  const staff = await createStaff(t.db, t.clock, { interfaces: ['export.start', 'order.list'] });
  exporterId = staff.id;
  exporterLogin = staff;
  exporter = await loginAs(t.app, staff);
  other = await loginAs(
    t.app,
    await createStaff(t.db, t.clock, { interfaces: ['export.start', 'order.list'] }),
  );
  const withoutList = await createStaff(t.db, t.clock, { interfaces: ['export.start'] });
  withoutListId = withoutList.id;
  noList = await loginAs(t.app, withoutList);
  noExport = await loginAs(t.app, await createStaff(t.db, t.clock, { interfaces: ['order.list'] }));
}, 60_000);

afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('POST /export/start and the download', () => {
  let jobId: number;

  it('starts a job that pages through the list with its filters, masked, and reports progress', async () => {
    const started = await callEndpoint(t.app, exportApi.startExport, startBody(), exporter);
    expect(started.statusCode).toBe(200);
    expect(started.json().ret).toMatchObject({ status: 'queued' });
    jobId = started.json().ret.id;

    const job = await finished(jobId);
    expect(job).toMatchObject({ status: 'done', rowsWritten: 3, totalRows: 3 });

    const mine = await callEndpoint(t.app, exportApi.listMyExports, {}, exporter);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().ret.list[0]).toMatchObject({
      id: jobId,
      status: 'done',
      rowsWritten: 3,
      progressPercent: 100,
      title: 'Order list',
    });
    expect(mine.json().ret.list[0]!.sizeBytes).toBeGreaterThan(0);
    expect(mine.json().ret.list[0]!.expiresAt).not.toBeNull();
  });

  it('downloads the .xlsx: headers in the user’s language, the filtered rows, ₹ numbers, personal data masked', async () => {
    const response = await get(t.app, `/export/download?id=${jobId}`, exporter);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const { sheet, rows } = await readSheet(response.rawPayload);
    expect(rows[0]).toEqual(COLUMNS.map((c) => c.header));
    expect(rows).toHaveLength(4);
    const orderNos = rows.slice(1).map((row) => row[0]);
    expect([...orderNos].sort()).toEqual([...activeOrders].sort());
    for (const row of rows.slice(1)) {
      expect(row[1]).toBe('A*** V****');
      expect(row[2]).toMatch(/^\*{6}\d{4}$/);
      // Rupees as a number (₹4,500.00 in the sheet's format), not paise and not text.
      expect(row[3]).toBe(Number(WORKED_EXAMPLE_PRINCIPAL) / 100);
      expect(row[4]).toBe('Disbursed');
      expect(row[5]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    }
    expect(sheet.getColumn(4).numFmt).toContain('₹');

    const audits = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'export.download'), eq(auditEvents.targetId, String(jobId))),
      );
    expect(audits).toHaveLength(1);
    expect(audits[0]!.actorId).toBe(exporterId);
    const started = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'export.start'), eq(auditEvents.targetId, String(jobId))));
    expect(started).toHaveLength(1);
  });

  it('never gives one user’s file to another (404, as if it did not exist), nor without a session', async () => {
    const stranger = await get(t.app, `/export/download?id=${jobId}`, other);
    expect(stranger.statusCode).toBe(404);
    const adminTry = await get(t.app, `/export/download?id=${jobId}`, admin);
    expect(adminTry.statusCode).toBe(404);
    const missing = await get(t.app, `/export/download?id=999999`, exporter);
    expect(missing.statusCode).toBe(404);
    const anonymous = await get(t.app, `/export/download?id=${jobId}`);
    expect(anonymous.statusCode).toBe(401);
    const bad = await get(t.app, `/export/download?id=abc`, exporter);
    expect(bad.statusCode).toBe(400);
    // …nor lists it.
    const theirs = await callEndpoint(t.app, exportApi.listMyExports, {}, other);
    expect(theirs.json().ret.list.map((job: { id: number }) => job.id)).not.toContain(jobId);
  });

  it('honours another filter: a phone search exports that customer’s order only', async () => {
    const all = await callEndpoint(
      t.app,
      orderApi.listOrders,
      { filters: { status: 'ACTIVE' } },
      admin,
    );
    const first = all.json().ret.list[0];
    const [row] = await t.db
      .select({ phone: customers.phone })
      .from(customers)
      .where(eq(customers.id, first!.customerId));
    const started = await callEndpoint(
      t.app,
      exportApi.startExport,
      startBody({ phone: row!.phone }),
      exporter,
    );
    const job = await finished(started.json().ret.id);
    expect(job.rowsWritten).toBe(1);
    const response = await get(t.app, `/export/download?id=${job.id}`, exporter);
    const { rows } = await readSheet(response.rawPayload);
    expect(rows.slice(1).map((r) => r[0])).toEqual([first!.orderNo]);
  });

  it('honours the asset class and rescheduled filters as the list does', async () => {
    // Rolled over while past due: active again, still SMA-0 and rescheduled.
    const rescheduled = activeOrders[1]!;
    await t.db
      .update(loanOrders)
      .set({ rbiClass: 'SMA-0', rescheduled: true })
      .where(eq(loanOrders.orderNo, rescheduled));
    const exported = async (filters: Record<string, unknown>) => {
      const started = await callEndpoint(
        t.app,
        exportApi.startExport,
        startBody({ status: 'ACTIVE', ...filters }),
        exporter,
      );
      expect(started.statusCode).toBe(200);
      const job = await finished(started.json().ret.id);
      const response = await get(t.app, `/export/download?id=${job.id}`, exporter);
      return (await readSheet(response.rawPayload)).rows.slice(1).map((r) => r[0]);
    };
    expect(await exported({ rbiClass: 'SMA-0' })).toEqual([rescheduled]);
    expect(await exported({ rescheduled: true })).toEqual([rescheduled]);
    expect((await exported({ rescheduled: false })).sort()).toEqual(
      activeOrders.filter((no) => no !== rescheduled).sort(),
    );
    await t.db
      .update(loanOrders)
      .set({ rbiClass: 'STANDARD', rescheduled: false })
      .where(eq(loanOrders.orderNo, rescheduled));
  });
});

describe('POST /export/start refusals', () => {
  it('403 without export.start, and 403 without the list’s own grant', async () => {
    expect(
      (await callEndpoint(t.app, exportApi.startExport, startBody(), noExport)).statusCode,
    ).toBe(403);
    const refused = await callEndpoint(t.app, exportApi.startExport, startBody(), noList);
    expect(refused.statusCode).toBe(403);
    const jobs = await t.db.select().from(exportJobs).where(eq(exportJobs.userId, withoutListId));
    expect(jobs).toHaveLength(0);
  });

  it('400 for an endpoint that is not a list, a filter the list refuses, or a sort it does not offer', async () => {
    const notList = await callEndpoint(
      t.app,
      exportApi.startExport,
      startBody({}, { endpoint: 'order.detail' }),
      admin,
    );
    expect(notList.statusCode).toBe(400);
    expect(notList.json().errors![0]!.field).toBe('endpoint');
    const badFilter = await callEndpoint(
      t.app,
      exportApi.startExport,
      startBody({ colour: 'red' }),
      admin,
    );
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json().errors![0]!.field).toBe('filters.colour');
    const badClass = await callEndpoint(
      t.app,
      exportApi.startExport,
      startBody({ rbiClass: 'SMA-9' }),
      admin,
    );
    expect(badClass.statusCode).toBe(400);
    expect(badClass.json()).toMatchObject({
      code: 4000,
      errors: [{ field: 'filters.rbiClass' }],
    });
    const badSort = await callEndpoint(
      t.app,
      exportApi.startExport,
      startBody({}, { sort: { field: 'phone', order: 'asc' } }),
      admin,
    );
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().errors![0]!.field).toBe('sort.field');
    const noColumns = await callEndpoint(
      t.app,
      exportApi.startExport,
      startBody({}, { columns: [] }),
      admin,
    );
    expect(noColumns.statusCode).toBe(400);
  });

  it('checks the grant again when the job runs: a job whose owner lost the list fails, no file', async () => {
    const [job] = await t.db
      .insert(exportJobs)
      .values({
        userId: withoutListId,
        endpointId: 'order.list',
        route: 'orderList',
        title: 'Order list',
        request: {},
        columns: COLUMNS,
        fileName: 'orderList-revoked.xlsx',
        createdAt: t.clock.now(),
      })
      .returning();
    const filesBefore = await t.db.select({ id: storedFiles.id }).from(storedFiles);
    t.app.exportRunner.enqueue(job!.id);
    const after = await finished(job!.id);
    expect(after).toMatchObject({ status: 'failed', fileId: null, runner: null });
    expect(await t.db.select({ id: storedFiles.id }).from(storedFiles)).toEqual(filesBefore);
  });
});

/** A job row as a runner on another server left it. */
async function jobHeldBy(
  runner: string,
  values: Partial<typeof exportJobs.$inferInsert> = {},
): Promise<number> {
  const [job] = await t.db
    .insert(exportJobs)
    .values({
      userId: exporterId,
      endpointId: 'order.list',
      route: 'orderList',
      title: 'Order list',
      request: { filters: { status: 'ACTIVE' } },
      columns: COLUMNS,
      status: 'running',
      runner,
      attempts: 1,
      leaseExpiresAt: new Date(t.clock.now().getTime() + 60_000),
      totalRows: 3,
      fileName: `orderList-${runner}.xlsx`,
      createdAt: t.clock.now(),
      startedAt: t.clock.now(),
      ...values,
    })
    .returning({ id: exportJobs.id });
  return job!.id;
}

async function jobRow(id: number) {
  const [job] = await t.db.select().from(exportJobs).where(eq(exportJobs.id, id));
  return job!;
}

async function storedFileIds(): Promise<number[]> {
  return (await t.db.select({ id: storedFiles.id }).from(storedFiles)).map((row) => row.id);
}

/** A file a runner began and never finished (its server stopped under it). */
async function partialFile(): Promise<number> {
  const file = await createStoredFile(t.db, () => t.clock.now());
  await new Promise<void>((resolve, reject) =>
    file.write(Buffer.alloc(10, 1), (error) => (error ? reject(error) : resolve())),
  );
  file.destroy();
  return file.fileId;
}

describe('exports with more than one server (decision 0091)', () => {
  it('keeps the file in the database: made on one server, downloaded from the other alike', async () => {
    const second = await joinTestApp(t);
    try {
      const started = await callEndpoint(second.app, exportApi.startExport, startBody(), exporter);
      await second.app.exportRunner.idle();
      const job = await jobRow(started.json().ret.id);
      expect(job).toMatchObject({ status: 'done', attempts: 1, runner: null });
      expect(job.runner).toBeNull();
      expect(job.fileId).not.toBeNull();
      expect(existsSync(path.join(dataDir, 'exports', job.fileName))).toBe(false);
      const here = await get(second.app, `/export/download?id=${job.id}`, exporter);
      const there = await get(t.app, `/export/download?id=${job.id}`, exporter);
      expect(there.statusCode).toBe(200);
      expect(Number(there.headers['content-length'])).toBe(job.sizeBytes);
      expect(there.rawPayload.equals(here.rawPayload)).toBe(true);
      const { rows } = await readSheet(there.rawPayload);
      expect(
        rows
          .slice(1)
          .map((row) => row[0])
          .sort(),
      ).toEqual([...activeOrders].sort());
    } finally {
      await second.close();
    }
  });

  it('a server starting leaves alone an export another server is running', async () => {
    const id = await jobHeldBy('server-a');
    const second = await joinTestApp(t);
    await second.app.exportRunner.runQueued();
    await second.close();
    expect(await jobRow(id)).toMatchObject({ status: 'running', runner: 'server-a', attempts: 1 });
    // Its runner still renews it: the other server never takes it.
    t.clock.advance(30_000);
    await t.db
      .update(exportJobs)
      .set({ leaseExpiresAt: new Date(t.clock.now().getTime() + 60_000) })
      .where(eq(exportJobs.id, id));
    t.clock.advance(30_000);
    await t.app.exportRunner.runQueued();
    expect(await jobRow(id)).toMatchObject({ status: 'running', runner: 'server-a' });
    await t.db.delete(exportJobs).where(eq(exportJobs.id, id));
  });

  it('an export whose server stopped is taken over once its lease lapses, from the start', async () => {
    const partial = await partialFile();
    const id = await jobHeldBy('server-gone', { fileId: partial, rowsWritten: 2 });
    // Within the lease: nobody touches it.
    t.clock.advance(59_000);
    await t.app.exportRunner.runQueued();
    expect(await jobRow(id)).toMatchObject({ status: 'running', runner: 'server-gone' });
    t.clock.advance(2_000);
    await t.app.exportRunner.runQueued();
    const job = await jobRow(id);
    expect(job).toMatchObject({ status: 'done', attempts: 2, runner: null, rowsWritten: 3 });
    expect(job.fileId).not.toBe(partial);
    // The stopped server's unfinished file is gone; the new one is whole.
    expect(await storedFileIds()).not.toContain(partial);
    const again = await loginAs(t.app, exporterLogin);
    const response = await get(t.app, `/export/download?id=${id}`, again);
    expect(response.statusCode).toBe(200);
    expect((await readSheet(response.rawPayload)).rows).toHaveLength(4);
  });

  it('an export whose second server stopped too is failed, honestly, not run a third time', async () => {
    const partial = await partialFile();
    const id = await jobHeldBy('server-gone-again', { fileId: partial, attempts: 2 });
    t.clock.advance(61_000);
    await t.app.exportRunner.runQueued();
    expect(await jobRow(id)).toMatchObject({
      status: 'failed',
      error: 'its server stopped while writing it, twice',
      runner: null,
      attempts: 2,
    });
    expect(await storedFileIds()).not.toContain(partial);
  });

  it('a server that stops gives its export back to the queue; another runs it once', async () => {
    const second = await joinTestApp(t);
    second.app.exportRunner.readRows = 1;
    let reached!: () => void;
    const atFirstRead = new Promise<void>((resolve) => (reached = resolve));
    let goOn!: () => void;
    const gate = new Promise<void>((resolve) => (goOn = resolve));
    second.app.exportRunner.afterRead = async () => {
      reached();
      await gate;
    };
    const started = await callEndpoint(second.app, exportApi.startExport, startBody(), exporter);
    const id: number = started.json().ret.id;
    await atFirstRead;
    const midway = await jobRow(id);
    expect(midway).toMatchObject({ status: 'running', runner: second.app.exportRunner.holder });
    const partial = midway.fileId!;
    // Shutdown: the runner is asked to stop, and stops at its next read.
    const stopping = second.app.exportRunner.stop();
    goOn();
    await stopping;
    expect(await jobRow(id)).toMatchObject({
      status: 'queued',
      runner: null,
      leaseExpiresAt: null,
      fileId: null,
      attempts: 0,
    });
    expect(await storedFileIds()).not.toContain(partial);
    await second.close();
    // At once, not after a lease: the other server's next pass runs it.
    await t.app.exportRunner.runQueued();
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 1, rowsWritten: 3 });
  });

  it('the export queue job asked to stop (shutdown) gives the export it runs back at once', async () => {
    const second = await joinTestApp(t);
    second.app.exportRunner.readRows = 1;
    const id = await jobHeldBy('nobody', { status: 'queued', runner: null, attempts: 0 });
    let reached!: () => void;
    const atFirstRead = new Promise<void>((resolve) => (reached = resolve));
    let goOn!: () => void;
    const gate = new Promise<void>((resolve) => (goOn = resolve));
    second.app.exportRunner.afterRead = async () => {
      reached();
      await gate;
    };
    const stopping = new AbortController();
    const pass = exportQueueJob(second.app.exportRunner, 60_000).pass(stopping.signal);
    await atFirstRead;
    expect(await jobRow(id)).toMatchObject({ status: 'running', attempts: 1 });
    stopping.abort();
    goOn();
    await pass;
    expect(await jobRow(id)).toMatchObject({ status: 'queued', runner: null, attempts: 0 });
    await second.close();
    await t.app.exportRunner.runQueued();
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 1, rowsWritten: 3 });
  });

  it('moves a file made before files went into the database in at start, then serves it', async () => {
    const [job] = await t.db
      .insert(exportJobs)
      .values({
        userId: exporterId,
        endpointId: 'order.list',
        route: 'orderList',
        title: 'Order list',
        request: {},
        columns: COLUMNS,
        status: 'done',
        rowsWritten: 0,
        sizeBytes: 11,
        fileName: 'orderList-2026-11-01-legacy.xlsx',
        createdAt: t.clock.now(),
        finishedAt: t.clock.now(),
        expiresAt: new Date(t.clock.now().getTime() + 3_600_000),
      })
      .returning();
    const local = path.join(dataDir, 'exports', job!.fileName);
    await mkdir(path.dirname(local), { recursive: true });
    await writeFile(local, 'legacy file');
    const second = await joinTestApp(t);
    await second.close();
    expect(existsSync(local)).toBe(false);
    const again = await loginAs(t.app, exporterLogin);
    const response = await get(t.app, `/export/download?id=${job!.id}`, again);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.toString()).toBe('legacy file');
  });
});

describe('expiry', () => {
  it('removes expired files; the download is then a 409', async () => {
    const started = await callEndpoint(t.app, exportApi.startExport, startBody(), exporter);
    const job = await finished(started.json().ret.id);
    expect(await storedFileIds()).toContain(job.fileId);
    t.clock.advance(73 * 3_600_000);
    const deps = { db: t.db, clock: t.clock, dataDir };
    expect(await removeExpiredExports(deps)).toBeGreaterThanOrEqual(1);
    expect(await storedFileIds()).not.toContain(job.fileId);
    const again = await loginAs(t.app, exporterLogin);
    expect((await get(t.app, `/export/download?id=${job.id}`, again)).statusCode).toBe(409);
    const [after] = await t.db.select().from(exportJobs).where(eq(exportJobs.id, job.id));
    expect(after).toMatchObject({ status: 'expired', fileId: null });
  });

  it('removes an unfinished file no export writes once it is a day old', async () => {
    const orphan = await partialFile();
    const deps = { db: t.db, clock: t.clock, dataDir };
    await removeExpiredExports(deps);
    expect(await storedFileIds()).toContain(orphan);
    t.clock.advance(25 * 3_600_000);
    await removeExpiredExports(deps);
    expect(await storedFileIds()).not.toContain(orphan);
  });
});
