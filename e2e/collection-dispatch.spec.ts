import { expect, test } from './fixtures';
import { admin, apiCall, finance, pick, openAs, tokenOf } from './support';

const collector = { email: 'collector@example.com', password: 'Collector12345' };
const KABIR = 'Kabir Collector';

interface CaseRow {
  id: number;
  orderNo: string;
  collectorName: string | null;
}

/**
 * A case from dispatch to its end, across three people's screens: the administrator hands an
 * overdue case to Kabir on the dispatch screen; Kabir finds it among his cases and opens it;
 * finance records the borrower's payment of everything owed; the case is then finished, in
 * Kabir's finished list. (Follow-ups within the law are collection.spec.ts's journey.)
 */
test('a case dispatched to a collector is finished when the borrower pays in full', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await openAs(page, admin);
  // An early-stage case (Kabir's group) that a collector holds, someone else's if there is one.
  const cases = await apiCall(page.request, '/recovery/case_list', await tokenOf(page), {
    pageSize: 100,
    filters: { kind: 'collection', state: 'open', stage: 'S1' },
  });
  expect(cases.code).toBe(0);
  const held = (cases.ret as { list: CaseRow[] }).list.filter((c) => c.collectorName);
  const target = held.find((c) => c.collectorName !== KABIR) ?? held[0];
  expect(target, 'the demo book has an early-stage case held by a collector').toBeDefined();
  const { orderNo } = target!;

  // The administrator takes it back to the pool, then distributes it to Kabir.
  await page.goto('/collection/collectionDispatchManage');
  await page.getByRole('textbox', { name: /^Order No\./ }).fill(orderNo);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByRole('row').filter({ hasText: orderNo });
  await expect(row).toContainText(target!.collectorName!, { timeout: 30_000 });
  const select = page.getByRole('checkbox', { name: `Select ${orderNo}` });
  await select.check();
  await page.getByRole('button', { name: 'Take back to pool' }).click();
  const takeBack = page.getByRole('dialog', { name: 'Take 1 cases back to the pool' });
  await takeBack.getByRole('button', { name: 'Take back' }).click();
  await expect(takeBack.getByText('fill remarks')).toBeVisible();
  await takeBack.getByLabel('Remarks').fill('e2e: reassigning to the early-stage desk');
  await takeBack.getByRole('button', { name: 'Take back' }).click();
  await expect(takeBack).toBeHidden();
  await expect(row).not.toContainText(/\w+ Collector/);

  await select.check();
  await page.getByRole('button', { name: 'Distribute' }).click();
  const dialog = page.getByRole('dialog', { name: 'Distribute 1 cases' });
  await expect(dialog).toBeVisible();
  // No receiver chosen: refused before anything is sent, in the spec's words.
  await dialog.getByRole('button', { name: 'Distribute' }).click();
  await expect(dialog.getByText('select a pre-receiver')).toBeVisible();
  const option = page.locator(`.ant-select-item-option[title^="${KABIR}"]`);
  await expect(async () => {
    if (!(await option.isVisible())) await dialog.getByLabel('Receiver').click();
    await option.click({ timeout: 2_000 });
    await expect(option).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await dialog.getByRole('button', { name: 'Distribute' }).click();
  await expect(page.getByText('Success distribute')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText(KABIR);

  // Kabir finds it among his cases and opens it.
  await page.context().clearCookies();
  await openAs(page, collector, `/collection/collectionOrderManage/all?orderNo=${orderNo}`);
  const mine = page.getByRole('row').filter({ hasText: orderNo });
  // A list's first call after signing in may wait on a busy machine.
  await expect(mine).toContainText(KABIR, { timeout: 30_000 });
  await mine.getByRole('link', { name: orderNo }).click();
  await expect(
    page.getByRole('heading', { name: `Collection order detail ${orderNo}` }),
  ).toBeVisible();
  // The case history keeps both moves, and who made them.
  await expect(page.getByText(/Taken back to the pool · .* Admin/)).toBeVisible();
  await expect(
    page.getByText(new RegExp(`Dispatched by hand · — → ${KABIR} · Admin`)),
  ).toBeVisible();

  // Finance records the borrower's transfer of everything that clears the order today.
  await page.context().clearCookies();
  await openAs(page, finance);
  const plan = await apiCall(page.request, '/repay/plan_list', await tokenOf(page), {
    pageSize: 1,
    filters: { orderNo },
  });
  expect(plan.code).toBe(0);
  const [due] = (plan.ret as { list: { clearingTodayPaise: number }[] }).list;
  expect(due).toBeDefined();
  await page.goto(`/repay/repayPlan?orderNo=${orderNo}`);
  const planRow = page.getByRole('row').filter({ hasText: orderNo });
  await planRow.getByRole('button', { name: `Record repayment: ${orderNo}` }).click();
  const record = page.getByRole('dialog', { name: `Record repayment: ${orderNo}` });
  await record.getByLabel('Amount (₹)').fill((due!.clearingTodayPaise / 100).toFixed(2));
  await pick(page, 'Channel', 'NEFT');
  await record.getByLabel('Reference (UTR or receipt number)').fill(`E2ECASE${Date.now()}`);
  await record.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.ant-message').getByText('Repayment recorded')).toBeVisible();

  // The case is finished: off Kabir's open cases, on his finished list.
  await page.context().clearCookies();
  await openAs(page, collector, `/collection/collectionOrderManage/finish?orderNo=${orderNo}`);
  const finished = page.getByRole('row').filter({ hasText: orderNo });
  await expect(finished).toContainText(KABIR, { timeout: 30_000 });
  await expect(finished).toContainText('Finished');
  await page.goto(`/collection/collectionOrderManage/all?orderNo=${orderNo}`);
  await expect(page.getByRole('row').filter({ hasText: orderNo })).toHaveCount(0);
});
