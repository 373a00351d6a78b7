import { expect, test } from './fixtures';
import { admin, apiCall, apiLogin, finance, openAs } from './support';

/**
 * A borrower paid by bank transfer on their due date; finance records it days later with its
 * value date, the administrator (another person) passes it, and the order is cleared on time
 * as of the due date: no overdue fee is charged for the days the review took. The repayment
 * shows in the repayment records and in the order detail with that value date.
 */
interface PlanRow {
  id: number;
  orderNo: string;
  paidPaise: number;
  rolloverCount: number;
  overdueDays: number;
}

interface Detail {
  status: string;
  closureType: string | null;
  clearedDate: string | null;
  dueDate: string;
  dueAmountPaise: number;
  outstanding: { penal: number };
  amounts: { charged: { penal: number }; waived: { penal: number } };
  repayments: unknown[];
}

test('an offline repayment recorded by one and passed by another clears the order on its value date', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const token = await apiLogin(request, admin);
  // An overdue order with an overdue fee charged, nothing paid, waived or rolled over.
  const plan = await apiCall(request, '/repay/plan_list', token, {
    pageSize: 100,
    filters: { status: 'OVERDUE', overdueDaysMin: 2 },
    sort: { field: 'overdueDays', order: 'asc' },
  });
  let chosen: { row: PlanRow; detail: Detail } | undefined;
  for (const row of (plan.ret as { list: PlanRow[] }).list) {
    if (row.paidPaise !== 0 || row.rolloverCount !== 0) continue;
    const detail = (await apiCall(request, '/order/detail', token, { orderNo: row.orderNo }))
      .ret as Detail;
    // Nothing fixed after the due date (a waiver, a bounced payment) holds the value date back.
    const untouched = detail.amounts.waived.penal === 0 && detail.repayments.length === 0;
    if (detail.outstanding.penal > 0 && untouched) {
      chosen = { row, detail };
      break;
    }
  }
  expect(chosen, 'the demo book has an overdue order with an overdue fee').toBeDefined();
  const { row, detail } = chosen!;
  const { orderNo } = row;
  const reference = `E2EOFF${Date.now()}`;

  // Finance (the maker) records the transfer with the day it arrived: the due date.
  await openAs(page, finance, '/repay/repaymentReview');
  await expect(page.getByRole('heading', { name: 'Repayment review', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Record offline repayment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record offline repayment' });
  await dialog.getByLabel('Order number').fill(orderNo);
  await dialog.getByLabel('Amount (₹)').fill('0');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('amount cannot be 0')).toBeVisible();
  await dialog.getByLabel('Amount (₹)').fill(String(detail.dueAmountPaise / 100));
  await dialog.getByLabel('Value date').fill(detail.dueDate);
  await dialog.getByLabel('Value date').press('Enter');
  await dialog.getByLabel('Bank reference (UTR or slip number)').fill(reference);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.locator('.ant-message').getByText('Recorded: waiting for review'),
  ).toBeVisible();
  await expect(dialog).toBeHidden();

  // The maker cannot pass their own record.
  await page.goto(`/repay/repaymentReview?bankReference=${reference}`);
  const mine = page.getByRole('row').filter({ hasText: reference });
  await expect(mine).toContainText('pending review');
  await expect(mine.getByRole('button', { name: `Pass: ${reference}` })).toBeDisabled();

  // The administrator (the checker) passes it.
  const checker = await browser.newContext();
  const checkerPage = await checker.newPage();
  await openAs(checkerPage, admin, `/repay/repaymentReview?bankReference=${reference}`);
  const theirs = checkerPage.getByRole('row').filter({ hasText: reference });
  await theirs.getByRole('button', { name: `Pass: ${reference}` }).click();
  await checkerPage.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await expect(checkerPage.locator('.ant-message').getByText('Passed and posted')).toBeVisible();
  await expect(theirs).toContainText('pass');
  await checker.close();

  // Cleared on time as of the due date; the overdue fee after it is gone, none charged.
  const after = (await apiCall(request, '/order/detail', token, { orderNo })).ret as Detail;
  expect(after).toMatchObject({
    status: 'CLEARED',
    closureType: 'ON_TIME',
    clearedDate: detail.dueDate,
  });
  expect(after.amounts.charged.penal).toBe(0);
  expect(after.outstanding.penal).toBe(0);

  // In the repayment records, with its value date.
  await page.goto(`/repay/repaymentRecord?orderNo=${orderNo}`);
  const record = page.getByRole('row').filter({ hasText: orderNo }).first();
  await expect(record).toContainText(detail.dueDate);
  await expect(record).toContainText('normal / full');

  // And in the order detail: the repayment with its value date, the order cleared.
  const review = await apiCall(request, '/repay/offline_list', token, {
    filters: { bankReference: reference },
  });
  const serialNo = (review.ret as { list: { repaymentSerialNo: string }[] }).list[0]!
    .repaymentSerialNo;
  await page.goto(`/loan/loanDetail?orderNo=${orderNo}`);
  await expect(page.getByText('Cleared on').first()).toBeVisible();
  await page.getByRole('tab', { name: /^Repayments/ }).click();
  const repayment = page.getByRole('row').filter({ hasText: serialNo });
  await expect(repayment).toContainText(detail.dueDate);
});
