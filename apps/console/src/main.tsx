import { getToken } from './lib/cookies';
import { notePendingVisit } from './lib/pending-visits';

/**
 * The entry stays tiny and picks what to load, so that the browser fetches the chosen part's
 * chunks all at once: opened on /login without a token, the sign-in page alone; otherwise the
 * whole console (app/start-console.tsx).
 */
if (window.location.pathname === '/login' && !getToken()) {
  void import('./app/start-sign-in').then(({ startSignIn }) => startSignIn());
} else {
  notePendingVisit(window.location.pathname, window.location.search);
  void import('./app/start-console').then(({ startConsole }) => startConsole());
}
