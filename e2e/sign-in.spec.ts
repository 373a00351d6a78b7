import { expect, test } from './fixtures';
import { admin, apiCall, apiLogin, choose, signIn, sideMenu, tokenOf } from './support';

test('an anonymous visitor is sent to the login page, and back to where they were going', async ({
  page,
}) => {
  await page.goto('/power/role');
  await expect(page).toHaveURL(/\/login/);
  await expect(page).toHaveTitle(/^Login - /);
  await page.getByLabel('E-mail').fill(`  ${admin.email}  `);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/power\/role$/);
  await expect(page.getByRole('heading', { name: 'Roles' })).toBeVisible();
});

test('wrong password shows the server message and stays on the login page', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill('finance@example.com');
  await page.getByLabel('Password').fill('not-the-password1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Incorrect e-mail or password')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('signed in: the dashboard, its title, and /login leads back to the root', async ({ page }) => {
  await signIn(page, admin);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page).toHaveTitle('Dashboard - Lending Console');
  await expect(page.getByText(/23:59:59/)).toBeVisible();
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('log out from the avatar menu ends the session on the server', async ({ page, request }) => {
  await signIn(page, admin);
  const token = await tokenOf(page);
  await choose(page, 'Account', 'Log out');
  await expect(page).toHaveURL(/\/login/);
  const after = await apiCall(request, '/power/set_language', token, { language: 'en' });
  expect(after.code).toBe(4005);
  expect(await apiLogin(request, admin)).toBeTruthy();
});

test('an invalid stored token is cleared and the user is sent to sign in', async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: 'Admin-Token', value: 'forged-token', url: baseURL! }]);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login/);
  const cookies = await context.cookies();
  expect(cookies.find((c) => c.name === 'Admin-Token')).toBeUndefined();
  await expect(sideMenu(page)).toHaveCount(0);
});
