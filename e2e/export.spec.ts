import ExcelJS from 'exceljs';
import { expect, test } from './fixtures';
import { admin, apiCall, openAs, tokenOf } from './support';

/**
 * A background export of the order list: Export on the filtered list starts a job, the
 * download page (from the navbar) shows it finished, and the .xlsx it downloads holds exactly
 * the filtered rows, headers as the user reads them, personal data masked.
 */
test('an export of the filtered order list reaches the download page; the .xlsx holds the filtered rows, masked', async ({
  page,
  request,
}) => {
  await openAs(page, admin, '/order/orderList?status=OVERDUE');
  await expect(page.getByRole('heading', { level: 1, name: 'Order list' })).toBeVisible();
  const rows = page.getByRole('table').locator('tbody tr[data-row-key]');
  await expect(rows.first()).toBeVisible();

  // What the list holds under this filter, as the API answers it.
  const token = await tokenOf(page);
  const expected: string[] = [];
  let total = 0;
  for (let pageNo = 1; ; pageNo += 1) {
    const answer = (await apiCall(request, '/order/list', token, {
      page: pageNo,
      pageSize: 100,
      filters: { status: 'OVERDUE' },
    })) as { ret: { total: number; list: { orderNo: string }[] } };
    total = answer.ret.total;
    expected.push(...answer.ret.list.map((order) => order.orderNo));
    if (answer.ret.list.length < 100) break;
  }
  expect(total).toBeGreaterThan(0);
  expect(expected).toHaveLength(total);

  const toolbar = page.getByRole('toolbar', { name: 'List actions' });
  await toolbar.getByRole('button', { name: 'Export' }).click();
  await expect(
    page.getByText('Executing, please go to the download page to download later'),
  ).toBeVisible();

  // The navbar's way to the download page.
  await page.getByRole('button', { name: 'Downloads' }).click();
  await expect(page).toHaveURL(/\/download\/index$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Downloads' })).toBeVisible();
  const job = page.getByRole('table').locator('tbody tr[data-row-key]').first();
  await expect(job.getByText('Ready')).toBeVisible({ timeout: 30_000 });
  await expect(job.getByText(total.toLocaleString('en-IN'), { exact: true })).toBeVisible();

  const downloading = page.waitForEvent('download');
  await job.getByRole('button', { name: /^Download orderList-/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^orderList-\d{4}-\d{2}-\d{2}-[0-9a-f]+\.xlsx$/);
  const file = await download.path();

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.worksheets[0]!;
  const values = (index: number) => (sheet.getRow(index).values as unknown[]).slice(1);
  const headers = values(1);
  expect(headers).toEqual(
    expect.arrayContaining(['Order number', 'Customer name', 'Phone', 'Status', 'Loan amount']),
  );
  const column = (name: string) => headers.indexOf(name);
  expect(sheet.actualRowCount - 1).toBe(total);
  const orderNos: string[] = [];
  for (let index = 2; index <= sheet.actualRowCount; index += 1) {
    const row = values(index);
    orderNos.push(String(row[column('Order number')]));
    expect(row[column('Status')]).toBe('Overdue');
    // Masked as on screen: never a whole phone number or name.
    expect(String(row[column('Phone')])).toMatch(/^\*{6}\d{4}$/);
    expect(String(row[column('Customer name')])).toMatch(/^([A-Za-z]\*+|\*)( ([A-Za-z]\*+|\*))*$/);
    expect(typeof row[column('Loan amount')]).toBe('number');
  }
  expect(orderNos.sort()).toEqual(expected.sort());
});
