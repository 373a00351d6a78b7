import type { ComponentType } from 'react';

/** Loads one page module; each is its own chunk. */
export type PageLoader = () => Promise<ComponentType>;

/**
 * Route names bound to their page modules. A business route without an entry uses the
 * not-built page until its issue lands.
 */
export const pageRegistry: Partial<Record<string, PageLoader>> = {
  Login: () => import('../features/auth/pages/login-page').then((m) => m.LoginPage),
  ChangePassword: () =>
    import('../features/auth/pages/change-password-page').then((m) => m.ChangePasswordPage),
  Dashboard: () =>
    import('../features/dashboard/pages/dashboard-page').then((m) => m.DashboardPage),
};

export const loadNotBuiltPage = () =>
  import('../features/not-built/not-built-page').then((m) => m.NotBuiltPage);
