import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { portOfWorker } from './servers';

export const admin = { email: 'admin@example.com', password: 'Admin12345', name: 'Admin' };
export const reviewer = {
  email: 'reviewer@example.com',
  password: 'Reviewer12345',
  name: 'Riya Reviewer',
};
export const finance = {
  email: 'finance@example.com',
  password: 'Finance12345',
  name: 'Meera Finance',
};

export const riskManager = {
  email: 'risk@example.com',
  password: 'Risk12345',
  name: 'Rohan Risk',
};

export const TOKEN_COOKIE = 'Admin-Token';

/** Signs in through the login page as a person would. */
export async function signIn(page: Page, user: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Signing in checks an argon2 hash and loads the first page: allow a busy machine time.
  await expect(page.getByRole('navigation', { name: 'Side menu' })).toBeVisible({
    timeout: 30_000,
  });
}

/** Sessions this worker keeps, by server and account (openAs). */
const keptSessions = new Map<string, string>();

async function sessionAlive(request: APIRequestContext, token: string): Promise<boolean> {
  const response = await request.get('/admin-api/user/user_info', {
    params: { token },
    headers: { 'X-Token': token },
  });
  return ((await response.json()) as { code: number }).code === 0;
}

/**
 * Opens `path` signed in as `user` on a session the worker keeps for that account: one sign-in
 * per account and worker rather than one per journey (the sign-in page has journeys of its own:
 * sign-in.spec.ts). For journeys that leave their session alive; a journey that signs out, ends
 * a session or tests signing in uses signIn.
 */
export async function openAs(page: Page, user: { email: string; password: string }, path = '/') {
  const key = `${journeysPort()} ${user.email}`;
  let token = keptSessions.get(key);
  if (!token || !(await sessionAlive(page.request, token))) {
    token = await apiLogin(page.request, user);
    keptSessions.set(key, token);
  }
  await page
    .context()
    .addCookies([{ name: TOKEN_COOKIE, value: token, url: `http://127.0.0.1:${journeysPort()}` }]);
  await page.goto(path);
  await expect(sideMenu(page)).toBeVisible({ timeout: 30_000 });
}

export function sideMenu(page: Page) {
  return page.getByRole('navigation', { name: 'Side menu' });
}

export function visitedPages(page: Page) {
  return page.getByRole('tablist', { name: 'Visited pages' });
}

export async function tokenOf(page: Page): Promise<string> {
  const cookies = await page.context().cookies();
  const token = cookies.find((c) => c.name === TOKEN_COOKIE)?.value;
  if (!token) throw new Error('no token cookie');
  return token;
}

/** Calls the admin API directly, as another device or staff member would. */
export async function apiLogin(
  request: APIRequestContext,
  user: { email: string; password: string },
) {
  const response = await request.post('/admin-api/user/login', {
    data: { email: user.email, password: user.password },
  });
  const body = (await response.json()) as { code: number; ret: { token: string } };
  expect(body.code).toBe(0);
  return body.ret.token;
}

export async function apiCall(
  request: APIRequestContext,
  path: string,
  token: string,
  data: unknown = {},
) {
  const response = await request.post(`/admin-api${path}`, {
    data,
    headers: { 'X-Token': token },
  });
  return (await response.json()) as { code: number; msg: string; ret?: unknown };
}

/**
 * Opens a navbar dropdown and picks an item, as a person would. The dropdown animates open; a
 * click that lands before the menu takes pointer events is tried again until the menu closes
 * on the chosen item.
 */
export async function choose(page: Page, button: string | RegExp, item: string) {
  const menuItem = page.getByRole('menuitem', { name: item, exact: true });
  await expect(async () => {
    if (!(await menuItem.isVisible())) await page.getByRole('button', { name: button }).click();
    await menuItem.click({ timeout: 2_000 });
    await expect(menuItem).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

/**
 * Opens an Ant Design select by its label and picks an option, as a person would; tried
 * again while the dropdown is still animating open.
 */
export async function pick(page: Page, label: string, option: string) {
  const item = page.locator(`.ant-select-item-option[title="${option}"]`);
  await expect(async () => {
    if (!(await item.isVisible())) await page.getByLabel(label, { exact: true }).click();
    await item.click({ timeout: 2_000 });
    await expect(item).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

/**
 * Adds an option to an Ant Design multiple select inside `scope` (a dialog), as a person would:
 * opens it by its label (typing `search` when given), clicks the option, and goes on only once
 * the select shows the option chosen. A click that lands while the list is still opening or
 * being filtered changes nothing and is tried again; an option already chosen is never clicked
 * again (that would take it out). The select is left closed; `scope` is an Ant Design dialog.
 */
export async function pickMany(
  page: Page,
  scope: Locator,
  label: string,
  option: string,
  { search = false }: { search?: boolean } = {},
) {
  const item = page.locator(`.ant-select-item-option[title="${option}"]`);
  const chosen = scope.locator(`.ant-select-selection-item[title="${option}"]`);
  await expect(async () => {
    if (!(await chosen.isVisible())) {
      if (!(await item.isVisible())) {
        const field = scope.getByLabel(label, { exact: true });
        if (search) await field.fill(option);
        else await field.click();
      }
      await item.click({ timeout: 2_000 });
    }
    await expect(chosen).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  // A multiple select stays open after a pick: a click on the dialog's title closes it (Escape
  // would close the dialog if the list had already gone).
  await scope.locator('.ant-modal-title').click();
  await expect(item).toBeHidden();
}

/** The port of the running journey's server: its worker's own (servers.ts). */
export function journeysPort(): number {
  return portOfWorker(test.info().parallelIndex);
}

/** The data directory e2e/start-server.mjs gives the server on `port`. */
export function dataDirOf(port: number): string {
  return resolve(process.cwd(), `.tmp/e2e-data-${port}`);
}

/**
 * The journeys' server's time: its clock is moved into 09:00–17:00 India time on the real India
 * date when started outside it (DEMO_CLOCK_WITHIN in e2e/start-server.mjs, decision 0056); the
 * server records the offset in its data directory.
 */
export function serverNow(port = journeysPort()): Date {
  const file = resolve(dataDirOf(port), 'demo-clock.json');
  const { offsetMs } = JSON.parse(readFileSync(file, 'utf8')) as { offsetMs: number };
  return new Date(Date.now() + offsetMs);
}

/** The India date of an instant (YYYY-MM-DD). */
export function indiaDateOf(at: Date): string {
  return new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 10);
}

/**
 * The last one-time code the sandbox SMS gateway sent to a phone, read from the outbox file
 * the journeys' server writes (SANDBOX_SMS_OUTBOX_FILE, e2e/start-server.mjs): a journey acts
 * as a borrower through the borrower API with it. `template` narrows to one kind of message.
 */
export function lastSmsCode(
  phone: string,
  template: string | RegExp = /./,
  port = journeysPort(),
): string {
  const outbox = resolve(dataDirOf(port), 'sms-outbox.jsonl');
  const lines = readFileSync(outbox, 'utf8').trim().split('\n').reverse();
  for (const line of lines) {
    const sms = JSON.parse(line) as {
      phone: string;
      templateId: string;
      params: { code?: string };
    };
    if (sms.phone.endsWith(phone) && sms.params.code && String(sms.templateId).match(template)) {
      return sms.params.code;
    }
  }
  throw new Error(`no SMS with a code to ${phone}`);
}
