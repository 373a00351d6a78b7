import { type ConsoleConfig, type EndpointDefinition, configApi } from '@lending/contract';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from './api';
import { followRouteTitles } from './console-config';
import { i18n } from './i18n';

const consoleConfig: ConsoleConfig = {
  productTitle: 'Loans Console',
  languages: ['en', 'zh', 'bur'],
  defaultLanguage: 'en',
  timeZone: 'Asia/Kolkata',
  currency: 'INR',
  uploadLimitBytes: 10_485_760,
  uploadExtensions: ['.xlsx'],
};

describe('the page title follows the router', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    vi.spyOn(api, 'call').mockImplementation(async (endpoint: EndpointDefinition) => {
      if (endpoint.id === configApi.configIndex.id) return consoleConfig;
      throw new Error(`unexpected call ${endpoint.id}`);
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('changes with the address in the same step, while the next page is still loading', async () => {
    let finishLoading = () => {};
    const router = createMemoryRouter(
      [
        { path: '/login', handle: { meta: { title: 'login' } }, element: null },
        {
          path: '/dashboard',
          handle: { meta: { title: 'dashboard' } },
          // Like the signed-in layout after sign-in: its code arrives later.
          lazy: () =>
            new Promise((resolve) => {
              finishLoading = () => resolve({ element: null });
            }),
        },
      ],
      { initialEntries: ['/login'] },
    );
    followRouteTitles(router);
    await vi.waitFor(() => expect(document.title).toBe('Login - Loans Console'));

    const seen: string[] = [];
    router.subscribe((state) => seen.push(`${state.location.pathname} | ${document.title}`));
    const navigation = router.navigate('/dashboard');
    finishLoading();
    await navigation;

    expect(router.state.location.pathname).toBe('/dashboard');
    expect(seen.filter((entry) => entry.startsWith('/dashboard'))).toEqual(
      expect.arrayContaining(['/dashboard | Dashboard - Loans Console']),
    );
    expect(seen.filter((entry) => entry.startsWith('/dashboard | Login'))).toEqual([]);
    router.dispose();
  });

  it('carries what a detail shows: its titleQuery parameter follows the route title', async () => {
    const router = createMemoryRouter(
      [
        {
          path: '/loan/loanDetail',
          handle: { meta: { title: 'loanDetail', titleQuery: 'orderNo' } },
          element: null,
        },
      ],
      { initialEntries: ['/loan/loanDetail?orderNo=LN20250101000042'] },
    );
    followRouteTitles(router);
    await vi.waitFor(() =>
      expect(document.title).toBe('Disbursement detail LN20250101000042 - Loans Console'),
    );
    await router.navigate('/loan/loanDetail?orderNo=LN20250101000043');
    expect(document.title).toBe('Disbursement detail LN20250101000043 - Loans Console');
    router.dispose();
  });

  it('is translated again when the language changes', async () => {
    const router = createMemoryRouter(
      [{ path: '/dashboard', handle: { meta: { title: 'dashboard' } }, element: null }],
      { initialEntries: ['/dashboard'] },
    );
    followRouteTitles(router);
    await vi.waitFor(() => expect(document.title).toBe('Dashboard - Loans Console'));
    await i18n.changeLanguage('zh');
    expect(document.title).toBe('首页 - Loans Console');
    router.dispose();
  });
});
