import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiCall, apiLogin, openAs } from './support';

/**
 * The marketing desk: Maya sees the demo book's campaigns with their delivery figures, then
 * schedules a campaign to registered-but-never-applied borrowers. The send time is a date
 * days ahead at 11:00 India time, so the journey passes at any hour of the real day; a time
 * outside TRAI's 10:00–21:00 is refused before anything is asked.
 */
const marketing = { email: 'marketing@example.com', password: 'Marketing12345' };

function rowOf(page: Page, name: string) {
  return page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
}

/** The India date `days` after today (a date only: the time of day does not matter). */
function indiaDateIn(days: number): string {
  const india = new Date(Date.now() + 5.5 * 3_600_000 + days * 86_400_000);
  return india.toISOString().slice(0, 10);
}

test('a marketer sees campaigns with delivery figures and schedules one to an audience', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // What the demo book holds: a campaign sent and reported on by the SMS sandbox.
  const token = await apiLogin(page.request, marketing);
  const listed = await apiCall(page.request, '/marketing_sms/list', token, {
    filters: { status: 'completed' },
  });
  const done = (listed.ret as { list: { name: string; delivered: number }[] }).list[0]!;
  expect(done.delivered).toBeGreaterThan(0);

  await openAs(page, marketing, '/toolMage/marketingSMS');
  await expect(page.getByRole('heading', { name: 'Marketing SMS', level: 1 })).toBeVisible();
  const sent = rowOf(page, done.name);
  await expect(sent).toContainText('Completed');
  await expect(sent).toContainText(done.delivered.toLocaleString('en-IN'));

  await page.getByRole('button', { name: 'New campaign' }).click();
  await expect(page).toHaveURL(/\/toolMage\/marketingSendSMS$/);
  const form = page.locator('form#campaign-form');
  const name = `Finish your application ${Date.now()}`;
  await form.getByLabel('Campaign').fill(name);
  await form.getByText('Registered, never applied').click();
  await form.getByRole('button', { name: 'Count audience' }).click();
  await expect(form.getByText('Will receive')).toBeVisible();
  await form.getByRole('combobox', { name: 'Template' }).click();
  await page.getByTitle('Festive offer (marketing_offer_v1)').click();
  await form.getByLabel('amount').fill('25,000');
  await expect(form.getByTestId('campaign-message')).toContainText('up to Rs 25,000');

  const date = indiaDateIn(3);
  await form.getByLabel('Date (India)').fill(date);
  await form.getByLabel('Time (India)').fill('22:00');
  await form.getByRole('button', { name: 'Review and send' }).click();
  await expect(
    form.getByText('Only between 10:00 and 21:00 India time', { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();

  await form.getByLabel('Time (India)').fill('11:00');
  await form.getByRole('button', { name: 'Review and send' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`on ${date} at 11:00 India time.`);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.locator('.ant-message').getByText('Campaign scheduled')).toBeVisible();

  await expect(page).toHaveURL(/\/toolMage\/marketingSMS$/);
  const scheduled = rowOf(page, name);
  await expect(scheduled).toContainText('Scheduled');
  await expect(scheduled).toContainText('Registered, never applied');
});
