import { expect, test } from './fixtures';
import { admin, apiCall, apiLogin, signIn } from './support';

test('an account blocked by guessing is shown on /power/account and an administrator unblocks it', async ({
  page,
  request,
}) => {
  const adminToken = await apiLogin(request, admin);
  const guessed = { email: `guessed-${Date.now()}@example.com`, password: 'Guessed12345' };
  const created = await apiCall(request, '/user/create_user', adminToken, {
    ...guessed,
    name: 'Guessed Account',
    roleIds: [],
  });
  expect(created.code).toBe(0);

  // Wrong passwords from this address until the account is blocked from it; once the free
  // failures are spent each retry must wait a little (4018) before it is checked.
  await expect(async () => {
    const response = await request.post('/admin-api/user/login', {
      data: { email: guessed.email, password: 'Wrong12345' },
    });
    expect(((await response.json()) as { code: number }).code).toBe(4011);
  }).toPass({ intervals: [500], timeout: 30_000 });

  // The owner, with the right password, gets the same answer as the guesser.
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(guessed.email);
  await page.getByLabel('Password').fill(guessed.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(
    page.getByText(/Too many failed sign-in attempts, please try again in \d+ minutes/),
  ).toBeVisible();

  await signIn(page, admin);
  await page.goto(`/power/account?email=${encodeURIComponent(guessed.email)}`);
  const row = page.getByRole('row').filter({ hasText: guessed.email });
  await expect(row).toContainText('Blocked');
  await expect(row).toContainText(/From 127\.0\.0\.1 until \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
  await row.getByRole('button', { name: `Unblock sign-in: ${guessed.email}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Let ${guessed.email} sign in again now?`);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Sign-in unblocked')).toBeVisible();
  await expect(row).not.toContainText('Blocked');
  await expect(row.getByRole('button', { name: /Unblock sign-in/ })).toHaveCount(0);

  expect(await apiLogin(request, guessed)).toBeTruthy();
  await page.goto(`/systemConfig/loginLog?email=${encodeURIComponent(guessed.email)}`);
  await expect(
    page.getByRole('row').filter({ hasText: 'Account blocked from this address' }).first(),
  ).toBeVisible();
});
