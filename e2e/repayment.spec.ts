import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { admin, apiCall, finance, pick, openAs, tokenOf } from './support';

/**
 * Finance takes a borrower's bank transfer: finds the order in the repayment plan, records a
 * partial repayment, sees it in the repayment records and the outstanding drop, and the
 * repayment query quotes what now clears the loan.
 */
interface PlanRow {
  orderNo: string;
  paidPaise: number;
  outstandingPaise: number;
  clearingTodayPaise: number;
  clearingDate: string;
}

/** ₹ with Indian digit grouping, as the console shows money (12345678 → ₹1,23,456.78). */
function rupees(paise: number): string {
  const whole = String(Math.floor(paise / 100));
  const last3 = whole.slice(-3);
  const rest = whole.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `₹${rest ? `${rest},${last3}` : last3}.${String(paise % 100).padStart(2, '0')}`;
}

async function planRow(page: Page, filters: Record<string, unknown>): Promise<PlanRow> {
  const answer = await apiCall(page.request, '/repay/plan_list', await tokenOf(page), {
    pageSize: 1,
    filters,
  });
  expect(answer.code).toBe(0);
  const [row] = (answer.ret as { list: PlanRow[] }).list;
  expect(row, 'the demo book has an order not yet due').toBeDefined();
  return row!;
}

function rowOf(page: Page, text: string) {
  return page.getByRole('row').filter({ has: page.getByRole('link', { name: text, exact: true }) });
}

test('finance records a partial repayment and the order owes that much less', async ({ page }) => {
  test.setTimeout(120_000);
  await openAs(page, finance);
  const before = await planRow(page, { status: 'ACTIVE' });
  const { orderNo } = before;

  // Find the order in the repayment plan by its number.
  await page.goto('/repay/repayPlan');
  await expect(page.getByRole('heading', { name: 'Repayment plan', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: /^Order number/ }).fill(orderNo);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = rowOf(page, orderNo);
  await expect(row).toContainText(rupees(before.outstandingPaise));
  await expect(row).toContainText(rupees(before.clearingTodayPaise));

  // Record ₹100.00 received by NEFT: a partial repayment.
  await row.getByRole('button', { name: `Record repayment: ${orderNo}` }).click();
  const dialog = page.getByRole('dialog', { name: `Record repayment: ${orderNo}` });
  await dialog.getByLabel('Amount (₹)').fill('0');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('amount cannot be 0')).toBeVisible();
  await dialog.getByLabel('Amount (₹)').fill('100');
  await pick(page, 'Channel', 'NEFT');
  const utr = `E2EUTR${Date.now()}`;
  await dialog.getByLabel('Reference (UTR or receipt number)').fill(utr);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.ant-message').getByText('Repayment recorded')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The outstanding drops by what was paid; paid rises by it.
  await expect(row).toContainText(rupees(before.outstandingPaise - 10_000));
  await expect(row).toContainText(rupees(before.paidPaise + 10_000));
  const after = await planRow(page, { orderNo });
  expect(after.outstandingPaise).toBe(before.outstandingPaise - 10_000);

  // The repayment records show it: channel, amount, value date, normal / partial.
  await page.goto(`/repay/repaymentRecord?orderNo=${orderNo}&channel=neft`);
  const record = rowOf(page, orderNo).first();
  await expect(record).toContainText(orderNo);
  await expect(record).toContainText('₹100.00');
  await expect(record).toContainText('normal / partial');
  await expect(record).toContainText(after.clearingDate);
  await expect(record).toContainText('Posted');

  // The repayment query quotes what clears the loan today, now ₹100.00 less.
  await page.goto('/repay/repayQuery');
  await page.getByRole('textbox', { name: 'Order number' }).fill(orderNo);
  await page.getByRole('button', { name: 'Search' }).click();
  const answer = page.getByLabel(orderNo);
  await expect(answer.getByText(`What clears it on ${after.clearingDate}`)).toBeVisible();
  await expect(answer).toContainText(rupees(after.clearingTodayPaise));
  expect(after.clearingTodayPaise).toBe(before.clearingTodayPaise - 10_000);
  // Where to pay: the borrower's account if their app opened one, else says none yet (the query
  // reads and never opens one: decision 0058).
  const query = await apiCall(page.request, '/repay/query', await tokenOf(page), { orderNo });
  const [quoted] = (query.ret as { orders: { instructions: unknown }[] }).orders;
  await expect(
    answer.getByText(
      quoted!.instructions
        ? 'Where the borrower pays'
        : 'No payment account yet: the borrower’s app opens one on first repayment.',
    ),
  ).toBeVisible();
});

