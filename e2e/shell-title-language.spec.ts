import { expect, test } from './fixtures';
import { apiCall, choose, finance, sideMenu, signIn, tokenOf } from './support';

test('after signing in, no frame shows the sign-in title at a signed-in address', async ({
  page,
}) => {
  // Every painted frame's address and title, and every title change as it happens.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { seenTitles: string[] }).seenTitles = seen;
    const note = () => {
      const entry = `${location.pathname} | ${document.title}`;
      if (seen.at(-1) !== entry) seen.push(entry);
    };
    const everyFrame = () => {
      note();
      requestAnimationFrame(everyFrame);
    };
    requestAnimationFrame(everyFrame);
    new MutationObserver(note).observe(document, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
  await page.goto('/login');
  await expect(page).toHaveTitle(/^Login - /);
  await page.getByLabel('E-mail').fill(finance.email);
  await page.getByLabel('Password').fill(finance.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page).toHaveTitle('Dashboard - Lending Console');

  const seen = await page.evaluate(
    () => (window as unknown as { seenTitles: string[] }).seenTitles,
  );
  expect(seen.some((entry) => entry.startsWith('/login | Login - '))).toBe(true);
  expect(seen.filter((entry) => !entry.startsWith('/login'))).not.toContainEqual(
    expect.stringMatching(/\| Login - /),
  );
});

test('a language switch refused because the session ended changes nothing and is not called a success', async ({
  page,
  request,
}) => {
  await signIn(page, finance);
  // The session ends elsewhere (another device logs out).
  expect((await apiCall(request, '/user/logout', await tokenOf(page))).code).toBe(0);

  await choose(page, 'Language', '中文');
  const dialog = page.getByRole('dialog', { name: 'Confirm logout' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // Still English: the page, the selector and the stored language cookie.
  await expect(sideMenu(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(page).toHaveTitle('Dashboard - Lending Console');
  await expect(page.getByRole('button', { name: 'Language' })).toBeVisible();
  await expect(page.getByText('Switch Language Success')).toHaveCount(0);
  await expect(page.getByText('切换语言成功')).toHaveCount(0);
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === 'language')?.value ?? 'en').toBe('en');
});
