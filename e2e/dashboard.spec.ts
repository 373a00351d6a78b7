import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { admin, apiCall, openAs, tokenOf } from './support';

interface Figures {
  registrations: number;
  applications: number;
  approvals: number;
  disbursals: { count: number; amountPaise: number };
  repayments: { count: number; amountPaise: number };
  due: { count: number; amountPaise: number };
  overdue: { count: number; amountPaise: number };
}
interface Summary {
  from: string;
  to: string;
  asOf: string;
  totals: Figures;
}

/** ₹ with Indian digit grouping, as the console shows money. */
function rupees(paise: number): string {
  const whole = String(Math.floor(paise / 100));
  const last3 = whole.slice(-3);
  const rest = whole.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `₹${rest ? `${rest},` : ''}${last3}.${String(paise % 100).padStart(2, '0')}`;
}

async function expectFigures(page: Page, totals: Figures) {
  const figure = (name: string) => page.getByRole('region', { name, exact: true });
  await expect(figure('Registrations').locator('[data-figure=count]')).toHaveText(
    totals.registrations.toLocaleString('en-IN'),
  );
  await expect(figure('Applications').locator('[data-figure=count]')).toHaveText(
    totals.applications.toLocaleString('en-IN'),
  );
  await expect(figure('Approvals').locator('[data-figure=count]')).toHaveText(
    totals.approvals.toLocaleString('en-IN'),
  );
  for (const [name, key] of [
    ['Disbursals', 'disbursals'],
    ['Repayments', 'repayments'],
    ['Due', 'due'],
    ['Overdue', 'overdue'],
  ] as const) {
    await expect(figure(name).locator('[data-figure=count]')).toHaveText(
      totals[key].count.toLocaleString('en-IN'),
    );
    await expect(figure(name).locator('[data-figure=amount]')).toHaveText(
      rupees(totals[key].amountPaise),
    );
  }
}

test("the admin's dashboard shows the API's figures; switching the range asks again", async ({
  page,
  request,
}) => {
  const requests: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/admin-api/dashboard/summary')) requests.push(r.postData() ?? '');
  });
  await openAs(page, admin);
  await expect(page).toHaveURL(/\/dashboard$/);
  const token = await tokenOf(page);

  const threeDays = (await apiCall(request, '/dashboard/summary', token, { range: 'last3days' }))
    .ret as Summary;
  await expectFigures(page, threeDays.totals);
  await expect(page.getByText(`as of ${threeDays.asOf}`, { exact: false })).toBeVisible();
  await expect(page.getByText(`${threeDays.from} to ${threeDays.to}`)).toBeVisible();
  await expect(page.getByRole('img', { name: 'Daily figures' })).toBeVisible();
  expect(requests.some((body) => body.includes('"last3days"'))).toBe(true);

  await page.getByText('Last month', { exact: true }).click();
  await expect.poll(() => requests.some((body) => body.includes('"lastMonth"'))).toBe(true);
  const month = (await apiCall(request, '/dashboard/summary', token, { range: 'lastMonth' }))
    .ret as Summary;
  await expect(page.getByText(`${month.from} to ${month.to}`)).toBeVisible();
  await expectFigures(page, month.totals);
  // A fresh start carries the demo book: real, non-zero figures, and a longer range holds more.
  expect(month.totals.applications).toBeGreaterThan(0);
  expect(month.totals.disbursals.count).toBeGreaterThan(0);
  expect(month.totals.repayments.amountPaise).toBeGreaterThan(0);
  expect(month.totals.applications).toBeGreaterThan(threeDays.totals.applications);

  await page.getByText('Nearly a week', { exact: true }).click();
  await expect.poll(() => requests.some((body) => body.includes('"lastWeek"'))).toBe(true);
  const week = (await apiCall(request, '/dashboard/summary', token, { range: 'lastWeek' }))
    .ret as Summary;
  await expect(page.getByText(`${week.from} to ${week.to}`)).toBeVisible();
  await expectFigures(page, week.totals);
});
