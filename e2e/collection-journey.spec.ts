import { spawn, type ChildProcess } from 'node:child_process';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { admin, apiCall, apiLogin, indiaDateOf, lastSmsCode, serverNow, openAs } from './support';
import { ownServerPort } from './servers';

/*
 * Issue #12's journey in one piece: the day-end makes an order overdue; its case is dispatched
 * to a collector; the collector signs in, finds it in their own list and logs a promise; an
 * out-of-hours contact is refused; the borrower repays through the sandbox; the case is finished
 * and the performance figures show the recovery.
 *
 * The day-end needs tomorrow: the journey moves its server's business date forward (the demo's
 * POST /demo/next_day, decision 0066). A moved date would follow every later journey on the
 * worker's server, so this one runs its own server, on a fresh copy of the demo book, on a port
 * of its own (servers.ts), and stops it at the end.
 */

/** This journey's own server, chosen by its worker when the journey starts. */
function port(): number {
  return ownServerPort(test.info().parallelIndex);
}
const collector = { email: 'collector@example.com', password: 'Collector12345' };
const KABIR = 'Kabir Collector';

// eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from its first argument
test.use({ baseURL: async ({}, use) => use(`http://127.0.0.1:${port()}`) });

let server: ChildProcess | undefined;

test.beforeAll(async ({ playwright }) => {
  // A first start copies the demo book in (or simulates a smaller one live when the
  // snapshot does not fit the schema): allow it the shared server's own start-up time.
  test.setTimeout(240_000);
  server = spawn(process.execPath, ['e2e/start-server.mjs'], {
    env: { ...process.env, PORT: String(port()), E2E_PORT: String(port()) },
    stdio: 'ignore',
  });
  const request = await playwright.request.newContext();
  await expect(async () => {
    expect(server?.exitCode, 'the journey server exited').toBeNull();
    const response = await request.get(`http://127.0.0.1:${port()}/health/ready`, {
      timeout: 5_000,
    });
    expect(response.status()).toBe(200);
  }).toPass({ timeout: 230_000, intervals: [1_000] });
  await request.dispose();
});

