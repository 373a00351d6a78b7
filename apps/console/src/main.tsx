import { getToken } from './lib/cookies';
import { notePendingVisit } from './lib/pending-visits';

/**
 * The entry stays tiny and picks what to load, so that the browser fetches the chosen part's
 * chunks all at once: opened on /login without a token, the sign-in page alone; otherwise the
 * whole console (app/start-console.tsx), with the calls its layout waits for.
 */
if (window.location.pathname === '/login' && !getToken()) {
  void import('./app/start-sign-in').then(({ startSignIn }) => startSignIn());
} else {
  notePendingVisit(window.location.pathname, window.location.search);
  // What the signed-in layout waits for goes out with the console's code, not after it has run
  // (issue #15, decision 0093): the user (user_info) and the features' texts. Both modules are
  // in the sign-in chunk, which the page fetches with the entry.
  // A call cancelled by a redirect (a route change cancels pending calls) is sent again by the
  // router's guard, which asks for the session too.
  if (getToken()) {
    void import('./lib/session').then(({ loadSession }) => loadSession()).catch(() => undefined);
  }
  void import('./lib/i18n-catalogues').then(({ loadShownFeatureCatalogues }) =>
    loadShownFeatureCatalogues(),
  );
  void import('./app/start-console').then(({ startConsole }) => startConsole());
}
