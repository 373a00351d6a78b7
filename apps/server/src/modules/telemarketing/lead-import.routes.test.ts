import { telemarketingApi } from '@lending/contract';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { borrowerAccounts } from '../../testing/tables.js';
import { indiaDateOf } from '../../shared/india-date.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { callEndpoint, createStaff, loginAs } from '../../testing/factories.js';
import type { LoanBookDeps } from '../loan-book/index.js';
import { addBlacklistEntry } from '../risk/index.js';
import { loanBookDeps, makeApplication, makeProduct } from '../../testing/loan-book.factories.js';
import { customers, loanOrders } from '../loan-book/tables.js';
import { marketingOptOuts } from '../marketing-sms/index.js';
import { telemarketingLeads } from './telemarketing.table.js';

/*
 * A call list imported from .xlsx (issue #14, decision 0080): each phone the list may take
 * joins it unassigned as an `imported` lead; the report refuses, row by row and saying why,
 * what is not a mobile number, a repeat, on the list already, opted out, blacklisted, or a
 * customer's with an order open. Importing the same file again adds nothing.
 */

const LEAD = ['telemarketing.lead_list', 'telemarketing.lead_import', 'telemarketing.lead_assign'];
const TELEMARKETER = ['telemarketing.lead_list', 'telemarketing.call_record'];
const PHONES = {
  fresh: '9844400001',
  registered: '9844400002',
  optedOut: '9844400003',
  blacklisted: '9844400004',
  numeric: '9844400005',
};

let t: TestApp;
let deps: LoanBookDeps;
let lead = '';
let telemarketer = '';
let telemarketerId = 0;
let accountId = 0;
/** The phone of a customer whose application is still open. */
let applicantPhone = '';

async function sheet(rows: unknown[][]): Promise<string> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('Call list');
  for (const row of rows) ws.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer()).toString('base64');
}

/** Uploads `rows` (the first is the header) as the .xlsx file `fileName`. */
async function importSheet(fileName: string, rows: unknown[][], token = lead) {
  return callEndpoint(
    t.app,
    telemarketingApi.importLeads,
    { fileName, contentBase64: await sheet(rows) },
    token,
  );
}

async function importedRows(token = lead) {
  const response = await callEndpoint(
    t.app,
    telemarketingApi.listLeads,
    { pageSize: 100, filters: { source: 'imported' } },
    token,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().ret.list;
}

beforeAll(async () => {
  t = await buildTestApp({ demoData: false });
  deps = loanBookDeps(t.db, t.clock);
  const now = t.clock.now();
  const [account] = await t.db
    .insert(borrowerAccounts)
    .values({
      phone: PHONES.registered,
      registrationDate: indiaDateOf(now),
      registeredAt: now,
      channel: 'google',
      updatedAt: now,
    })
    .returning();
  accountId = account!.id;
  await t.db
    .insert(marketingOptOuts)
    .values({ phone: PHONES.optedOut, source: 'stopReply', optedOutAt: now });
  await addBlacklistEntry(
    t.db,
    { kind: 'phone', value: PHONES.blacklisted, reason: 'fraud ring', source: 'fraud' },
    null,
    now,
  );
  const product = await makeProduct(deps);
  const order = await makeApplication(deps, product.id);
  const [applicant] = await t.db
    .select({ phone: customers.phone })
    .from(customers)
    .innerJoin(loanOrders, eq(loanOrders.customerId, customers.id))
    .where(eq(loanOrders.id, order.id));
  applicantPhone = applicant!.phone;
  const leadStaff = await createStaff(t.db, t.clock, { interfaces: LEAD, name: 'Leela Lead' });
  const caller = await createStaff(t.db, t.clock, {
    interfaces: TELEMARKETER,
    name: 'Tara Caller',
  });
  telemarketerId = caller.id;
  lead = await loginAs(t.app, leadStaff);
  telemarketer = await loginAs(t.app, caller);
}, 60_000);
afterAll(() => t.close());

describe('a call list imported from .xlsx', () => {
  const rows = () => [
    ['Mobile'],
    [`+91 ${PHONES.fresh.slice(0, 5)} ${PHONES.fresh.slice(5)}`],
    ['12345'],
    [PHONES.registered],
    [PHONES.optedOut],
    [PHONES.blacklisted],
    [applicantPhone],
    [`0${PHONES.fresh}`],
    [Number(PHONES.numeric)],
  ];

  it('puts the phones the list may take on it, unassigned, and says why it refused the others', async () => {
    const response = await importSheet('diwali-callers.xlsx', rows());
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json().ret;
    expect(report).toMatchObject({ fileName: 'diwali-callers.xlsx', accepted: 3, refused: 5 });
    expect(report.rows.map((r) => [r.row, r.status, r.reason])).toEqual([
      [2, 'accepted', null],
      [3, 'refused', 'phone: must be a 10-digit Indian mobile number'],
      [4, 'accepted', null],
      [5, 'refused', 'phone: opted out of marketing, never called'],
      [6, 'refused', 'phone: on the blacklist'],
      [7, 'refused', 'phone: has a loan order in progress or unpaid'],
      [8, 'refused', 'phone: repeats an earlier row'],
      [9, 'accepted', null],
    ]);

    const listed = await importedRows();
    expect(listed.map((row) => row.phone).sort()).toEqual(
      ['******0001', '******0002', '******0005'].sort(),
    );
    for (const row of listed) {
      expect(row).toMatchObject({
        source: 'imported',
        sinceDate: indiaDateOf(t.clock.now()),
        telemarketerId: null,
        followStatus: 'new',
      });
    }
    // The registered user's lead is theirs: their account, as the refresh would link it.
    const registeredId = report.rows[2]!.id!;
    const [linked] = await t.db
      .select({ accountId: telemarketingLeads.borrowerAccountId })
      .from(telemarketingLeads)
      .where(eq(telemarketingLeads.id, registeredId));
    expect(linked!.accountId).toBe(accountId);

    // The lead hands imported leads out as any other, and the telemarketer then sees them.
    const ids = report.rows.flatMap((r) => (r.id === null ? [] : [r.id]));
    const assigned = await callEndpoint(
      t.app,
      telemarketingApi.assignLeads,
      { leadIds: ids, telemarketerId },
      lead,
    );
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect((await importedRows(telemarketer)).map((row) => row.id).sort()).toEqual(ids.sort());
  });

  it('adds nothing when the same file comes again: every phone is on the list already', async () => {
    const response = await importSheet('diwali-callers.xlsx', rows());
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json().ret;
    expect(report.accepted).toBe(0);
    expect(report.rows.filter((r) => r.reason === 'phone: already on the call list')).toHaveLength(
      3,
    );
    expect(await importedRows()).toHaveLength(3);
  });

  it('refuses a file that is not .xlsx, or has no phone column, naming the field', async () => {
    const csv = await importSheet('callers.csv', rows());
    expect(csv.statusCode).toBe(400);
    expect(csv.json().errors?.[0]).toMatchObject({ field: 'fileName' });
    const noPhone = await importSheet('callers.xlsx', [['Name'], ['Asha']]);
    expect(noPhone.statusCode).toBe(400);
    expect(noPhone.json().errors?.[0]).toMatchObject({ field: 'contentBase64' });
    expect(noPhone.json().errors?.[0]?.message).toContain('missing column(s): phone');
  });

  it('is refused to a telemarketer without the import grant', async () => {
    const response = await importSheet('mine.xlsx', [['phone'], ['9844400099']], telemarketer);
    expect(response.statusCode).toBe(403);
    expect(await importedRows()).toHaveLength(3);
  });
});
