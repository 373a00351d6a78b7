import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { admin, openAs } from './support';

/**
 * An administrator changes a system configuration item and releases a forced app version in
 * the console; the borrower API answers the app with the new values at once (no restart).
 */

async function appApi(request: APIRequestContext, path: string, data: unknown = {}) {
  const response = await request.post(`/app-api${path}`, { data });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { ret: Record<string, unknown> }).ret;
}

async function toast(page: Page, text: string) {
  await expect(page.locator('.ant-message').getByText(text).last()).toBeVisible();
}

function rowOf(page: Page, cell: string) {
  return page.getByRole('row').filter({ has: page.getByRole('cell', { name: cell, exact: true }) });
}

test('an admin changes a configuration item and releases a version; the app sees both', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // The demo configuration, as the app reads it before any change.
  expect((await appApi(page.request, '/config/get')).reapplyAfterDays).toBe(7);
  expect(await appApi(page.request, '/config/version_check', { version: '1.2.0' })).toEqual({
    update: 'none',
    latest: null,
  });

  await openAs(page, admin, '/systemConfig/systemConfig');
  await expect(page.getByRole('heading', { name: 'System settings', level: 1 })).toBeVisible();
  const item = rowOf(page, 'reapply_after_days');
  await expect(item).toContainText('7');
  await item.getByRole('button', { name: /Edit/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Value').fill('');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(
    dialog.getByText('configuration item, value and remarks cannot be empty'),
  ).toBeVisible();
  await dialog.getByLabel('Value').fill('14');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await toast(page, 'Save Success');
  await expect(item).toContainText('14');
  expect((await appApi(page.request, '/config/get')).reapplyAfterDays).toBe(14);

  await page.goto('/systemConfig/CCFOnly');
  await expect(rowOf(page, '1.2.0')).toBeVisible();
  await page.getByRole('button', { name: 'New release' }).click();
  await expect(page).toHaveURL(/\/systemConfig\/addCCFOnly$/);
  // Visited pages stay mounted in their tabs: work inside the release form.
  const form = page.locator('form#version-form');
  await form.getByLabel('Version number').fill('2.0.0');
  await form.getByLabel('Update content').fill('Hindi screens and a new repayment flow');
  await form.getByRole('switch').click();
  await form
    .getByLabel('Package address')
    .fill('https://downloads.lending.example.in/app-2.0.0.apk');
  await form.getByRole('button', { name: 'Release' }).click();
  await toast(page, 'Save Success');
  await expect(page).toHaveURL(/\/systemConfig\/CCFOnly$/);
  await expect(rowOf(page, '2.0.0')).toContainText('Forced');

  expect(await appApi(page.request, '/config/version_check', { version: '1.2.0' })).toEqual({
    update: 'force',
    latest: {
      version: '2.0.0',
      content: 'Hindi screens and a new repayment flow',
      packageUrl: 'https://downloads.lending.example.in/app-2.0.0.apk',
    },
  });
  expect((await appApi(page.request, '/config/version_check', { version: '2.0.0' })).update).toBe(
    'none',
  );
});
