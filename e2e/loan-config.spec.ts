import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { admin, apiCall, pick, openAs, tokenOf } from './support';

/**
 * A lending operations manager sets up a first-loan product: sees the demo book's product,
 * creates one with given figures (typed in ₹ and %, stored exactly in paise and ppm), edits
 * it into version 2 and makes it unavailable after a confirmation.
 */
const name = `Cash 30 salaried ${Date.now().toString(36)}`;

interface StoredProduct {
  name: string;
  kind: string;
  version: number;
  status: string;
  minPrincipalPaise: number;
  maxPrincipalPaise: number;
  processingFeePpm: number;
  interestPerDayPpm: number;
  penalPerDayPaise: number | null;
  penalPerDayPpm: number | null;
  coolingOffDays: number | null;
}

async function toast(page: Page, text: string) {
  await expect(page.locator('.ant-message').getByText(text).last()).toBeVisible();
}

function productRow(page: Page, productName: string) {
  return page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: productName, exact: true }) });
}

async function stored(page: Page): Promise<StoredProduct | undefined> {
  const answer = await apiCall(page.request, '/loanConfig/list', await tokenOf(page), {
    pageSize: 100,
    filters: { kind: 'first' },
  });
  expect(answer.code).toBe(0);
  return (answer.ret as { list: StoredProduct[] }).list.find((p) => p.name === name);
}

test('an admin creates, versions and disables a first-loan product', async ({ page }) => {
  test.setTimeout(120_000);
  await openAs(page, admin, '/systemConfig/firstLoanConfig');
  await expect(
    page.getByRole('heading', { name: 'First loan configuration', level: 1 }),
  ).toBeVisible();
  await expect(page).toHaveTitle('First loan configuration - Lending Console');

  // The demo book's first-loan product, as docs/domain.md's worked example; not the re-loan one.
  const demo = productRow(page, 'Cash 14');
  await expect(demo).toContainText('₹1,000.00 – ₹50,000.00');
  await expect(demo).toContainText('7% + GST 18%');
  await expect(demo).toContainText('0.1% per day');
  await expect(demo).toContainText('₹20.00 per day');
  await expect(demo).toContainText('Available');
  await expect(page.getByRole('cell', { name: 'Cash 21 (returning borrowers)' })).toHaveCount(0);

  // 1. Create.
  await page.getByRole('button', { name: 'New product' }).click();
  const create = page.getByRole('dialog', { name: 'New product' });
  const figures: [string, string][] = [
    ['Product name', name],
    ['Period (days)', '30'],
    ['Limit min (₹)', '2,000'],
    ['Limit max (₹)', '25000.50'],
    ['Service fee rate (%)', '6.5'],
    ['Interest rate (% per day)', '0.05'],
    ['Penal cap (% of principal)', '8'],
    ['Rollover fee (% of principal)', '4.5'],
    ['Rollover period (days)', '10'],
    ['Max rollovers', '2'],
    ['Cooling-off days', '5'],
  ];
  for (const [label, value] of figures) {
    await create.getByLabel(label, { exact: true }).fill(value);
  }
  await create.getByRole('radio', { name: '% of principal per day' }).check();
  await create.getByLabel('Overdue fee rate (% per day)', { exact: true }).fill('0.25');
  await create.getByRole('button', { name: 'Save' }).click();
  await toast(page, 'Save Success');
  await expect(create).toBeHidden();

  const row = productRow(page, name);
  for (const text of [
    'v1',
    '30 days',
    '₹2,000.00 – ₹25,000.50',
    '6.5% + GST 18%',
    '0.05% per day',
    '0.25% per day',
    '8% of principal',
    '4.5% + GST',
    '10 days',
    '5 days',
    'Available',
  ]) {
    await expect(row).toContainText(text);
  }
  // What the server holds: integer paise and ppm, exactly what was typed.
  expect(await stored(page)).toMatchObject({
    kind: 'first',
    version: 1,
    minPrincipalPaise: 200_000,
    maxPrincipalPaise: 2_500_050,
    processingFeePpm: 65_000,
    interestPerDayPpm: 500,
    penalPerDayPaise: null,
    penalPerDayPpm: 2_500,
    coolingOffDays: 5,
  });

  // 2. Edit: a new version; the form says orders already made keep their terms.
  await row.getByRole('button', { name: `Edit: ${name}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${name} (version 1)` });
  await expect(edit).toContainText(
    'Saving creates version 2 of this product. Orders already made keep the terms of the version they were made with',
  );
  await expect(edit.getByLabel('Limit max (₹)', { exact: true })).toHaveValue('25000.50');
  await edit.getByLabel('Interest rate (% per day)', { exact: true }).fill('0.08');
  await edit.getByRole('button', { name: 'Save' }).click();
  await toast(page, 'Save Success');
  await expect(row).toContainText('v2');
  await expect(row).toContainText('0.08% per day');
  expect(await stored(page)).toMatchObject({ version: 2, interestPerDayPpm: 800 });

  // 3. Disable, after a confirmation.
  await row.getByRole('button', { name: `Disable: ${name}` }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: `Make "${name}" unavailable?` });
  await confirm.getByRole('button', { name: 'OK' }).click();
  await toast(page, 'Operation Success');
  await expect(row).toContainText('Unavailable');
  await expect(row.getByRole('button', { name: `Enable: ${name}` })).toBeVisible();
  expect(await stored(page)).toMatchObject({ status: 'unavailable', version: 2 });

  // 4. The status filter lives in the URL.
  await pick(page, 'Config status', 'Unavailable');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/systemConfig\/firstLoanConfig\?status=unavailable$/);
  await expect(row).toBeVisible();
  await expect(productRow(page, 'Cash 14')).toHaveCount(0);
  await page.reload();
  await expect(productRow(page, name)).toContainText('Unavailable');
  await expect(productRow(page, 'Cash 14')).toHaveCount(0);

  // 5. Re-loans are their own list.
  await page.goto('/systemConfig/reLoanConfig');
  await expect(productRow(page, 'Cash 21 (returning borrowers)')).toContainText('21 days');
  await expect(productRow(page, name)).toHaveCount(0);
});
