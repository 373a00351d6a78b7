import { exportApi, orderApi } from '@lending/contract';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { callEndpoint, get, loginAs } from '../../testing/factories.js';
import {
  loanBookDeps,
  makeActiveOrder,
  makeApplication,
  makeProduct,
} from '../../testing/loan-book.factories.js';
import { exportJobs } from './export-jobs.table.js';

// An export reads a list in reads of many rows, each starting after the last row of the one
// before (decision 0053). Here a read is a few rows, so a handful of orders takes several reads,
// and the file must hold the screen's rows, each once, in the screen's order.

let t: TestApp;
let dataDir: string;
let admin: string;

interface ScreenRow {
  orderNo: string;
  principalPaise: number | string;
  dueDate: string | null;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'export-reads-test-'));
  t = await buildTestApp({ demoData: false, config: { dataDir } });
  const deps = loanBookDeps(t.db, t.clock);
  const product = await makeProduct(deps);
  // Same principal for all (ties on the amount); disbursed ones have a due date, applications
  // none (nulls on the due date).
  for (let i = 0; i < 4; i += 1) await makeActiveOrder(deps, product.id);
  for (let i = 0; i < 3; i += 1) await makeApplication(deps, product.id);
  admin = await loginAs(t.app);
}, 180_000);

afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** The order list as the screen shows it, all on one page. */
async function screen(sort: { field: string; order: 'asc' | 'desc' }): Promise<ScreenRow[]> {
  const answer = await callEndpoint(
    t.app,
    orderApi.listOrders,
    { page: 1, pageSize: 100, sort },
    admin,
  );
  expect(answer.statusCode).toBe(200);
  return answer.json().ret.list as ScreenRow[];
}

/** The order numbers of an export of the order list with this sort, in the file's order. */
async function exported(sort: { field: string; order: 'asc' | 'desc' }): Promise<string[]> {
  const started = await callEndpoint(
    t.app,
    exportApi.startExport,
    {
      endpoint: 'order.list',
      route: 'orderList',
      title: 'Orders',
      sort,
      columns: [{ field: 'orderNo', header: 'Order number', kind: 'text' }],
    },
    admin,
  );
  expect(started.statusCode).toBe(200);
  await t.app.exportRunner.idle();
  const [job] = await t.db
    .select()
    .from(exportJobs)
    .where(eq(exportJobs.id, started.json().ret.id as number));
  expect(job!.status).toBe('done');
  const file = await get(t.app, `/export/download?id=${job!.id}`, admin);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
  const orderNos: string[] = [];
  workbook.worksheets[0]!.eachRow((row, number) => {
    if (number > 1) orderNos.push(String(row.getCell(1).value));
  });
  expect(job!.rowsWritten).toBe(orderNos.length);
  return orderNos;
}

describe('an export read in several reads', () => {
  it('writes every row once, in the screen’s order, when the sort column ties across reads', async () => {
    t.app.exportRunner.readRows = 2;
    for (const order of ['asc', 'desc'] as const) {
      const sort = { field: 'principalPaise', order };
      const rows = await screen(sort);
      expect(rows).toHaveLength(7);
      // Every row has the same amount: only the id orders them, across four reads.
      expect(new Set(rows.map((row) => String(row.principalPaise))).size).toBe(1);
      expect(await exported(sort)).toEqual(rows.map((row) => row.orderNo));
    }
  });

  it('writes the rows with no value in the sort column too (nulls first ascending, last descending)', async () => {
    for (const readRows of [1, 3]) {
      t.app.exportRunner.readRows = readRows;
      for (const order of ['asc', 'desc'] as const) {
        const sort = { field: 'dueDate', order };
        const rows = await screen(sort);
        expect(rows.filter((row) => row.dueDate === null)).toHaveLength(3);
        expect(rows.filter((row) => row.dueDate !== null)).toHaveLength(4);
        expect(await exported(sort)).toEqual(rows.map((row) => row.orderNo));
      }
    }
  });
});
