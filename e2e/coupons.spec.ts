import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { admin, apiCall, apiLogin, finance, lastSmsCode, pick, openAs } from './support';

const marketing = { email: 'marketing@example.com', password: 'Marketing12345' };

/** The journey's coupon: ₹10.00 off interest on a loan of at least ₹5,000.00. */
const REDUCTION_PAISE = 1_000;
const THRESHOLD_PAISE = 500_000;

interface OrderRow {
  orderNo: string;
}
interface OrderDetail {
  id: number;
  orderNo: string;
  status: string;
  principalPaise: number;
  outstanding: { interest: number };
  customer: {
    id: number;
    phone: string;
    channel: string;
    registrationDate: string;
    customerType: 'new' | 'old';
  };
  journals: { eventType: string }[];
}
interface AudienceRow {
  phone: string;
}
interface AppCoupon {
  id: number;
  title: string;
  state: string;
  orderId: number | null;
  reducedPaise: number | null;
}
interface AppLoan {
  orderId: number;
  amountToClearTodayPaise: number;
}

/** A borrower API call as the borrower's app makes it; the answer's code and message. */
async function appCall(request: APIRequestContext, path: string, data: unknown, token?: string) {
  const response = await request.post(`/app-api${path}`, {
    data,
    headers: token ? { 'X-App-Token': token } : {},
  });
  return (await response.json()) as { code: number; msg: string; ret: unknown };
}

async function app<T>(request: APIRequestContext, path: string, data: unknown, token?: string) {
  const body = await appCall(request, path, data, token);
  expect(body.code, `${path}: ${body.msg}`).toBe(0);
  return body.ret as T;
}

/**
 * An open loan of at least the threshold with at least the reduction of interest owed and no
 * coupon on it yet, whose borrower a filterUsers audience (everyone of their channel, new/old
 * type and registration day) reaches on one page: the oldest such loan of the demo book.
 */
async function loanForTheCoupon(request: APIRequestContext, token: string) {
  const orders = await apiCall(request, '/order/list', token, {
    pageSize: 30,
    sort: { field: 'appliedAt', order: 'asc' },
    filters: { status: 'ACTIVE', minAmountPaise: THRESHOLD_PAISE },
  });
  expect(orders.code, orders.msg).toBe(0);
  for (const { orderNo } of (orders.ret as { list: OrderRow[] }).list) {
    const detail = (await apiCall(request, '/order/detail', token, { orderNo })).ret as OrderDetail;
    if (detail.outstanding.interest < REDUCTION_PAISE) continue;
    if (detail.journals.some((journal) => journal.eventType === 'coupon')) continue;
    const { customer } = detail;
    const audience = await apiCall(request, '/coupon/audience', token, {
      pageSize: 20,
      filters: {
        segment: 'all',
        customerType: customer.customerType,
        channel: customer.channel,
        registeredFrom: customer.registrationDate,
        registeredTo: customer.registrationDate,
      },
    });
    expect(audience.code, audience.msg).toBe(0);
    const { list, total } = audience.ret as { list: AudienceRow[]; total: number };
    if (total <= 20 && list.some((row) => row.phone === customer.phone)) return detail;
  }
  throw new Error('the demo book has no open loan of ₹5,000 or more with ₹10 of interest owed');
}

/**
 * Coupons end to end (issue #14, journey 1), as the marketing team and a borrower do it:
 * marketing creates a coupon on the list and sends it, after a confirmation, to an audience
 * built on filterUsers that reaches a borrower with an open loan above the coupon's threshold;
 * the borrower signs in to the app with an SMS code, finds the coupon, uses it on the loan
 * (once: a second use is refused) and pays what is left into their sandbox virtual account;
 * the sending record shows the coupon used on that loan, and the order's ledger shows the
 * ₹10.00 discount posted as a marketing expense.
 */
