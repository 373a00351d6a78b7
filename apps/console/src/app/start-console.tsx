import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import '../lib/i18n';
import '../styles/global.css';
import { createAppRouter } from './router';

/**
 * The whole console: the router, its guards, the signed-in layout and every page. Renders into
 * the sign-in page's root when it follows a sign-in, else into a new one.
 */
export function startConsole(root?: Root): void {
  const router = createAppRouter();
  (root ?? createRoot(document.getElementById('root') as HTMLElement)).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}
