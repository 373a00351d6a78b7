import { expect, test } from '@playwright/test';
import { admin, signIn } from './support';

const collector = { email: 'collector@example.com', password: 'Collector12345' };

/** Whether recovery contact is allowed now: 08:00 to 19:00 India time (the conduct guard). */
function withinContactHours(now = new Date()): boolean {
  const indiaMinutes = (now.getUTCHours() * 60 + now.getUTCMinutes() + 330) % (24 * 60);
  return indiaMinutes >= 8 * 60 && indiaMinutes < 19 * 60;
}

// The server runs on the real clock, so whether a contact is allowed depends on when the
// journey runs: inside the hours the follow-up is saved, outside them it is refused and the
// refusal is kept in the case's timeline. The exact boundaries (07:59, 08:00, 18:59, 19:00)
// are shown by the API tests on a set clock (recovery.routes.test.ts).
test('a collector works their own case: follow-up within the law, seen in the timeline and the reports', async ({
  page,
}) => {
  await signIn(page, collector);
  await page.goto('/precollection/myPreCollectionManage/myOrderList');
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  const firstLink = rows.first().getByRole('link').first();
  const orderNo = (await firstLink.innerText()).trim();
  await firstLink.click();

  await expect(page.getByText('Contact hours')).toBeVisible();
  const inHours = withinContactHours();
  await expect(
    page.getByText(inHours ? 'Within hours' : 'Outside hours: contact refused'),
  ).toBeVisible();

  const remarks = `e2e follow-up ${Date.now()}`;
  await page.getByRole('button', { name: 'Follow up' }).click();
  const dialog = page.getByRole('dialog', { name: `Follow-up ${orderNo}` });
  await expect(dialog).toBeVisible();
  // A missing status and remarks are refused before anything is sent.
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('select a follow-up status')).toBeVisible();
  // The list behind the detail has a filter of the same name: the dialog's own select.
  const status = page.locator('.ant-select-item-option[title="connected"]');
  await expect(async () => {
    if (!(await status.isVisible())) await dialog.getByLabel('Follow status').click();
    await status.click({ timeout: 2_000 });
    await expect(status).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await dialog.getByLabel('Remarks').fill(remarks);
  await dialog.getByRole('button', { name: 'Save' }).click();

  const timeline = page.locator('.ant-card').filter({ hasText: 'Follow-ups' });
  if (inHours) {
    // Saved, unless this case already had today's allowed attempts: refused, and recorded.
    const saved = page.getByText('Follow-up saved');
    const capped = page.getByText(/contact attempts for today/);
    await expect(saved.or(capped)).toBeVisible();
    if (await saved.isVisible()) {
      await expect(dialog).toBeHidden();
      await expect(timeline.getByText(remarks)).toBeVisible();
    } else {
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await page.reload();
      await expect(timeline.getByText('Refused: daily attempt cap reached').first()).toBeVisible();
    }
  } else {
    await expect(page.getByText(/No recovery contact outside/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.reload();
    await expect(timeline.getByText('Refused: outside the contact hours').first()).toBeVisible();
  }

  // The administrator sees the floor's figures.
  await page.context().clearCookies();
  await signIn(page, admin);
  await page.goto('/collection/collectionDailyProcess');
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
});
