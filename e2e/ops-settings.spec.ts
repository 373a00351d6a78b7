import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { admin, apiCall, apiLogin, openAs } from './support';

/**
 * An administrator reads the collection stage flow on the demo book, then narrows the
 * collection conduct guard's daily attempt cap on the operations settings: a bad value is
 * refused with the setting named, a good one is saved and the server applies it at once.
 */

function rowOf(page: Page, cell: string) {
  return page.getByRole('row').filter({ has: page.getByRole('cell', { name: cell, exact: true }) });
}

test('the stage flow shows the demo book; a changed operations setting acts at once', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await openAs(page, admin);

  await page.goto('/collection/performance2');
  await expect(page.getByRole('heading', { name: 'Collection stage flow', level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  // The simulator's cases: stage S1 stays, rolling on to S2, with their rates.
  const s1 = page.getByRole('row').filter({ hasText: 'S1 → S2' }).first();
  await expect(s1).toBeVisible();
  await expect(s1).toContainText(/\d+\.\d\d %/);

  await page.goto('/toolMage/systemConfig2');
  await expect(page.getByRole('heading', { name: 'Operations settings', level: 1 })).toBeVisible();
  for (const item of ['day_end_time', 'recovery_contact_hours', 'recovery_attempt_cap'])
    await expect(rowOf(page, item)).toBeVisible();
  await expect(page.getByRole('button', { name: /New configuration item/ })).toHaveCount(0);
  const cap = rowOf(page, 'recovery_attempt_cap');
  await cap.getByRole('button', { name: /Edit/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Value').fill('0');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText(/from 1 to 20/)).toBeVisible();
  await dialog.getByLabel('Value').fill('4');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.ant-message').getByText('Save Success').last()).toBeVisible();
  await expect(cap).toContainText('4');

  // The conduct guard reads the new cap on the next case it shows, without a restart.
  const token = await apiLogin(page.request, admin);
  const cases = (await apiCall(page.request, '/recovery/case_list', token, {
    filters: { kind: 'collection', state: 'open' },
    pageSize: 1,
  })) as { ret: { list: { id: number }[] } };
  const detail = (await apiCall(page.request, '/recovery/case_detail', token, {
    caseId: cases.ret.list[0]!.id,
  })) as { ret: { contact: { attemptCap: number } } };
  expect(detail.ret.contact.attemptCap).toBe(4);
});
