import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { lastSmsCode, riskManager, openAs } from './support';

/** A borrower through the borrower API, reading each OTP from the sandbox SMS outbox. */
async function borrowerApplies(request: APIRequestContext) {
  const digits = (n: number) =>
    Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');
  const phone = `7${digits(9)}`;
  const app = async (path: string, data: unknown, token?: string) => {
    const response = await request.post(`/app-api${path}`, {
      data,
      headers: token ? { 'x-app-token': token } : {},
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the borrower API's JSON
    const body = (await response.json()) as { code: number; msg: string; ret: any };
    expect(body.code, `${path}: ${body.msg}`).toBe(0);
    return body.ret;
  };
  await app('/auth/send_otp', { phone });
  const { token } = await app('/auth/verify_otp', {
    phone,
    code: lastSmsCode(phone),
    channel: 'playstore',
  });
  await app(
    '/profile/save',
    {
      name: 'Neha Student',
      birthDate: '1994-03-02',
      region: 'Karnataka',
      occupation: 'student',
      monthlyIncomePaise: 4_500_000,
      pan: `ABCPE${digits(4)}K`,
      aadhaar: `2${digits(11)}`,
    },
    token,
  );
  await app(
    '/bank/save',
    { bankName: 'State Bank of India', accountNumber: `9${digits(11)}`, ifsc: 'SBIN0001234' },
    token,
  );
  const products = await app('/loan/products', {}, token);
  const product = products.list[0];
  await app('/auth/send_otp', { phone, purpose: 'loanAcceptance' }, token);
  const applied = await app(
    '/loan/apply',
    {
      productId: product.productId,
      principalPaise: product.minPrincipalPaise,
      otpCode: lastSmsCode(phone, /acceptance/),
    },
    token,
  );
  return applied as { orderId: number; orderNo: string; status: string };
}

/**
 * Issue #11, journey 2: a risk manager edits a rule of the draft, back-tests the draft over the
 * last 30 days, publishes it, and the next application (through the borrower API) is decided by
 * the new version — its order detail says which.
 */
test('a risk manager edits, back-tests and publishes a rule version that decides the next application', async ({
  page,
  request,
}) => {
  await openAs(page, riskManager);

  // The rule list shows the demo book's draft (version 2 beside the published version 1).
  await page.goto('/risk/riskRuleList');
  await expect(page.getByRole('heading', { level: 1, name: 'Risk rule list' })).toBeVisible();
  await expect(page.getByText(/You are editing draft version 2/)).toBeVisible();
  const student = page.locator('tbody tr[data-row-key]').filter({ hasText: 'Student' });
  await expect(student).toContainText('30');
  await student.getByRole('button', { name: /Edit/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit rule' });
  await dialog.getByLabel('Score').fill('45');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(student).toContainText('45');

  // Back-test the draft, then publish it.
  await page.goto('/risk/riskRuleConfig');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Risk rule configuration' }),
  ).toBeVisible();
  const publish = page.getByRole('button', { name: 'Publish' });
  await expect(publish).toBeDisabled();
  await page.getByLabel('Applications of the last N days').fill('30');
  await page.getByRole('button', { name: 'Run back-test' }).click();
  await expect(page.getByTestId('backtest-changed')).toHaveText(/^\d+$/);
  await expect(page.getByText(/Applications replayed/)).toBeVisible();
  await expect(publish).toBeEnabled();
  await publish.click();
  const confirm = page.getByRole('dialog').filter({ hasText: 'Publish draft version 2?' });
  await confirm.getByRole('button', { name: 'Publish' }).click();
  const versions = page.getByRole('table', { name: 'Rule-set versions' });
  await expect(versions.getByRole('row').filter({ hasText: 'v2' })).toContainText('Published');
  await expect(versions.getByRole('row').filter({ hasText: 'v1' })).toContainText('Retired');

  // The next application: the student rule now takes 45 points off → 55, below 60: rejected.
  const applied = await borrowerApplies(request);
  expect(applied.status).toBe('REJECTED');
  await page.goto(`/loan/loanDetail?orderNo=${applied.orderNo}`);
  const item = (label: string) =>
    page.locator('.ant-descriptions-item').filter({ hasText: label }).first();
  await expect(item('Rule-set version')).toContainText('v2');
  await expect(item('Machine result')).toContainText('Reject (55)');
});
