import { expect, type APIRequestContext, type Page } from '@playwright/test';

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

export const TOKEN_COOKIE = 'Admin-Token';

/** Signs in through the login page as a person would. */
export async function signIn(page: Page, user: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('navigation', { name: 'Side menu' })).toBeVisible();
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
