import type { InvalidOnPurpose } from '../../testing/call-endpoint.js';
import type { EndpointBody } from '@lending/contract';
import { offlineRepayApi, repayApi } from '@lending/contract';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { addDays } from '@lending/lending';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repayments } from '../../testing/tables.js';
import { indiaDateOf } from '../../shared/india-date.js';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildTestApp, joinTestApp, type TestApp } from '../../testing/build-test-app.js';
import { badBody, callEndpoint, createStaff, loginAs } from '../../testing/factories.js';
import { buildZip, WORKBOOK_SHELL } from '../../shared/import/zip-fixtures.js';
import { runDayEnd } from '../day-end/index.js';
import { checkLedger, findOrder, type LoanBookDeps } from '../loan-book/index.js';
import { loanBookDeps, makeActiveOrder, makeProduct } from '../../testing/loan-book.factories.js';
import { readStoredBytes } from '../stored-files/index.js';
import { uploadedFiles } from './offline.table.js';

const DAY = 86_400_000;
const OFFLINE = [
  'repay.offline_list',
  'repay.offline_record',
  'repay.offline_review',
  'repay.offline_receipt',
  'repay.offline_import',
  'repay.record_list',
  'repay.overdue_list',
];

let t: TestApp;
let deps: LoanBookDeps;
let productId: number;
let maker: { token: string; id: number };
let checker: string;
let checker2: string;
let noGrant: string;
let dueDay: string;
let disbursedOn: string;
let key = 0;
const k = () => `offline-test-${++key}`;

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('fake image body'),
]);

beforeAll(async () => {
  t = await buildTestApp({ demoData: false });
  deps = loanBookDeps(t.db, t.clock);
  productId = (await makeProduct(deps)).id;
  disbursedOn = indiaDateOf(t.clock.now());
  dueDay = addDays(disbursedOn, 14);
}, 60_000);
afterAll(() => t.close());

async function signIn() {
  const makerStaff = await createStaff(t.db, t.clock, { interfaces: OFFLINE });
  maker = { token: await loginAs(t.app, makerStaff), id: makerStaff.id };
  checker = await loginAs(t.app, await createStaff(t.db, t.clock, { interfaces: OFFLINE }));
  checker2 = await loginAs(t.app, await createStaff(t.db, t.clock, { interfaces: OFFLINE }));
  noGrant = await loginAs(
    t.app,
    await createStaff(t.db, t.clock, { interfaces: ['repay.record_list'] }),
  );
}

function record(
  orderNo: string,
  extra:
    Partial<EndpointBody<typeof offlineRepayApi.recordOfflineRepayment>> | InvalidOnPurpose = {},
  token = maker.token,
) {
  return callEndpoint(
    t.app,
    offlineRepayApi.recordOfflineRepayment,
    {
      orderNo,
      channel: 'bankTransfer',
      amountPaise: 456_300,
      valueDate: dueDay,
      bankReference: `UTR${++key}`,
      idempotencyKey: k(),
      ...extra,
    },
    token,
  );
}