test.afterAll(async () => {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((resolve) => server!.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
});

/** An India date `n` days after `date` (YYYY-MM-DD). */
function addDays(date: string, n: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Saves an operations setting as the administrator would on systemConfig2. */
async function setOperations(request: APIRequestContext, item: string, value: string) {
  const token = await apiLogin(request, admin);
  const list = await apiCall(request, '/systemConfig/list', token, {
    pageSize: 100,
    filters: { group: 'operations' },
  });
  const row = (list.ret as { list: { item: string; remarks: string }[] }).list.find(
    (r) => r.item === item,
  );
  expect(row, `the operations setting ${item}`).toBeDefined();
  const saved = await apiCall(request, '/systemConfig/save', token, {
    item,
    value,
    type: 'string',
    group: 'operations',
    remarks: row!.remarks,
  });
  expect(saved.code, saved.msg).toBe(0);
}

interface OrderRow {
  id: number;
  orderNo: string;
  customerId: number;
  status: string;
  dueDate: string;
}
interface CaseRow {
  id: number;
  orderNo: string;
  status: string;
  stage: string;
  collectorName: string | null;
}
interface CollectorRow {
  userId: number;
  email: string;
  groupId: number;
  onDuty: boolean;
  weight: number;
}
interface PerformanceRow {
  label: string;
  recoveredCases: number;
  recoveredPaise: number;
}

async function caseOf(request: APIRequestContext, token: string, orderNo: string) {
  const cases = await apiCall(request, '/recovery/case_list', token, {
    filters: { kind: 'collection', orderNo },
  });
  expect(cases.code, cases.msg).toBe(0);
  return (cases.ret as { list: CaseRow[] }).list[0];
}

async function kabirsFigures(request: APIRequestContext, token: string) {
  const figures = await apiCall(request, '/recovery/performance', token, {
    kind: 'collection',
    by: 'collector',
  });
  expect(figures.code, figures.msg).toBe(0);
  return (figures.ret as { list: PerformanceRow[] }).list.find((r) => r.label === KABIR);
}

test('the day-end makes an order overdue, its collector takes a promise, the borrower repays through the sandbox and the case is finished', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  let token = await apiLogin(request, admin);
  const today = indiaDateOf(serverNow(port()));

  // The open order falling due soonest from today (today in the demo book as the snapshot
  // makes it; a smaller live-simulated book may have none due today), not yet in collection.
  const due = await apiCall(request, '/order/list', token, {
    pageSize: 100,
    sort: { field: 'dueDate', order: 'asc' },
    filters: { dueFrom: today, dueTo: addDays(today, 6) },
  });
  expect(due.code, due.msg).toBe(0);
  const order = (due.ret as { list: OrderRow[] }).list.find((o) =>
    ['ACTIVE', 'DUE'].includes(o.status),
  );
  expect(order, `the demo book has an order due within a week of ${today}`).toBeDefined();
  expect(await caseOf(request, token, order!.orderNo)).toBeUndefined();
  // The day after its due date is the first on which it is overdue.
  const days = daysBetween(today, order!.dueDate) + 1;

  // Kabir is the early-stage group's only member on duty tonight, with room for the night's
  // new cases, so the automatic dispatch has one collector to choose.
  const collectors = await apiCall(request, '/recovery/collector_list', token, {
    pageSize: 100,
    filters: { kind: 'collection' },
  });
  const rows = (collectors.ret as { list: CollectorRow[] }).list;
  const kabir = rows.find((c) => c.email === collector.email)!;
  for (const c of rows.filter((r) => r.groupId === kabir.groupId)) {
    const saved = await apiCall(request, '/recovery/collector_save', token, {
      userId: c.userId,
      groupId: c.groupId,
      onDuty: c.userId === kabir.userId,
      dailyCap: c.userId === kabir.userId ? 10_000 : null,
      weight: c.weight,
    });
    expect(saved.code, saved.msg).toBe(0);
  }
  const before = await kabirsFigures(request, token);

  // The day after the due date: its day-end makes the order overdue and dispatches its case.
  const moved = await apiCall(request, '/demo/next_day', token, { days });
  expect(moved.code, moved.msg).toBe(0);
  const overdueDay = (moved.ret as { businessDate: string }).businessDate;
  expect(overdueDay).toBe(addDays(order!.dueDate, 1));
  expect(indiaDateOf(serverNow(port()))).toBe(overdueDay);
  // The moved day ended every session: sign in again.
  token = await apiLogin(request, admin);
  const dispatched = await caseOf(request, token, order!.orderNo);
  expect(dispatched).toMatchObject({ status: 'open', stage: 'S1', collectorName: KABIR });

  // Kabir signs in and finds it among his own cases.
  await openAs(
    page,
    collector,
    `/precollection/myPreCollectionManage/myOrderList?orderNo=${order!.orderNo}`,
  );
  const mine = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(mine).toHaveCount(1, { timeout: 30_000 });
  await mine.first().getByRole('link', { name: order!.orderNo }).click();
  await expect(page.getByText('Within hours')).toBeVisible();

  // A promise to pay today.
  const remarks = `e2e journey ${Date.now()}`;
  await page.getByRole('button', { name: 'Follow up' }).click();
  const dialog = page.getByRole('dialog', { name: `Follow-up ${order!.orderNo}` });
  await pickInDialog(page, dialog, 'Follow status', 'promise');
  await dialog.getByLabel('Promise-to-pay date').fill(overdueDay);
  await dialog.getByLabel('Promise-to-pay date').press('Enter');
  await dialog.getByLabel('Promised amount').fill('100');
  await dialog.getByLabel('Remarks').fill(remarks);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Follow-up saved')).toBeVisible();
  await expect(dialog).toBeHidden();
  const timeline = page.locator('.ant-card').filter({ hasText: 'Follow-ups' });
  await expect(timeline.getByText(remarks)).toBeVisible();

  // Out of the hours in force (narrowed to 08:00–09:00; the server is past 09:00): refused,
  // naming the hours, and the refused attempt kept.
  await setOperations(request, 'recovery_contact_hours', '08:00-09:00');
  await page.reload();
  await expect(page.getByText('Outside hours: contact refused')).toBeVisible();
  await page.getByRole('button', { name: 'Follow up' }).click();
  await pickInDialog(page, dialog, 'Follow status', 'connected');
  await dialog.getByLabel('Remarks').fill(`${remarks} (after hours)`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/No recovery contact outside 08:00–09:00/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.reload();
  await expect(timeline.getByText('Refused: outside the contact hours').first()).toBeVisible();

  // The borrower signs in to the app, asks how to repay and pays it all into their sandbox
  // virtual account; the sandbox reports the credit to the server by signed webhook.
  const phone = await apiCall(request, '/customer/unmask', token, {
    customerId: order!.customerId,
    field: 'phone',
  });
  expect(phone.code, phone.msg).toBe(0);
  const mobile = String((phone.ret as { value: string }).value).slice(-10);
  const app = async (path: string, data: unknown, appToken?: string) => {
    const response = await request.post(`/app-api${path}`, {
      data,
      headers: appToken ? { 'x-app-token': appToken } : {},
    });
    const body = (await response.json()) as { code: number; msg: string; ret: unknown };
    expect(body.code, `${path}: ${body.msg}`).toBe(0);
    return body.ret as Record<string, unknown>;
  };
  await app('/auth/send_otp', { phone: mobile });
  const { token: appToken } = (await app('/auth/verify_otp', {
    phone: mobile,
    code: lastSmsCode(mobile, /./, port()),
  })) as { token: string };
  const instructions = (await app('/repay/instructions', { orderId: order!.id }, appToken)) as {
    amountToClearTodayPaise: number;
    virtualAccount: { accountNumber: string };
  };
  const paid = await apiCall(request, '/demo/sandbox_credit', token, {
    accountNumber: instructions.virtualAccount.accountNumber,
    amountPaise: instructions.amountToClearTodayPaise,
  });
  expect(paid.code, paid.msg).toBe(0);

  // The case is finished once the webhook has landed: off Kabir's open cases, on his finished list.
  await expect(async () => {
    expect(await caseOf(request, token, order!.orderNo)).toMatchObject({ status: 'finished' });
  }).toPass({ timeout: 30_000 });
  await page.goto(`/collection/collectionOrderManage/finish?orderNo=${order!.orderNo}`);
  const finished = page.getByRole('row').filter({ hasText: order!.orderNo });
  await expect(finished).toContainText(KABIR, { timeout: 30_000 });
  await expect(finished).toContainText('Finished');
  await page.goto(`/collection/collectionOrderManage/all?orderNo=${order!.orderNo}`);
  await expect(page.getByRole('row').filter({ hasText: order!.orderNo })).toHaveCount(0);

  // Performance: Kabir's recovered cases and money grew by this one.
  const after = await kabirsFigures(request, token);
  expect(after!.recoveredCases).toBe((before?.recoveredCases ?? 0) + 1);
  expect(after!.recoveredPaise).toBeGreaterThan(before?.recoveredPaise ?? 0);
  await page.goto('/precollection/summaryCollectinOrders');
  await page.locator('label.ant-radio-button-wrapper', { hasText: /^Collector$/ }).click();
  const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: KABIR });
  await expect(row.locator('td').nth(2)).toHaveText(String(after!.recoveredCases));
});

/** The follow-up dialog's own select (the list behind the detail has a filter of that label). */
async function pickInDialog(
  page: Page,
  dialog: ReturnType<Page['getByRole']>,
  label: string,
  option: string,
) {
  const item = page.locator(`.ant-select-item-option[title="${option}"]`);
  await expect(async () => {
    if (!(await item.isVisible())) await dialog.getByLabel(label).click();
    await item.click({ timeout: 2_000 });
    await expect(item).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}
