import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiCall, finance, sideMenu, openAs, tokenOf } from './support';

interface Funnel {
  registrations: number;
  conversionRate: number | null;
}

/** The share as the pages show it: one decimal of percent. */
const percent = (share: number | null) => (share === null ? '—' : `${(share * 100).toFixed(1)}%`);

/** Opens a page from the side menu (in the app, no reload), its group first if closed. */
async function open(page: Page, group: string, item: string) {
  const menu = sideMenu(page);
  const entry = menu.getByRole('menuitem', { name: item, exact: true });
  if (!(await entry.isVisible())) await menu.getByText(group, { exact: true }).click();
  await entry.click();
  await expect(page.getByRole('heading', { name: item, level: 1 })).toBeVisible();
}

/**
 * Finance reads the channel reports of the demo book: registrations per day and channel, each
 * channel's funnel narrowed to one channel, the re-borrow rates, channel monitoring (exported)
 * and, under Tools, each channel's funnel over time.
 */
test('finance crosses the channel reports, narrows one to a channel, and exports', async ({
  page,
}) => {
  // Six report screens in one journey: on a busy shared machine the default minute is short.
  test.slow();
  await openAs(page, finance);
  const token = await tokenOf(page);
  // Visited pages stay mounted (hidden) in their tabs: read the page on show only.
  const rows = page.locator('tbody tr[data-row-key]:visible');
  const totals = page.locator('.ant-descriptions:visible');

  // Registration report: the range's totals are the API's.
  await open(page, 'Reports', 'Registration report');
  const registered = (
    (await apiCall(page.request, '/report/registration_report', token)).ret as {
      totals: { registrations: number };
    }
  ).totals;
  expect(registered.registrations).toBeGreaterThan(0);
  await expect(totals).toContainText(registered.registrations.toLocaleString('en-IN'));

  // Channel conversion: every channel, then one of them through the channel filter.
  await open(page, 'Reports', 'Channel conversion rate');
  const byChannel = (
    (await apiCall(page.request, '/report/channel_conversion_rate', token)).ret as {
      list: (Funnel & { channel: string })[];
    }
  ).list;
  expect(byChannel.length).toBeGreaterThan(1);
  const top = byChannel[0]!;
  // A share strictly between 0 and 100 %: rates are fractions, not integer division.
  expect(top.conversionRate).toBeGreaterThan(0);
  expect(top.conversionRate).toBeLessThan(1);
  await expect(rows).toHaveCount(byChannel.length);
  // Finance may not list the channels (/channel): the filter takes the code typed.
  await page.getByRole('textbox', { name: /^Channel/ }).fill(top.channel);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(top.channel);
  await expect(rows).toContainText(percent(top.conversionRate));
  await expect(totals).toContainText(top.registrations.toLocaleString('en-IN'));

  // Re-borrow rates: the demo book's cleared loans.
  await open(page, 'Reports', 'Re-borrow rate');
  const cleared = (
    (await apiCall(page.request, '/report/borrow_again_rate', token)).ret as {
      totals: { cleared: number };
    }
  ).totals;
  expect(cleared.cleared).toBeGreaterThan(0);
  await expect(totals).toContainText(cleared.cleared.toLocaleString('en-IN'));

  // Channel monitoring, exported.
  await open(page, 'Reports', 'Channel monitoring');
  await expect(rows.first()).toBeVisible();
  await page
    .getByRole('toolbar', { name: 'List actions' })
    .getByRole('button', { name: 'Export' })
    .click();
  await expect(
    page.getByText('Executing, please go to the download page to download later'),
  ).toBeVisible();

  // Pipeline analysis, under Tools: each channel's funnel per day of registration.
  await open(page, 'Tools', 'Pipeline analysis');
  await expect(page).toHaveURL(/\/toolMage\/pipelineAnalysis$/);
  await expect(rows.first()).toBeVisible();
});
