import ExcelJS from 'exceljs';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiCall, finance, indiaDateOf, pick, serverNow, openAs, tokenOf } from './support';

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
interface CohortRow {
  dueDate: string;
  dueCount: number;
}

/**
 * Types a range into the page's date-range filter (Ant Design's range picker: the start date,
 * Enter, the end date, Enter), as a person types it; Search is pressed by the caller.
 */
async function chooseRange(page: Page, from: string, to: string) {
  const start = page.getByPlaceholder('From (India date)');
  await start.click();
  await start.fill(from);
  await start.press('Enter');
  const end = page.getByPlaceholder('To (India date)');
  await expect(end).toBeFocused();
  await end.fill(to);
  await end.press('Enter');
  await expect(start).toHaveValue(from);
  await expect(end).toHaveValue(to);
}

/** The page's address once the range filter is in effect (the list kit keeps it in the URL). */
function rangeIn(from: string, to: string) {
  return (url: URL) =>
    url.searchParams.get('dateFrom') === from && url.searchParams.get('dateTo') === to;
}

/** Export on the list's toolbar: a background job, collected from the download page. */
async function exportList(page: Page) {
  await page
    .getByRole('toolbar', { name: 'List actions' })
    .getByRole('button', { name: 'Export' })
    .click();
  await expect(
    page.getByText('Executing, please go to the download page to download later').last(),
  ).toBeVisible();
}

/**
 * Waits for an export on the download page to be ready with `count` rows, downloads it, and
 * reads its first sheet: the headers as the user reads them and each row by header.
 */
