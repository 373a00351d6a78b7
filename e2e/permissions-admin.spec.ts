import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openAs, admin, pickMany, sideMenu, signIn } from './support';

/**
 * An administrator builds a role and an account through the console; the account signs in
 * in a second browser and sees exactly the granted menus; a menu removed by the admin is gone
 * after a reload; a disabled account's next action ends its session; the login log and the
 * operation log show all of it with the right actors.
 */
const suffix = Date.now().toString(36);
const roleName = `Log clerk ${suffix}`;
const clerk = {
  email: `clerk-${suffix}@example.com`,
  name: `Clerk ${suffix}`,
  password: 'Clerk12345',
};

async function toast(page: Page, text: string) {
  await expect(page.locator('.ant-message').getByText(text).last()).toBeVisible();
}

/** The texts of every entry of the side menu with its groups opened. */
async function menuEntries(page: Page): Promise<string[]> {
  const menu = sideMenu(page);
  for (const group of ['System configuration', 'Permissions']) {
    // The group's accessible name starts with its icon's.
    const title = menu.getByRole('menuitem', { name: new RegExp(`${group}$`) });
    if ((await title.count()) > 0 && (await title.getAttribute('aria-expanded')) === 'false') {
      await title.click();
    }
  }
  const texts = await menu.getByRole('menuitem').allInnerTexts();
  return texts
    .map((text: string) => text.trim())
    .filter(Boolean)
    .sort();
}

async function openMenuPage(page: Page) {
  await page.goto('/power/role');
  await page.getByRole('button', { name: `Assign menus: ${roleName}` }).click();
  await expect(page.getByRole('heading', { name: `Menus of role "${roleName}"` })).toBeVisible();
  // Hidden page: the Roles entry of the side menu is highlighted.
  await expect(sideMenu(page).locator('.ant-menu-item-selected')).toHaveText('Roles');
}

async function newContext(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

test('an admin grants menus and interfaces through a role; the account sees exactly those, loses a removed one, and is signed out when disabled', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await openAs(page, admin);

  // 1. A role.
  await page.goto('/power/role');
  await page.getByRole('button', { name: 'New role' }).click();
  const roleDialog = page.getByRole('dialog', { name: 'New role' });
  await roleDialog.getByLabel('Role name').fill(roleName);
  await roleDialog.getByLabel('Description').fill('Reads the logs and the accounts');
  await roleDialog.getByRole('button', { name: 'Save' }).click();
  await toast(page, 'Save Success');
  await expect(page.getByRole('cell', { name: roleName, exact: true })).toBeVisible();

  // 2. Its menus: the route tree, translated, parent and children linked.
  await openMenuPage(page);
  const tree = page.getByRole('tree');
  for (const title of ['Operation log', 'Login log', 'Accounts']) {
    await tree.getByText(title, { exact: true }).click();
  }
  await page.getByRole('button', { name: 'Save' }).click();
  await toast(page, 'Save Success');

  // 3. Its interfaces: searchable, by module.
  await page.goto('/power/role');
  await page.getByRole('button', { name: `Assign interfaces: ${roleName}` }).click();
  await expect(sideMenu(page).locator('.ant-menu-item-selected')).toHaveText('Roles');
  await page.getByLabel('Search interfaces').fill('log');
  await page.getByRole('checkbox', { name: /log\.login_log/ }).check();
  await page.getByRole('checkbox', { name: /log\.operation_log / }).check();
  await page.getByLabel('Search interfaces').fill('user.get_users');
  await page.getByRole('checkbox', { name: /user\.get_users/ }).check();
  await page.getByLabel('Search interfaces').fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await toast(page, 'Save Success');

  // 4. An account with the role.
  await page.goto('/power/account');
  await page.getByRole('button', { name: 'New account' }).click();
  const accountDialog = page.getByRole('dialog', { name: 'New account' });
  await accountDialog.getByLabel('E-mail').fill(clerk.email);
  await accountDialog.getByLabel('Name').fill(clerk.name);
  // The new role, found by typing its name: the account is saved with it (a role picked too
  // early, while the list was still filtering, once left the account without one).
  await pickMany(page, accountDialog, 'Roles', roleName, { search: true });
  await accountDialog.getByLabel('Initial password').fill(clerk.password);
  await accountDialog.getByLabel('Confirm password').fill(clerk.password);
  await accountDialog.getByRole('button', { name: 'Save' }).click();
  await toast(page, 'Save Success');
  await expect(page.getByRole('cell', { name: clerk.email, exact: true })).toBeVisible();

  // 5. The account, in a second browser, sees exactly the granted menus.
  const second = await newContext(browser);
  const clerkPage = second.page;
  await signIn(clerkPage, clerk);
  expect(await menuEntries(clerkPage)).toEqual(
    [
      'Accounts',
      'Dashboard',
      'Login log',
      'Operation log',
      'Permissions',
      'System configuration',
    ].sort(),
  );
  await sideMenu(clerkPage).getByRole('menuitem', { name: 'Login log' }).click();
  await expect(clerkPage.getByRole('heading', { name: 'Login log' })).toBeVisible();
  await expect(
    clerkPage.getByRole('cell', { name: clerk.email, exact: true }).first(),
  ).toBeVisible();

  // 6. The admin removes Login log; after a reload the account's menu has lost it.
  await openMenuPage(page);
  await page.getByRole('tree').getByText('Login log', { exact: true }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await toast(page, 'Save Success');
  await clerkPage.goto('/dashboard');
  await clerkPage.reload();
  await expect(sideMenu(clerkPage)).toBeVisible();
  expect(await menuEntries(clerkPage)).toEqual(
    ['Accounts', 'Dashboard', 'Operation log', 'Permissions', 'System configuration'].sort(),
  );

  // 7. The admin disables the account; its next action shows 'Confirm logout'.
  await page.goto(`/power/account?email=${encodeURIComponent(clerk.email)}`);
  await page.getByRole('switch', { name: `Enabled: ${clerk.email}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await toast(page, 'Update Success');
  await expect(page.getByRole('switch', { name: `Enabled: ${clerk.email}` })).not.toBeChecked();
  await sideMenu(clerkPage).getByRole('menuitem', { name: 'Operation log' }).click();
  await expect(clerkPage.getByRole('dialog', { name: 'Confirm logout' })).toBeVisible();
  await second.context.close();

  // 8. The login log shows the account's sign-in; the operation log the admin's changes.
  await page.goto(`/systemConfig/loginLog?email=${encodeURIComponent(clerk.email)}`);
  const signInRow = page.getByRole('row').filter({ hasText: clerk.email }).first();
  await expect(signInRow).toContainText(clerk.name);
  await expect(signInRow).toContainText('Success');

  await page.goto('/systemConfig/log?actor=admin%40example.com');
  for (const action of [
    'power.save_role',
    'power.set_role_menus',
    'power.set_role_interfaces',
    'user.create_user',
    'user.edit_user',
  ]) {
    await expect(page.getByRole('row').filter({ hasText: action }).first()).toContainText(
      'Admin <admin@example.com>',
    );
  }
  // The detail of the disabling shows what changed.
  await page
    .getByRole('row')
    .filter({ hasText: 'user.edit_user' })
    .first()
    .getByRole('button', { name: /Detail/ })
    .click();
  const drawer = page.getByRole('dialog').filter({ hasText: 'What changed' });
  await expect(drawer.getByRole('row', { name: /^status Changed/ })).toContainText('disabled');
  await expect(drawer).not.toContainText(clerk.password);
});
