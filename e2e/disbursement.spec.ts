import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { finance, openAs } from './support';

/**
 * Disbursement end to end, as the finance team does it: an approved order of the demo book is
 * paid out from /loan/waitLoanList; the sandbox gateway settles it asynchronously (the person
 * refreshes until it has); the loan then shows as lend success in /loan/loanRecord and its
 * attempt as paid in /loan/loanFlow. The sandbox fails a small share of payouts: a failed
 * attempt is paid again from /loan/loanFlow with a new key, as staff would.
 */
test('an approved order is disbursed, settles through the sandbox and shows in the records', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await openAs(page, finance, '/loan/waitLoanList');
  const table = page.getByRole('table');

  // An order whose account is verified (the penny drops of the last day's accounts run in
  // the background after a first start: refresh until one is).
  const payable = table
    .getByRole('button', { name: /^Disburse: LN/ })
    .and(page.locator(':enabled'));
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(payable.first()).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 60_000 });
  const label = (await payable.first().getAttribute('aria-label')) ?? '';
  const orderNo = label.replace(/^Disburse: /, '');
  expect(orderNo).toMatch(/^LN\d+/);

  await payable.first().click();
  const dialog = page.getByRole('dialog', { name: `Disburse ${orderNo}` });
  await expect(dialog.getByText('Do not click repeatedly after approval!')).toBeVisible();
  await dialog.getByRole('button', { name: /^Pay out ₹/ }).click();
  // The gateway answers by webhook: the dialog follows the payout until it has.
  await expect(dialog.getByText(/^(Paid: UTR|Refused by the gateway)/)).toBeVisible({
    timeout: 30_000,
  });
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(table.getByRole('link', { name: orderNo })).toHaveCount(0);

  // loanRecord: refresh until the payout has settled; pay a failed one again from loanFlow.
  for (let attempt = 1; ; attempt += 1) {
    const status = await settledStatus(page, orderNo);
    if (status === 'lend success') break;
    expect(attempt, 'the sandbox failed three payouts in a row').toBeLessThan(3);
    await page.goto(`/loan/loanFlow?orderNo=${orderNo}`);
    const retry = page.getByRole('button', { name: `Retry: ${orderNo} #${attempt}` });
    await retry.click();
    const again = page.getByRole('dialog', { name: `Pay ${orderNo} out again` });
    await again.getByRole('button', { name: /^Pay out ₹/ }).click();
    await expect(
      again.getByText(/^(Paid: UTR|Refused by the gateway|Sent to the gateway)/),
    ).toBeVisible({
      timeout: 30_000,
    });
    await again.getByRole('button', { name: 'Close' }).last().click();
  }
  const record = page.getByRole('row').filter({ has: page.getByRole('link', { name: orderNo }) });
  const utr = (await record.getByText(/^SBXU/).textContent()) ?? '';
  expect(utr).toMatch(/^SBXU/);

  // loanFlow: the paid attempt with its UTR and the gateway's reference.
  await page.goto(`/loan/loanFlow?orderNo=${orderNo}`);
  const paid = page.getByRole('row').filter({ hasText: utr });
  await expect(paid.getByText('Paid')).toBeVisible();
  await expect(paid.getByText(/^pout_sbx_/)).toBeVisible();
  await paid.getByRole('button', { name: /^History: / }).click();
  const history = page.getByRole('dialog');
  await expect(history.getByText(`UTR ${utr}`)).toBeVisible();
  await expect(history.getByText('Sent', { exact: true })).toBeVisible();
});

/** Opens loanRecord on the order and refreshes, as a person would, until it has settled. */
async function settledStatus(page: Page, orderNo: string): Promise<string> {
  await page.goto(`/loan/loanRecord?orderNo=${orderNo}`);
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: orderNo }) });
  const settled = row.getByText(/^lend (success|fail)$/);
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(settled).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  return (await settled.textContent()) ?? '';
}