test('a settlement above the approval amount waits until a second person approves it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // The administrator asks for a settlement of an order not yet due: more than ₹1,000.
  await openAs(page, admin);
  const before = await planRow(page, { status: 'ACTIVE', waiverPending: false });
  const { orderNo } = before;
  await page.goto(`/repay/repayPlan?orderNo=${orderNo}`);
  const row = rowOf(page, orderNo);
  await row.getByRole('button', { name: `Waiver: ${orderNo}`, exact: true }).click();
  const asking = page.getByRole('dialog', { name: `Waiver: ${orderNo}` });
  await asking.getByText('Settle: waive everything still owed').click();
  await asking.getByLabel('Reason').fill('Borrower lost their job');
  await asking.getByRole('button', { name: 'Waiver' }).click();
  await expect(
    page
      .locator('.ant-message')
      .getByText(
        `Waiting for approval: a waiver of ${rupees(before.clearingTodayPaise)} is above the amount one person may waive`,
      ),
  ).toBeVisible();
  await expect(row).toContainText('Waiver awaiting approval');
  await expect(row.getByRole('button', { name: `Waiver: ${orderNo}`, exact: true })).toBeDisabled();
  // The one who asked cannot decide it.
  await row.getByRole('button', { name: `Approve waiver: ${orderNo}` }).click();
  const own = page.getByRole('dialog', { name: `Approve waiver: ${orderNo}` });
  await expect(own.getByText('You asked for this waiver')).toBeVisible();
  await expect(own.getByRole('button', { name: 'Approve and waive' })).toBeDisabled();

  // Finance, another person, finds it among the waiting waivers and approves it.
  const checker = await (await browser.newContext()).newPage();
  await openAs(checker, finance, '/repay/repayPlan?waiverPending=true');
  const waiting = rowOf(checker, orderNo);
  await expect(waiting).toContainText('Waiver awaiting approval');
  await waiting.getByRole('button', { name: `Approve waiver: ${orderNo}` }).click();
  const dialog = checker.getByRole('dialog', { name: `Approve waiver: ${orderNo}` });
  await expect(dialog).toContainText(rupees(before.clearingTodayPaise));
  await expect(dialog).toContainText('Borrower lost their job');
  await dialog.getByRole('button', { name: 'Approve and waive' }).click();
  await expect(checker.locator('.ant-message').getByText('Waiver approved and done')).toBeVisible();
  // Settled: the order leaves the repayment plan.
  await expect(waiting).toBeHidden();
  const settled = await apiCall(checker.request, '/order/detail', await tokenOf(checker), {
    orderNo,
  });
  expect(settled.ret).toMatchObject({ status: 'CLEARED', closureType: 'SETTLED_WITH_WAIVER' });
});

test('a write-off always waits until a second person approves it', async ({ page, browser }) => {
  test.setTimeout(120_000);
  // The administrator asks to write off an overdue order that has nothing waiting.
  await openAs(page, admin);
  const { orderNo } = await planRow(page, {
    status: 'OVERDUE',
    waiverPending: false,
    writeOffPending: false,
  });
  await page.goto(`/repay/repayPlan?orderNo=${orderNo}`);
  const row = rowOf(page, orderNo);
  await row.getByRole('button', { name: `Write off: ${orderNo}`, exact: true }).click();
  const asking = page.getByRole('dialog', { name: `Write off: ${orderNo}` });
  await expect(asking).toContainText('Another person must approve it');
  await asking.getByLabel('Reason').fill('No payment for 60 days; recovery unlikely');
  await asking.getByRole('button', { name: 'Write off' }).click();
  await expect(
    page
      .locator('.ant-message')
      .getByText('Write-off sent for approval: another person must approve it'),
  ).toBeVisible();
  // Nothing is written off yet: the order stays in the plan, tagged, and takes no second request.
  await expect(row).toContainText('Write-off awaiting approval');
  await expect(
    row.getByRole('button', { name: `Write off: ${orderNo}`, exact: true }),
  ).toBeDisabled();
  await row.getByRole('button', { name: `Approve write-off: ${orderNo}` }).click();
  const own = page.getByRole('dialog', { name: `Approve write-off: ${orderNo}` });
  await expect(own.getByText('You asked for this write-off')).toBeVisible();
  await expect(own.getByRole('button', { name: 'Approve and write off' })).toBeDisabled();

  // Finance, another person, finds it among the waiting write-offs and approves it.
  const checker = await (await browser.newContext()).newPage();
  await openAs(checker, finance, '/repay/repayPlan?writeOffPending=true');
  const waiting = rowOf(checker, orderNo);
  await expect(waiting).toContainText('Write-off awaiting approval');
  await waiting.getByRole('button', { name: `Approve write-off: ${orderNo}` }).click();
  const dialog = checker.getByRole('dialog', { name: `Approve write-off: ${orderNo}` });
  await expect(dialog).toContainText('No payment for 60 days; recovery unlikely');
  await dialog.getByRole('button', { name: 'Approve and write off' }).click();
  await expect(
    checker.locator('.ant-message').getByText('Write-off approved and done'),
  ).toBeVisible();
  // Written off: the order leaves the repayment plan.
  await expect(waiting).toBeHidden();
  const written = await apiCall(checker.request, '/order/detail', await tokenOf(checker), {
    orderNo,
  });
  expect(written.ret).toMatchObject({ status: 'WRITTEN_OFF', pendingApproval: null });
});
