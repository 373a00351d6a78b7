import { expect, test } from './fixtures';
import { choose, indiaDateOf, reviewer, serverNow, openAs, visitedPages } from './support';

test('the avatar menu opens the profile: the own account, as the server keeps it', async ({
  page,
}) => {
  await openAs(page, reviewer);
  await choose(page, 'Account', 'Profile');
  await expect(page).toHaveURL(/\/profile\/index$/);
  await expect(page).toHaveTitle(/^Profile - /);
  await expect(visitedPages(page).getByRole('tab', { name: 'Profile' })).toBeVisible();
  const details = page.locator('.ant-descriptions');
  await expect(details.getByText(reviewer.email)).toBeVisible();
  await expect(details.getByText(reviewer.name)).toBeVisible();
  await expect(details.getByText('Reviewer', { exact: true })).toBeVisible();
  // Signed in a moment ago: the last sign-in is today in India time, on the server's clock (it
  // may be moved, and a server started before India midnight still dates by its own date).
  const today = indiaDateOf(serverNow());
  await expect(
    details.getByText(new RegExp(`^${today} \\d{2}:\\d{2}:\\d{2}$`)).first(),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/changePassword\/index$/);
});

test('the theme colours the console, says so, and is kept after a reload', async ({ page }) => {
  await openAs(page, reviewer, '/profile/index');
  const primary = page.getByRole('button', { name: 'Change password' });
  await expect(primary).toHaveCSS('background-color', 'rgb(22, 119, 255)');
  await choose(page, 'Theme', 'Green');
  await expect(page.getByText('Switch Theme Success')).toBeVisible();
  await expect(primary).toHaveCSS('background-color', 'rgb(35, 120, 4)');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Change password' })).toHaveCSS(
    'background-color',
    'rgb(35, 120, 4)',
  );
  await page.getByRole('button', { name: 'Theme' }).click();
  await expect(page.getByRole('menuitem', { name: 'Green' })).toHaveClass(/selected/);
});
