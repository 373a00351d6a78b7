import { expect, test } from './fixtures';
import { finance, openAs } from './support';

/**
 * Finance's wallet day on the demo book: invitations with their rewards, a borrower's pending
 * withdrawal approved and sent to the payout gateway, the payout account's balance against
 * the wallets, a top-up recorded (which the recorder cannot confirm) and the one waiting from
 * someone else confirmed, and the reward rule changed.
 */
test('finance reviews invitations, pays a withdrawal and tops up the payout account', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await openAs(page, finance);

  // The newest invitations are mostly of borrowers still registering: narrow to the repaid.
  await page.goto('/invite/invitationRecord?stage=repaid');
  await expect(page.getByRole('heading', { name: 'Invitation records', level: 1 })).toBeVisible();
  const rewarded = page.locator('tbody tr').filter({ hasText: 'Repaid' }).first();
  await expect(rewarded).toBeVisible();
  await expect(rewarded).toContainText('₹');

  await page.goto('/invite/withdrawal?status=pending');
  await expect(page.getByRole('heading', { name: 'Withdrawals', level: 1 })).toBeVisible();
  const pending = page.locator('tbody tr').filter({ hasText: 'Pending review' }).first();
  await expect(pending).toBeVisible();
  await pending.getByRole('button', { name: /^Approve and pay/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await expect(
    page.locator('.ant-message').getByText('Approved: the payout is on its way'),
  ).toBeVisible();

  await page.goto('/toolMage/balanceQuery');
  await expect(page.getByText('Payout account (sandbox)')).toBeVisible();
  await expect(page.getByText(/Owed to \d+ wallets/)).toBeVisible();
  await expect(page.locator('tbody tr.ant-table-row').first()).toContainText('IV');

  await page.goto('/toolMage/recharge');
  await expect(page.getByRole('heading', { name: 'Recharge list', level: 1 })).toBeVisible();
  const utr = `E2EUTR${Date.now()}`;
  await page.getByRole('button', { name: 'Record a top-up' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record a top-up of the payout account' });
  await dialog.getByLabel('Amount').fill('250000');
  await dialog.getByLabel('UTR').fill(utr);
  await dialog.getByRole('button', { name: 'Record a top-up' }).click();
  await expect(
    page.locator('.ant-message').getByText('Top-up recorded: waiting for confirmation'),
  ).toBeVisible();
  const mine = page.locator('tbody tr').filter({ hasText: utr });
  await expect(mine.getByRole('button', { name: /^Confirm/ })).toBeDisabled();
  const theirs = page
    .locator('tbody tr')
    .filter({ hasText: 'Pending' })
    .filter({ hasNotText: utr })
    .first();
  await theirs.getByRole('button', { name: /^Confirm/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await expect(page.locator('.ant-message').getByText('Top-up confirmed and posted')).toBeVisible();

  await page.goto('/toolMage/walletConfig');
  await expect(page.getByRole('heading', { name: 'Wallet configuration', level: 1 })).toBeVisible();
  await page.getByLabel('Reward per invitee').fill('150');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.ant-message').getByText('Save Success')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Reward per invitee')).toHaveValue('150.00');
});
