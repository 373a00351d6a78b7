import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { constantRoutes } from '@lending/contract';
import { SignInForm } from '../features/auth/components/sign-in-form';
import { showRouteTitle } from '../lib/console-config';
import '../lib/i18n';
import '../styles/global.css';

const loadConsole = () => import('./start-console');

/**
 * The sign-in page on its own, without the router (issue #15: React Router and the route tree
 * are not part of its first load). Signing in replaces the address with the page asked for and
 * starts the console there, without reloading.
 */
export function startSignIn(): void {
  // The console's code arrives while the user types, so that signing in does not wait for it.
  document.addEventListener('input', () => void loadConsole(), { once: true });
  const root = createRoot(document.getElementById('root') as HTMLElement);
  const login = constantRoutes.find((route) => route.path === '/login');
  showRouteTitle(login?.meta, window.location.search);
  root.render(
    <StrictMode>
      <SignInForm
        search={window.location.search}
        onSignedIn={(target) => {
          // The sign-in title goes with the sign-in address; the router titles the target.
          showRouteTitle(undefined, '');
          window.history.replaceState(null, '', target);
          void loadConsole().then(({ startConsole }) => startConsole(root));
        }}
      />
    </StrictMode>,
  );
}
