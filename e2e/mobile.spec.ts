import { expect, test } from './fixtures';
import { admin, openAs, sideMenu } from './support';

test.use({ viewport: { width: 800, height: 900 } });

test('below 992px the sidebar starts closed, opens with the hamburger, and closes on navigation and outside clicks', async ({
  page,
}) => {
  await openAs(page, admin);
  const menu = sideMenu(page);
  await expect(menu).not.toBeInViewport();

  await page.getByRole('button', { name: 'Toggle sidebar' }).click();
  await expect(menu).toBeInViewport();
  await page.mouse.click(700, 450);
  await expect(menu).not.toBeInViewport();

  await page.getByRole('button', { name: 'Toggle sidebar' }).click();
  await expect(menu).toBeInViewport();
  await menu.getByText('Permissions', { exact: true }).click();
  await menu.getByRole('menuitem', { name: 'Roles', exact: true }).click();
  await expect(page).toHaveURL(/\/power\/role$/);
  await expect(menu).not.toBeInViewport();
});

test('shrinking a desktop window below 992px closes the sidebar', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await openAs(page, admin);
  await expect(sideMenu(page)).toBeInViewport();
  await page.setViewportSize({ width: 900, height: 900 });
  await expect(sideMenu(page)).not.toBeInViewport();
});