describe('offline repayments: recorded by one, passed by another, posted on the value date', () => {
  let cleared: { id: number; orderNo: string };
  let offlineId: number;

  it('records on the due day, approves three days later: cleared on time, no penal after the value date', async () => {
    cleared = await makeActiveOrder(deps, productId);
    t.clock.advance(17 * DAY);
    await runDayEnd({ db: t.db, clock: t.clock, holder: 'test' });
    await signIn();
    expect((await findOrder(t.db, cleared.id))!.outstandingPenalPaise).toBeGreaterThan(0n);

    const recorded = await record(cleared.orderNo, {
      receipt: { fileName: 'slip.png', contentBase64: PNG.toString('base64') },
    });
    expect(recorded.statusCode).toBe(200);
    const row = recorded.json().ret;
    offlineId = row.id;
    expect(row).toMatchObject({ status: 'pending', hasReceipt: true, valueDate: dueDay });
    expect(row.customerName).toContain('*');

    // The maker cannot pass their own record.
    const own = await callEndpoint(
      t.app,
      offlineRepayApi.reviewOfflineRepayment,
      { id: offlineId, decision: 'pass' },
      maker.token,
    );
    expect(own.statusCode).toBe(409);
    expect(own.json().code).toBe(4120);

    const passed = await callEndpoint(
      t.app,
      offlineRepayApi.reviewOfflineRepayment,
      { id: offlineId, decision: 'pass' },
      checker,
    );
    expect(passed.statusCode).toBe(200);
    expect(passed.json().ret).toMatchObject({
      status: 'pass',
      orderStatus: 'CLEARED',
      valueDate: dueDay,
    });
    const order = (await findOrder(t.db, cleared.id))!;
    expect(order).toMatchObject({ status: 'CLEARED', closureType: 'ON_TIME', clearedDate: dueDay });
    expect(order.penalChargedPaise).toBe(0n);
    expect(order.outstandingPenalPaise).toBe(0n);

    // A second decision is a 409, whoever makes it.
    const again = await callEndpoint(
      t.app,
      offlineRepayApi.reviewOfflineRepayment,
      { id: offlineId, decision: 'invalid', reason: 'x' },
      checker2,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe(4121);

    // It shows in the repayment records with its value date.
    const records = await callEndpoint(
      t.app,
      repayApi.listRepaymentRecords,
      { filters: { orderNo: cleared.orderNo } },
      checker,
    );
    expect(records.json().ret.list[0]).toMatchObject({
      valueDate: dueDay,
      amountPaise: 456_300,
      channel: 'bankTransfer',
    });
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('serves the receipt to holders only, with its sniffed type', async () => {
    const receipt = await callEndpoint(
      t.app,
      offlineRepayApi.offlineReceipt,
      { id: offlineId },
      checker,
    );
    expect(receipt.json().ret).toMatchObject({ fileName: 'slip.png', mimeType: 'image/png' });
    expect(Buffer.from(receipt.json().ret.contentBase64, 'base64').equals(PNG)).toBe(true);
    expect(
      (await callEndpoint(t.app, offlineRepayApi.offlineReceipt, { id: offlineId }, noGrant))
        .statusCode,
    ).toBe(403);
  });

  it('keeps the receipt in the database: another server serves it alike (decision 0091)', async () => {
    const second = await joinTestApp(t);
    try {
      const receipt = await callEndpoint(
        second.app,
        offlineRepayApi.offlineReceipt,
        { id: offlineId },
        checker,
      );
      expect(receipt.statusCode).toBe(200);
      expect(Buffer.from(receipt.json().ret.contentBase64, 'base64').equals(PNG)).toBe(true);
    } finally {
      await second.close();
    }
  });

  it('moves a receipt left in the old upload directory into the database at start', async () => {
    const uploadDir = mkdtempSync(path.join(os.tmpdir(), 'legacy-uploads-'));
    const legacy = async (bytes: Buffer, recordedSha: string) => {
      const storageName = randomBytes(16).toString('hex');
      writeFileSync(path.join(uploadDir, storageName), bytes);
      await t.db.insert(uploadedFiles).values({
        storageName,
        fileName: 'old-slip.png',
        mimeType: 'image/png',
        sizeBytes: bytes.length,
        sha256: recordedSha,
        uploadedBy: maker.id,
        at: t.clock.now(),
      });
      return storageName;
    };
    const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
    const good = await legacy(PNG, sha(PNG));
    // A file that is not what was uploaded (its hash differs) is not taken for the receipt.
    const altered = await legacy(PNG, sha(Buffer.from('something else')));
    const second = await joinTestApp(t, { uploadDir });
    await second.close();
    expect((await readStoredBytes(t.db, good))?.equals(PNG)).toBe(true);
    expect(existsSync(path.join(uploadDir, good))).toBe(false);
    expect(await readStoredBytes(t.db, altered)).toBeUndefined();
    expect(existsSync(path.join(uploadDir, altered))).toBe(true);
  });

  it('refuses bad input naming the field: 0, over the maximum, a value date in the future or before disbursal, a receipt that is not a photo', async () => {
    const order = await makeActiveOrder(deps, productId);
    const today = indiaDateOf(t.clock.now());
    const zero = await record(order.orderNo, { amountPaise: 0, valueDate: today });
    expect(zero.statusCode).toBe(400);
    expect(zero.body).toContain('amount cannot be 0');
    const over = await record(order.orderNo, { amountPaise: 99_000_000, valueDate: today });
    expect(over.statusCode).toBe(400);
    expect(over.body).toContain('entered amount exceeds maximum amount');
    for (const valueDate of [addDays(today, 1), addDays(today, -1)]) {
      const bad = await record(order.orderNo, { amountPaise: 10_000, valueDate });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors?.[0]?.field).toBe('valueDate');
    }
    const exe = await record(order.orderNo, {
      amountPaise: 10_000,
      valueDate: today,
      receipt: {
        fileName: 'slip.png',
        contentBase64: Buffer.from('MZ\x90\x00evil').toString('base64'),
      },
    });
    expect(exe.statusCode).toBe(400);
    expect(exe.body).toContain('receipt.contentBase64');
    const unknownField = await record(
      order.orderNo,
      badBody({ amountPaise: 10_000, valueDate: today, extra: 1 }),
    );
    expect(unknownField.statusCode).toBe(400);
  });

  it('403 without the grant; the same key replays; the same bank reference twice is a 409', async () => {
    const order = await makeActiveOrder(deps, productId);
    const today = indiaDateOf(t.clock.now());
    expect(
      (await record(order.orderNo, { valueDate: today, amountPaise: 1_000 }, noGrant)).statusCode,
    ).toBe(403);
    expect(
      (
        await callEndpoint(
          t.app,
          offlineRepayApi.reviewOfflineRepayment,
          { id: 1, decision: 'pass' },
          noGrant,
        )
      ).statusCode,
    ).toBe(403);
    const body = {
      orderNo: order.orderNo,
      channel: 'cashDeposit' as const,
      amountPaise: 1_000,
      valueDate: today,
      bankReference: 'SLIP-REPLAY',
      idempotencyKey: k(),
    };
    const first = await callEndpoint(
      t.app,
      offlineRepayApi.recordOfflineRepayment,
      body,
      maker.token,
    );
    const second = await callEndpoint(
      t.app,
      offlineRepayApi.recordOfflineRepayment,
      body,
      maker.token,
    );
    expect(second.json().ret.id).toBe(first.json().ret.id);
    const dup = await callEndpoint(
      t.app,
      offlineRepayApi.recordOfflineRepayment,
      { ...body, idempotencyKey: k() },
      maker.token,
    );
    expect(dup.statusCode).toBe(409);
  });

  it('refusing needs a reason; a refused record is invalid and posts nothing', async () => {
    const order = await makeActiveOrder(deps, productId);
    const today = indiaDateOf(t.clock.now());
    const id = (await record(order.orderNo, { valueDate: today, amountPaise: 5_000 })).json().ret
      .id;
    const noReason = await callEndpoint(
      t.app,
      offlineRepayApi.reviewOfflineRepayment,
      { id, decision: 'invalid' },
      checker,
    );
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain('reason');
    const refused = await callEndpoint(
      t.app,
      offlineRepayApi.reviewOfflineRepayment,
      { id, decision: 'invalid', reason: 'not on the statement' },
      checker,
    );
    expect(refused.json().ret.status).toBe('invalid');
    expect(await t.db.select().from(repayments).where(eq(repayments.orderId, order.id))).toEqual(
      [],
    );
    const list = await callEndpoint(
      t.app,
      offlineRepayApi.listOfflineRepayments,
      { filters: { status: 'invalid' } },
      checker,
    );
    expect(list.json().ret.list.map((r: { id: number }) => r.id)).toContain(id);
    const badSort = await callEndpoint(
      t.app,
      offlineRepayApi.listOfflineRepayments,
      { sort: { field: 'bankReference', order: 'asc' } },
      checker,
    );
    expect(badSort.statusCode).toBe(400);
  });

  it('two checkers passing at once: one posting, the other a 409', async () => {
    const order = await makeActiveOrder(deps, productId);
    const today = indiaDateOf(t.clock.now());
    const id = (await record(order.orderNo, { valueDate: today, amountPaise: 20_000 })).json().ret
      .id;
    const answers = await Promise.all([
      callEndpoint(
        t.app,
        offlineRepayApi.reviewOfflineRepayment,
        { id, decision: 'pass' },
        checker,
      ),
      callEndpoint(
        t.app,
        offlineRepayApi.reviewOfflineRepayment,
        { id, decision: 'pass' },
        checker2,
      ),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const posted = await t.db
      .select()
      .from(repayments)
      .where(and(eq(repayments.orderId, order.id), eq(repayments.reversed, false)));
    expect(posted).toHaveLength(1);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });
});

async function sheet(rows: unknown[][]): Promise<string> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('Repayments');
  for (const row of rows) ws.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer()).toString('base64');
}

describe('POST /repay/offline_import', () => {
  it('each valid row waits for review; each refused row says why; the same file again changes nothing', async () => {
    const order = await makeActiveOrder(deps, productId);
    const today = indiaDateOf(t.clock.now());
    const contentBase64 = await sheet([
      ['Order number', 'Channel', 'Amount', 'Value date', 'Bank reference', 'Remark'],
      [order.orderNo, 'bank transfer', '100.00', today, 'IMP-1', 'row ok'],
      [order.orderNo, 'cash deposit', 0, today, 'IMP-2', null],
      ['LN000', 'bank transfer', 10, today, 'IMP-3', null],
      [order.orderNo, 'cheque', 10, today, 'IMP-4', null],
    ]);
    const first = await callEndpoint(
      t.app,
      offlineRepayApi.importOfflineRepayments,
      { fileName: 'batch.xlsx', contentBase64 },
      maker.token,
    );
    expect(first.statusCode).toBe(200);
    const report = first.json().ret;
    expect(report).toMatchObject({ accepted: 1, refused: 3 });
    expect(
      report.rows.map((r: { status: string; reason: string | null }) => [r.status, r.reason]),
    ).toEqual([
      ['accepted', null],
      ['refused', 'amount: amount cannot be 0'],
      ['refused', 'orderNo: no order has this number'],
      ['refused', 'channel: must be bank transfer or cash deposit'],
    ]);
    const again = await callEndpoint(
      t.app,
      offlineRepayApi.importOfflineRepayments,
      { fileName: 'batch.xlsx', contentBase64 },
      maker.token,
    );
    expect(again.json().ret.rows[0]!.id).toBe(report.rows[0]!.id);
    const pending = await callEndpoint(
      t.app,
      offlineRepayApi.listOfflineRepayments,
      { filters: { orderNo: order.orderNo } },
      checker,
    );
    expect(pending.json().ret.list).toHaveLength(1);
    expect(pending.json().ret.list[0]).toMatchObject({ status: 'pending', batch: 'batch.xlsx' });
  });

  it('refuses a non-.xlsx file, a zip bomb and more than 10M, naming the field', async () => {
    const csv = await callEndpoint(
      t.app,
      offlineRepayApi.importOfflineRepayments,
      { fileName: 'a.csv', contentBase64: 'YQ==' },
      maker.token,
    );
    expect(csv.statusCode).toBe(400);
    expect(csv.body).toContain('fileName');
    const bomb = buildZip([
      ...WORKBOOK_SHELL,
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(20 * 1024 * 1024) },
    ]);
    const bombed = await callEndpoint(
      t.app,
      offlineRepayApi.importOfflineRepayments,
      { fileName: 'b.xlsx', contentBase64: bomb.toString('base64') },
      maker.token,
    );
    expect(bombed.statusCode).toBe(400);
    expect(bombed.body).toContain('contentBase64');
    const big = Buffer.alloc(10 * 1024 * 1024 + 10).toString('base64');
    const tooBig = await callEndpoint(
      t.app,
      offlineRepayApi.importOfflineRepayments,
      { fileName: 'c.xlsx', contentBase64: big },
      maker.token,
    );
    expect(tooBig.statusCode).toBe(400);
    expect(
      (
        await callEndpoint(
          t.app,
          offlineRepayApi.importOfflineRepayments,
          { fileName: 'a.xlsx', contentBase64: 'YQ==' },
          noGrant,
        )
      ).statusCode,
    ).toBe(403);
  });
});

describe('overdue repayments and overpayments', () => {
  it('lists repayments received on overdue orders with their band and penal collected', async () => {
    const order = await makeActiveOrder(deps, productId);
    t.clock.advance(20 * DAY);
    await runDayEnd({ db: t.db, clock: t.clock, holder: 'test' });
    await signIn();
    const today = indiaDateOf(t.clock.now());
    const id = (await record(order.orderNo, { valueDate: today, amountPaise: 50_000 })).json().ret
      .id;
    await callEndpoint(
      t.app,
      offlineRepayApi.reviewOfflineRepayment,
      { id, decision: 'pass' },
      checker,
    );
    const list = await callEndpoint(
      t.app,
      offlineRepayApi.listOverdueRepayments,
      { filters: { orderNo: order.orderNo, band: '1-7' } },
      maker.token,
    );
    expect(list.json().ret.list[0]).toMatchObject({
      overdueDays: 6,
      band: '1-7',
      coverage: 'partial',
    });
    expect(list.json().ret.list[0]!.penalPaise).toBeGreaterThan(0);
    const other = await callEndpoint(
      t.app,
      offlineRepayApi.listOverdueRepayments,
      { filters: { orderNo: order.orderNo, band: '8+' } },
      maker.token,
    );
    expect(other.json().ret.total).toBe(0);
  });
});
