import { expect, test } from '@playwright/test';
import { pick, signIn } from './support';

const marketing = { email: 'marketing@example.com', password: 'Marketing12345' };

/**
 * Coupons end to end, as the marketing team does it: create a coupon on the list, build an
 * audience on filterUsers (blacklisted borrowers are left out and counted), send the coupon to
 * it after a confirmation, and find the coupons sent on the sending record beside those the
 * demo book's borrowers already used on their loans.
 */
test('marketing creates a coupon, sends it to an audience and finds it on the sending record', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const title = `E2E ₹10 off ${Date.now() % 100_000}`;
  await signIn(page, marketing);

  await page.goto('/coupon/list');
  await expect(page.getByRole('heading', { name: 'Coupon list' })).toBeVisible();
  // The demo book's coupons: one sent and used, one never sent and unavailable.
  await expect(page.getByText('Welcome back ₹40 off interest')).toBeVisible();
  await page.getByRole('button', { name: 'New coupon' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Reduction amount').fill('10');
  await dialog.getByLabel('Total number').fill('5000');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Save Success')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('₹10.00 off');
  await expect(row).toContainText('available');

  await page.goto('/coupon/filterUsers');
  await pick(page, 'Audience', 'Registered, never applied');
  await page.getByRole('button', { name: 'Find audience' }).click();
  const size = page.getByText(/borrower\(s\) match\. \d+ blacklisted borrower\(s\) left out\./);
  await expect(size).toBeVisible();
  const matched = Number(/^(\d+)/.exec((await size.textContent()) ?? '')?.[1]);
  expect(matched).toBeGreaterThan(0);
  await expect(page.getByRole('cell', { name: /^\*+\d{4}$/ }).first()).toBeVisible();

  await pick(page, 'Choose a coupon to send', `${title} (5000 left)`);
  await page.getByRole('button', { name: 'Send coupon' }).click();
  const confirm = page.locator('.ant-modal-confirm');
  await expect(confirm).toContainText(`Send ${title} to ${matched} borrower(s)?`);
  await confirm.getByRole('button', { name: 'Send coupon' }).click();
  await expect(page.getByText(`Sent to ${matched} borrower(s); 0 already held it;`)).toBeVisible();

  await page.goto('/coupon/couponSendingRecord');
  await expect(page.getByRole('heading', { name: 'Coupon sending records' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: title }).first()).toContainText('unused');
  // Coupons the demo book's borrowers used before paying off: the loan and the reduction.
  await page.goto('/coupon/couponSendingRecord?state=used');
  const used = page.getByRole('row').filter({ hasText: /LN\d+/ }).first();
  await expect(used).toContainText('used');
  await expect(used).toContainText('₹');
});
