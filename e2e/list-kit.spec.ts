import { expect, test } from './fixtures';
import { admin, openAs } from './support';

/**
 * The list kit in a real browser, on the accounts list: a sort and a filter live in the URL
 * and survive a reload; the column settings are kept for the user after a reload.
 */
test('a list keeps its sort and filters in the URL and its columns for the user', async ({
  page,
}) => {
  await openAs(page, admin, '/power/account');
  const table = page.getByRole('table');
  await expect(table.getByRole('cell', { name: 'admin@example.com', exact: true })).toBeVisible();

  // Sort by e-mail, newest-first arrow first: the server sorts, the URL says so.
  await table.getByRole('columnheader', { name: 'E-mail' }).click();
  await expect(page).toHaveURL(/\/power\/account\?sort=email&order=desc$/);
  const emails = table.locator('tbody tr[data-row-key] td:nth-child(1)');
  const sortedDescending = async () => {
    const shown = await emails.allInnerTexts();
    return shown.length > 1 && shown.join() === [...shown].sort().reverse().join();
  };
  await expect(emails.first()).not.toHaveText('admin@example.com');
  await expect.poll(sortedDescending).toBe(true);
  const first = await emails.first().innerText();
  await page.reload();
  await expect(emails.first()).toHaveText(first);
  await expect.poll(sortedDescending).toBe(true);
  await expect(table.getByRole('columnheader', { name: 'E-mail' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );

  // A filter joins the sort in the URL.
  await page.getByRole('textbox', { name: /^Name/ }).fill('meera');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\?name=meera&sort=email&order=desc$/);
  await expect(emails).toHaveText(['finance@example.com']);

  // Hide a column and put another first: kept after a reload.
  await page.getByRole('button', { name: 'Columns' }).click();
  const settings = page.getByRole('list', { name: 'Columns shown, in order' });
  await settings.getByRole('checkbox', { name: 'Last sign-in (India)' }).uncheck();
  await settings.getByRole('button', { name: 'Move Name up' }).click();
  await page.keyboard.press('Escape');
  await expect(table.getByRole('columnheader', { name: 'Last sign-in (India)' })).toHaveCount(0);
  await page.reload();
  await expect(table.getByRole('columnheader')).toHaveText([
    'Name',
    'E-mail',
    'Roles',
    'Status',
    'Sign-in',
    'Actions',
  ]);
});
