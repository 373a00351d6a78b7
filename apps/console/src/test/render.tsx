import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Providers } from '../app/providers';

/** Renders a screen at a path inside a memory router, under the app's providers. */
export function renderAt(
  element: ReactNode,
  path = '/',
  extraRoutes: { path: string; element: ReactNode }[] = [],
) {
  const router = createMemoryRouter(
    [{ path: new URL(path, 'http://x').pathname, element }, ...extraRoutes],
    { initialEntries: [path] },
  );
  const view = render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, router };
}