test('a coupon sent to a filtered audience is used on a repayment and the ledger shows the discount', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const title = `E2E ₹10 off ${Date.now() % 100_000}`;
  const token = await apiLogin(request, admin);
  const loan = await loanForTheCoupon(request, token);
  const { customer } = loan;

  // Marketing creates the coupon on the list.
  await openAs(page, marketing, '/coupon/list');
  await expect(page.getByRole('heading', { name: 'Coupon list' })).toBeVisible();
  // The demo book's coupons: one sent and used, one never sent and unavailable.
  await expect(page.getByText('Welcome back ₹40 off interest')).toBeVisible();
  await page.getByRole('button', { name: 'New coupon' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Reduction amount').fill('10');
  await dialog.getByLabel('Threshold amount').fill('5000');
  await dialog.getByLabel('Total number').fill('5000');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Save Success')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('₹10.00 off');
  await expect(row).toContainText('₹5,000.00');
  await expect(row).toContainText('available');

  // The audience: every borrower of the channel, new/old type and registration day of the
  // borrower with the open loan (blacklisted borrowers are left out and counted).
  await page.goto('/coupon/filterUsers');
  await pick(page, 'Audience', 'All borrowers');
  await pick(page, 'New/old', customer.customerType === 'new' ? 'New' : 'Old');
  await page.getByLabel('Channel', { exact: true }).fill(customer.channel);
  await page.getByPlaceholder('Start date').fill(customer.registrationDate);
  await page.getByPlaceholder('Start date').press('Enter');
  await page.getByPlaceholder('End date').fill(customer.registrationDate);
  await page.getByPlaceholder('End date').press('Enter');
  await page.getByRole('button', { name: 'Find audience' }).click();
  const size = page.getByText(/borrower\(s\) match\. \d+ blacklisted borrower\(s\) left out\./);
  await expect(size).toBeVisible();
  const matched = Number(/^(\d+)/.exec((await size.textContent()) ?? '')?.[1]);
  expect(matched).toBeGreaterThan(0);
  // The borrower is in it, masked, with the channel and registration day asked for.
  const member = page.getByRole('row').filter({ hasText: customer.phone });
  await expect(member).toContainText(customer.channel);
  await expect(member).toContainText(customer.registrationDate);

  await pick(page, 'Choose a coupon to send', `${title} (5000 left)`);
  await page.getByRole('button', { name: 'Send coupon' }).click();
  const confirm = page.locator('.ant-modal-confirm');
  await expect(confirm).toContainText(`Send ${title} to ${matched} borrower(s)?`);
  await confirm.getByRole('button', { name: 'Send coupon' }).click();
  await expect(page.getByText(`Sent to ${matched} borrower(s); 0 already held it;`)).toBeVisible();

  await page.goto('/coupon/couponSendingRecord');
  await expect(page.getByRole('heading', { name: 'Coupon sending records' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: title }).first()).toContainText('unused');

  // The borrower signs in to the app with the code the SMS brought.
  const phone = await apiCall(request, '/customer/unmask', token, {
    customerId: customer.id,
    field: 'phone',
  });
  expect(phone.code, phone.msg).toBe(0);
  const mobile = String((phone.ret as { value: string }).value).slice(-10);
  await app(request, '/auth/send_otp', { phone: mobile });
  const { token: appToken } = await app<{ token: string }>(request, '/auth/verify_otp', {
    phone: mobile,
    code: lastSmsCode(mobile),
  });

  // Their coupons: the one just sent, unused; their loan and what clears it today.
  const coupons = await app<{ list: AppCoupon[] }>(request, '/coupon/list', {}, appToken);
  const held = coupons.list.find((coupon) => coupon.title === title);
  expect(held).toMatchObject({ state: 'unused', orderId: null, reducedPaise: null });
  const loans = await app<{ list: AppLoan[] }>(request, '/loan/list', {}, appToken);
  const before = loans.list.find((l) => l.orderId === loan.id);
  expect(before, `the borrower's app lists ${loan.orderNo}`).toBeDefined();

  // They use it on the loan: ₹10.00 comes off what clears it. A second use is refused.
  const used = await app<{ reducedPaise: number; outstandingPaise: number }>(
    request,
    '/coupon/apply',
    { orderId: loan.id, couponId: held!.id, idempotencyKey: `e2e-coupon-${held!.id}` },
    appToken,
  );
  expect(used.reducedPaise).toBe(REDUCTION_PAISE);
  expect(used.outstandingPaise).toBe(before!.amountToClearTodayPaise - REDUCTION_PAISE);
  const again = await appCall(
    request,
    '/coupon/apply',
    { orderId: loan.id, couponId: held!.id, idempotencyKey: `e2e-coupon-${held!.id}-again` },
    appToken,
  );
  expect(again).toMatchObject({ code: 4141, msg: `Coupon ${title} has already been used` });

  // They pay what is left into their sandbox virtual account; the sandbox reports the credit
  // to the server by signed webhook, and the loan clears.
  const instructions = await app<{
    amountToClearTodayPaise: number;
    virtualAccount: { accountNumber: string };
  }>(request, '/repay/instructions', { orderId: loan.id }, appToken);
  expect(instructions.amountToClearTodayPaise).toBe(used.outstandingPaise);
  const paid = await apiCall(request, '/demo/sandbox_credit', token, {
    accountNumber: instructions.virtualAccount.accountNumber,
    amountPaise: instructions.amountToClearTodayPaise,
  });
  expect(paid.code, paid.msg).toBe(0);
  await expect(async () => {
    const detail = await apiCall(request, '/order/detail', token, { orderNo: loan.orderNo });
    expect((detail.ret as OrderDetail).status).toBe('CLEARED');
  }).toPass({ timeout: 30_000 });
  const after = await app<{ list: AppCoupon[] }>(request, '/coupon/list', {}, appToken);
  expect(after.list.find((coupon) => coupon.id === held!.id)).toMatchObject({
    state: 'used',
    orderId: loan.id,
    reducedPaise: REDUCTION_PAISE,
  });

  // Marketing sees it used on the sending record: on which loan, for how much.
  await page.goto('/coupon/couponSendingRecord?state=used');
  const usedRecord = page.getByRole('row').filter({ hasText: title });
  await expect(usedRecord).toHaveCount(1);
  await expect(usedRecord).toContainText('used');
  await expect(usedRecord).toContainText(loan.orderNo);
  await expect(usedRecord).toContainText('₹10.00');

  // Finance sees the discount in the order's ledger: the coupon journal debits the marketing
  // expense and credits the interest receivable by ₹10.00, before the repayment that cleared it.
  const books = await (await browser.newContext()).newPage();
  await openAs(books, finance, `/loan/loanDetail?orderNo=${loan.orderNo}`);
  await expect(books.getByText('Cleared on').first()).toBeVisible();
  await books.getByRole('tab', { name: /^Ledger/ }).click();
  const ledger = books.getByRole('tabpanel', { name: /^Ledger/ });
  const expense = ledger.getByRole('row').filter({ hasText: 'expense:marketing' });
  const interest = ledger
    .getByRole('row')
    .filter({ hasText: 'coupon' })
    .filter({ hasText: 'loans_receivable:interest' });
  // The ledger shows 20 lines a page, oldest first: turn the pages as a person would.
  const turnTo = (line: typeof expense) =>
    expect(async () => {
      if (!(await line.isVisible()))
        await ledger.getByRole('listitem', { name: 'Next Page' }).click();
      await expect(line).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
  await turnTo(expense);
  await expect(expense).toHaveCount(1);
  await expect(expense).toContainText('coupon');
  // Journal, event, date, the day it belongs to (when booked later), account, component, debit,
  // credit.
  await expect(expense.getByRole('cell').nth(6)).toHaveText('₹10.00');
  await turnTo(interest);
  await expect(interest.getByRole('cell').nth(7)).toHaveText('₹10.00');
  await books.context().close();
});
