import { expect, test } from './fixtures';
import { apiCall, choose, reviewer, signIn, tokenOf } from './support';

test('a session revoked from elsewhere shows the Confirm logout dialog; Cancel stays, Re-Login signs in again', async ({
  page,
  request,
}) => {
  await signIn(page, reviewer);
  const token = await tokenOf(page);
  // Another device ends this session (as a logout or an admin would).
  expect((await apiCall(request, '/user/logout', token)).code).toBe(0);

  await choose(page, 'Language', 'English');
  const dialog = page.getByRole('dialog', { name: 'Confirm logout' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(
    'You have been logged out, you can cancel to stay on this page, or log in again',
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard$/);

  await choose(page, 'Language', 'English');
  await page
    .getByRole('dialog', { name: 'Confirm logout' })
    .getByRole('button', { name: 'Re-Login' })
    .click();
  await expect(page).toHaveURL(/\/login/);
});

test('the Confirm logout dialog is in Chinese when the language is zh', async ({
  page,
  request,
}) => {
  await signIn(page, reviewer);
  await choose(page, 'Language', '中文');
  const token = await tokenOf(page);
  expect((await apiCall(request, '/user/logout', token)).code).toBe(0);
  await choose(page, /Language|语言/, '中文');
  const dialog = page.getByRole('dialog', { name: '确认登出' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: '重新登录' })).toBeVisible();
  await dialog.getByRole('button', { name: '取消' }).click();
});