async function downloadSheet(page: Page, job: Locator, route: string, count: number) {
  await expect(job.getByText('Ready')).toBeVisible({ timeout: 30_000 });
  await expect(job.getByText(count.toLocaleString('en-IN'), { exact: true })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await job.getByRole('button', { name: new RegExp(`^Download ${route}-`) }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^${route}-\\d{4}-\\d{2}-\\d{2}-[0-9a-f]+\\.xlsx$`),
  );
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0]!;
  const values = (index: number) => (sheet.getRow(index).values as unknown[]).slice(1);
  const headers = values(1).map(String);
  const rows: Record<string, unknown>[] = [];
  for (let index = 2; index <= sheet.actualRowCount; index += 1) {
    const row = values(index);
    rows.push(Object.fromEntries(headers.map((header, column) => [header, row[column]])));
  }
  expect(rows).toHaveLength(count);
  return { headers, rows };
}

/**
 * Finance closes a reconciliation day: finds a failed collections day on FinancialList,
 * resolves each open break (ignored with a reason), and the day turns passed. Then they read
 * the daily order analysis and the overdue cohorts, change each one's range in its own filter,
 * export both, and find the two files on the download page holding the rows the pages showed.
 */
test('finance resolves a reconciliation break and the day passes; reports follow the range and export', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await openAs(page, finance);
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
  // The ledger reads are lists (decision 0064): the list kit's Export takes the view's range.
  await page.getByRole('tabpanel').getByRole('button', { name: 'Export' }).click();
  await expect(
    page.getByText('Executing, please go to the download page to download later'),
  ).toBeVisible();
  // Closed days and corrections (decision 0101): the day-end has closed the book through
  // yesterday, and what was posted later for earlier days is listed with the day it corrects.
  await page.getByRole('tab', { name: 'Month locks' }).click();
  const yesterday = indiaDateOf(new Date(serverNow().getTime() - 86_400_000));
  await expect(page.getByRole('tabpanel')).toContainText('Closed through (day-end)');
  await expect(page.getByRole('tabpanel')).toContainText(yesterday);
  await page.getByRole('tab', { name: 'Adjustments' }).click();
  await expect(
    page.getByRole('columnheader', { name: 'Value date (day corrected)' }),
  ).toBeVisible();
  // Money no loan took is on the books until it is returned (decision 0102).
  await page.getByRole('tab', { name: 'Unapplied credits' }).click();
  await expect(page.getByText(/^Aged after 30 days/)).toBeVisible();
  // The demo book has borrowers who paid again after their loan closed.
  await expect(
    page.getByRole('tabpanel').getByRole('cell', { name: 'no open loan' }).first(),
  ).toBeVisible();

  // Daily order analysis: the whole book, then one week chosen in the page's own range filter,
  // exported as the page shows it.
  await page.goto('/report/dailyOrderAnalysis');
  await expect(page.getByRole('heading', { name: 'Daily order analysis', level: 1 })).toBeVisible();
  await expect(page.getByText('Totals of the range')).toBeVisible();
  const all = await apiCall(page.request, '/report/daily_order_analysis', token, { pageSize: 100 });
  const days = (all.ret as { list: DailyRow[] }).list;
  expect(days.length).toBeGreaterThan(7);
  const to = days[1]!.date;
  const from = days[7]!.date;
  const week = days.slice(1, 8);
  const weekApplications = week.reduce((sum, row) => sum + row.applications, 0);
  await chooseRange(page, from, to);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(rangeIn(from, to));
  const rows = page.getByRole('table').locator('tbody tr[data-row-key]');
  await expect(rows).toHaveCount(7);
  await expect(rows.filter({ hasText: to })).toHaveCount(1);
  await expect(rows.filter({ hasText: days[0]!.date })).toHaveCount(0);
  await expect(page.locator('.ant-descriptions')).toContainText(
    weekApplications.toLocaleString('en-IN'),
  );
  await exportList(page);

  // Overdue cohorts: new customers only, their loans due in the same week, exported.
  await page.goto('/report/orderOverdue');
  await expect(page.getByRole('heading', { name: /overdue/i, level: 1 })).toBeVisible();
  await expect(page.getByText('First-day overdue rate').first()).toBeVisible();
  await chooseRange(page, from, to);
  await pick(page, 'Customer type', 'New');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(rangeIn(from, to));
  await expect(page).toHaveURL(/customerType=new/);
  const cohorts = (
    await apiCall(page.request, '/report/order_overdue', token, {
      pageSize: 100,
      filters: { dateFrom: from, dateTo: to, customerType: 'new' },
    })
  ).ret as { total: number; list: CohortRow[]; totals: { dueCount: number } };
  expect(cohorts.total, 'new customers had loans due that week').toBeGreaterThan(0);
  await expect(rows).toHaveCount(cohorts.total);
  await expect(rows.filter({ hasText: cohorts.list[0]!.dueDate })).toHaveCount(1);
  await expect(rows.filter({ hasText: days[0]!.date })).toHaveCount(0);
  await exportList(page);

  // Both files on the download page, newest first; each holds the rows the page showed.
  await page.getByRole('button', { name: 'Downloads' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Downloads' })).toBeVisible();
  const jobs = page.getByRole('table').locator('tbody tr[data-row-key]');
  const overdueSheet = await downloadSheet(page, jobs.nth(0), 'orderOverdue', cohorts.total);
  expect(overdueSheet.headers).toEqual(
    expect.arrayContaining(['Due date', 'Due', 'Due amount', 'First-day overdue']),
  );
  const dueDates = overdueSheet.rows.map((row) => String(row['Due date']));
  expect(dueDates.sort()).toEqual(cohorts.list.map((row) => row.dueDate).sort());
  for (const date of dueDates) expect(date >= from && date <= to, date).toBe(true);
  expect(overdueSheet.rows.reduce((sum, row) => sum + Number(row['Due']), 0)).toBe(
    cohorts.totals.dueCount,
  );

  const dailySheet = await downloadSheet(page, jobs.nth(1), 'dailyOrderAnalysis', 7);
  expect(dailySheet.headers).toEqual(
    expect.arrayContaining(['Date', 'Applications', 'Disbursed amount', 'Repaid amount']),
  );
  expect(dailySheet.rows.map((row) => String(row['Date'])).sort()).toEqual(
    week.map((row) => row.date).sort(),
  );
  expect(dailySheet.rows.reduce((sum, row) => sum + Number(row['Applications']), 0)).toBe(
    weekApplications,
  );
});
