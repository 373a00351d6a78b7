import { expect, test } from '@playwright/test';
import { apiCall, finance, indiaDateOf, serverNow, signIn, tokenOf } from './support';

interface DayRow {
  id: number;
  date: string;
  side: string;
  channel: string;
  openBreaks: number;
}
interface DailyRow {
  date: string;
  applications: number;
}

/**
 * Finance closes a reconciliation day: finds a failed collections day on FinancialList,
 * resolves each open break (ignored with a reason), and the day turns passed. Then they read
 * the daily order analysis and the overdue cohorts and narrow the range.
 */
test('finance resolves a reconciliation break and the day passes; reports follow the range', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, finance);
  const token = await tokenOf(page);
  const failed = await apiCall(page.request, '/financialManagement/reconciliation_list', token, {
    pageSize: 1,
    filters: { status: 'failed', side: 'collection' },
  });
  expect(failed.code).toBe(0);
  const [day] = (failed.ret as { list: DayRow[] }).list;
  expect(day, 'the demo book has a collections day with a break').toBeDefined();

  await page.goto(
    `/financialManagement/FinancialList?dateFrom=${day!.date}&dateTo=${day!.date}&side=collection`,
  );
  await expect(page.getByRole('heading', { name: 'Reconciliation', level: 1 })).toBeVisible();
  const row = page
    .getByRole('row')
    .filter({ hasText: day!.date })
    .filter({ hasText: 'Collections' });
  await expect(row).toContainText('Failed');
  await expect(row).toContainText(`${day!.openBreaks} open of`);
  await row.getByRole('button', { name: /^Breaks/ }).click();
  const dialog = page.getByRole('dialog', { name: `Breaks of ${day!.date} (Collections)` });
  await expect(dialog).toBeVisible();

  for (let left = day!.openBreaks; left > 0; left -= 1) {
    await dialog
      .getByRole('button', { name: /^Resolve .+/ })
      .first()
      .click();
    await dialog.getByRole('radio', { name: 'Ignore' }).check();
    await dialog.getByRole('button', { name: 'Resolve', exact: true }).click();
    // A reason is required to ignore a break.
    await expect(dialog.getByText('Please fill remarks')).toBeVisible();
    await dialog.getByLabel('Reason').fill('Bank statement error, confirmed with the bank');
    await dialog.getByRole('button', { name: 'Resolve', exact: true }).click();
    await expect(dialog.getByRole('button', { name: /^Resolve .+/ })).toHaveCount(left - 1);
  }
  await expect(dialog.getByText('Ignored').first()).toBeVisible();
  await expect(dialog).toContainText('Meera Finance');
  await page.keyboard.press('Escape');
  await expect(row).toContainText('Passed');
  await expect(row).toContainText('0 open of');

  // Beside the reconciliation, the ledger's own reads (decision 0048): the trial balance as of
  // today balances, and the page shows the ledger's totals.
  await page.getByRole('tab', { name: 'Trial balance' }).click();
  await expect(page.getByText('Debits equal credits')).toBeVisible();
  const today = indiaDateOf(serverNow());
  const balance = await apiCall(page.request, '/financialManagement/trial_balance', token, {
    date: today,
  });
  const { totalDebitPaise, totalCreditPaise } = balance.ret as Record<string, number>;
  expect(totalDebitPaise).toBeGreaterThan(0);
  expect(totalDebitPaise).toBe(totalCreditPaise);
  const rupees = (totalDebitPaise! / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 });
  await expect(page.getByRole('row').filter({ hasText: 'Total' }).last()).toContainText(
    `₹${rupees}`,
  );
  await page.getByRole('tab', { name: 'Cash flow' }).click();
  await expect(page.getByRole('columnheader', { name: 'Collected' })).toBeVisible();
  await expect(page.getByText('Totals of the filtered range')).toBeVisible();

  // Daily order analysis: the whole book, then one week.
  await page.goto('/report/dailyOrderAnalysis');
  await expect(page.getByRole('heading', { name: 'Daily order analysis', level: 1 })).toBeVisible();
  await expect(page.getByText('Totals of the range')).toBeVisible();
  const all = await apiCall(page.request, '/report/daily_order_analysis', token, { pageSize: 100 });
  const days = (all.ret as { list: DailyRow[] }).list;
  expect(days.length).toBeGreaterThan(7);
  const to = days[1]!.date;
  const from = days[7]!.date;
  await page.goto(`/report/dailyOrderAnalysis?dateFrom=${from}&dateTo=${to}`);
  await expect(page.getByRole('row').filter({ hasText: to })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: days[0]!.date })).toHaveCount(0);
  const week = days.slice(1, 8).reduce((sum, row) => sum + row.applications, 0);
  await expect(page.locator('.ant-descriptions')).toContainText(week.toLocaleString('en-IN'));

  // Overdue cohorts: new customers only, over the same week.
  await page.goto('/report/orderOverdue');
  await expect(page.getByRole('heading', { name: /overdue/i, level: 1 })).toBeVisible();
  await expect(page.getByText('First-day overdue rate').first()).toBeVisible();
  await page.goto(`/report/orderOverdue?dateFrom=${from}&dateTo=${to}&customerType=new`);
  const cohorts = await apiCall(page.request, '/report/order_overdue', token, {
    filters: { dateFrom: from, dateTo: to, customerType: 'new' },
  });
  const first = (cohorts.ret as { list: { dueDate: string }[] }).list[0];
  expect(first, 'new customers had loans due that week').toBeDefined();
  await expect(page.getByRole('row').filter({ hasText: first!.dueDate })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: days[0]!.date })).toHaveCount(0);
});
