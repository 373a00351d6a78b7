import { expect, test } from './fixtures';
import { admin, reviewer, openAs, sideMenu } from './support';

test('a reviewer sees only the routes their role grants', async ({ page }) => {
  await openAs(page, reviewer);
  const menu = sideMenu(page);
  await expect(menu.getByText('Dashboard')).toBeVisible();
  await expect(menu.getByText('Loan approval')).toBeVisible();
  await expect(menu.getByText('Permissions')).toHaveCount(0);
  await expect(menu.getByText('Collection')).toHaveCount(0);

  // A route the role lacks falls through the catch-all to /404, which leads to the dashboard.
  await page.goto('/power/role');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the administrator sees every route group', async ({ page }) => {
  await openAs(page, admin);
  const menu = sideMenu(page);
  for (const group of [
    'Loan approval',
    'Collection',
    'Pre-collection',
    'Disbursement',
    'Repayment',
    'Orders',
    'Finance',
    'Reports',
    'Telemarketing',
    'System configuration',
    'Invitations',
    'Tools',
    'Coupons',
    'Risk rules',
    'Permissions',
  ]) {
    await expect(menu.getByText(group, { exact: true })).toBeVisible();
  }
  // Hidden detail routes are never listed.
  await menu.getByText('Permissions', { exact: true }).click();
  await expect(menu.getByText('Roles', { exact: true })).toBeVisible();
  await expect(menu.getByText('Assign menus')).toHaveCount(0);
});
