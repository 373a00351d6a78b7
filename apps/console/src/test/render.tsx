import { render } from '@testing-library/react';
import { StyleProvider } from '@ant-design/cssinjs';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ADMIN_ROLE, grantableInterfaceIds, type UserInfo } from '@lending/contract';
import { Providers } from '../app/providers';
import { createQueryClient } from '../lib/query-client';
import { setSession } from '../lib/session';

/** The administrator as user_info describes them: every route and every interface. */
export const testAdmin: UserInfo = {
  name: 'Admin',
  avatar: '',
  roles: [ADMIN_ROLE],
  interfaces: [...grantableInterfaceIds],
  email: 'admin@example.com',
  language: 'en',
};

export interface RenderOptions {
  /** Further routes of the memory router (where links and redirects lead). */
  extraRoutes?: { path: string; element: ReactNode }[];
  /** The signed-in user; the administrator unless a test narrows the grants. */
  user?: UserInfo;
}

/**
 * Renders a screen at a path inside a memory router, under the app's providers, signed in as
 * `user`, with a query cache of its own (no answer leaks from one test into another).
 *
 * Ant Design's styles are generated but not put in the page (cssinjs' server mode): jsdom
 * parses every injected style sheet and walks them on each computed-style read, which made the
 * console's tests about three times slower; no test reads a style Ant Design's sheets set
 * (what is shown or hidden is decided by the markup, which the tests do read).
 */
export function renderAt(element: ReactNode, path = '/', options: RenderOptions = {}) {
  setSession(options.user ?? testAdmin);
  const queryClient = createQueryClient({ retry: false });
  const router = createMemoryRouter(
    [{ path: new URL(path, 'http://x').pathname, element }, ...(options.extraRoutes ?? [])],
    { initialEntries: [path] },
  );
  const view = render(
    <StyleProvider mock="server">
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </StyleProvider>,
  );
  return { ...view, router, queryClient };
}
