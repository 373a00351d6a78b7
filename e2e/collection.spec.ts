import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { admin, apiCall, apiLogin, indiaDateOf, serverNow, openAs } from './support';

const collector = { email: 'collector@example.com', password: 'Collector12345' };

/** Saves an operations setting as the administrator would on systemConfig2; answers the old value. */
async function setOperations(page: Page, item: string, value: string): Promise<string> {
  const token = await apiLogin(page.request, admin);
  const list = await apiCall(page.request, '/systemConfig/list', token, {
    pageSize: 100,
    filters: { group: 'operations' },
  });
  const rows = (list.ret as { list: { item: string; value: string; remarks: string }[] }).list;
  const row = rows.find((r) => r.item === item);
  expect(row, `the operations setting ${item}`).toBeDefined();
  const saved = await apiCall(page.request, '/systemConfig/save', token, {
    item,
    value,
    type: 'string',
    group: 'operations',
    remarks: row!.remarks,
  });
  expect(saved.code).toBe(0);
  return row!.value;
}

// The journeys' server keeps its clock inside 09:00–17:00 India time (decision 0056), so the
// promise is always within the lawful hours; the refusal comes from narrowing the hours in
// force to 08:00–09:00 (operations settings, decision 0049), which "now" is always past. The
// exact boundaries (07:59, 08:00, 18:59, 19:00) are the API tests' (recovery.routes.test.ts).
test('a collector takes a promise on their first case, and a contact outside the hours in force is refused', async ({
  page,
}) => {
  // Four sign-ins and two settings changes on a busy machine.
  test.setTimeout(120_000);
  // Today's attempts on a demo case are the simulator's: make room for the journey's two.
  const cap = await setOperations(page, 'recovery_attempt_cap', '20');
  let hours: string | undefined;
  try {
    await openAs(page, collector, '/precollection/myPreCollectionManage/myOrderList');
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    // A list's first call after signing in may wait on a busy machine.
    await expect(rows.first()).toBeVisible({ timeout: 30_000 });
    const firstLink = rows.first().getByRole('link').first();
    const orderNo = (await firstLink.innerText()).trim();
    await firstLink.click();
    await expect(page.getByText('Contact hours')).toBeVisible();
    await expect(page.getByText('Within hours')).toBeVisible();

    // A promise to pay today, within the hours.
    const remarks = `e2e promise ${Date.now()}`;
    await page.getByRole('button', { name: 'Follow up' }).click();
    const dialog = page.getByRole('dialog', { name: `Follow-up ${orderNo}` });
    await expect(dialog).toBeVisible();
    // A missing status and remarks are refused before anything is sent.
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('select a follow-up status')).toBeVisible();
    await pickInDialog(page, dialog, 'Follow status', 'promise');
    await dialog.getByLabel('Promise-to-pay date').fill(indiaDateOf(serverNow()));
    await dialog.getByLabel('Promise-to-pay date').press('Enter');
    await dialog.getByLabel('Promised amount').fill('100');
    await dialog.getByLabel('Remarks').fill(remarks);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Follow-up saved')).toBeVisible();
    await expect(dialog).toBeHidden();
    const timeline = page.locator('.ant-card').filter({ hasText: 'Follow-ups' });
    await expect(timeline.getByText(remarks)).toBeVisible();

    // The manager narrows the hours in force; the next contact is refused, naming them, and kept.
    hours = await setOperations(page, 'recovery_contact_hours', '08:00-09:00');
    await page.reload();
    await expect(page.getByText('Outside hours: contact refused')).toBeVisible();
    await page.getByRole('button', { name: 'Follow up' }).click();
    await pickInDialog(page, dialog, 'Follow status', 'connected');
    await dialog.getByLabel('Remarks').fill(`${remarks} (after hours)`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(/No recovery contact outside 08:00–09:00/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.reload();
    await expect(timeline.getByText('Refused: outside the contact hours').first()).toBeVisible();
  } finally {
    if (hours !== undefined) await setOperations(page, 'recovery_contact_hours', hours);
    await setOperations(page, 'recovery_attempt_cap', cap);
  }

  // The administrator sees the floor's figures.
  await page.context().clearCookies();
  await openAs(page, admin, '/collection/collectionDailyProcess');
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
});

/**
 * The follow-up dialog's select: the list behind the detail has a filter of the same label, so
 * the option is picked from the dialog's own dropdown.
 */
async function pickInDialog(
  page: Page,
  dialog: ReturnType<Page['getByRole']>,
  label: string,
  option: string,
) {
  const item = page.locator(`.ant-select-item-option[title="${option}"]`);
  await expect(async () => {
    if (!(await item.isVisible())) await dialog.getByLabel(label).click();
    await item.click({ timeout: 2_000 });
    await expect(item).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}
