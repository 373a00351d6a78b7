import { expect, test } from './fixtures';
import { admin, pick, sideMenu, openAs, visitedPages } from './support';

/**
 * The order team's way to an order: the order list of the demo book, filtered by status, and
 * a row's number opening the order detail, whose tab and page title carry the order number.
 */
test('an overdue order found in the order list opens its detail with its amounts', async ({
  page,
}) => {
  await openAs(page, admin, '/order/orderList');
  await expect(page.getByRole('heading', { level: 1, name: 'Order list' })).toBeVisible();
  const table = page.getByRole('table');
  await expect(table.locator('tbody tr[data-row-key]').first()).toBeVisible();

  await pick(page, 'Status', 'Overdue');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/order\/orderList\?status=OVERDUE$/);
  const rows = table.locator('tbody tr[data-row-key]');
  await expect(rows.first()).toBeVisible();
  // Every row on the page is overdue and so in a special-mention class or NPA (its two tags),
  // its customer masked. The rows of before the search stay on screen until the filtered page
  // arrives, so wait for the table to hold only overdue rows.
  const tags = rows.locator('.ant-tag');
  await expect(tags.filter({ hasNotText: /^(Overdue|SMA-[012]|NPA)$/ })).toHaveCount(0);
  await expect(tags.first()).toHaveText('Overdue');
  await expect(rows.first().locator('.ant-tag').nth(1)).toHaveText(/^(SMA-[012]|NPA)$/);
  await expect(rows.first().getByText(/^\*+\d{4}$/)).toBeVisible();

  const link = rows.first().getByRole('link');
  const orderNo = (await link.textContent())?.trim() ?? '';
  expect(orderNo).toMatch(/^LN\d{14}$/);
  await link.click();

  await expect(page).toHaveURL(new RegExp(`/loan/loanDetail\\?orderNo=${orderNo}$`));
  await expect(
    page.getByRole('heading', { level: 1, name: `Disbursement detail ${orderNo}` }),
  ).toBeVisible();
  await expect(
    visitedPages(page).getByRole('tab', { name: `Disbursement detail ${orderNo}` }),
  ).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveTitle(new RegExp(`^Disbursement detail ${orderNo} - `));
  // The hidden detail keeps its menu entry highlighted.
  await expect(sideMenu(page).getByRole('menuitem', { name: 'Disbursement records' })).toHaveClass(
    /ant-menu-item-selected/,
  );

  // Amounts per component, outstanding and what clears the loan today.
  const amounts = page.locator('.ant-card').filter({ hasText: 'Amounts' }).first();
  await expect(amounts.getByRole('row', { name: /^Due ₹/ })).toBeVisible();
  await expect(amounts.getByRole('row', { name: /^Outstanding ₹/ })).toBeVisible();
  await expect(
    amounts.getByRole('row', { name: /^Clearing amount today \(\d{4}-\d{2}-\d{2}\) ₹/ }),
  ).toBeVisible();
  await expect(page.getByRole('tab', { name: /^Payouts \(\d+\)$/ })).toBeVisible();
});
