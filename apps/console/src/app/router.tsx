import {
  businessRoutes,
  constantRoutes,
  resolveRoutePath,
  type RouteMeta,
  type RouteNode,
} from '@lending/contract';
import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { cancelPendingRequests } from '../lib/api';
import { followRouteTitles } from '../lib/console-config';
import { getToken } from '../lib/cookies';
import { loadShownFeatureCatalogues } from '../lib/i18n-catalogues';
import { loadSession } from '../lib/session';
import { takePendingVisits } from '../lib/pending-visits';
import { recordVisit } from '../lib/visited-pages';
import { loadNotBuiltPage, pagePrefetches, pageRegistry } from './page-registry';
import { FullPageLoading, Root, RouteErrorPage } from './root';

/**
 * What each route object carries from the contract's tree (docs/product.md §2 route meta and
 * fields).
 */
export interface RouteHandle {
  name?: string;
  meta?: RouteMeta;
  hidden?: boolean;
  alwaysShow?: boolean;
  redirect?: string;
}

function handleOf(node: RouteNode): RouteHandle {
  return {
    ...(node.name ? { name: node.name } : {}),
    ...(node.meta ? { meta: node.meta } : {}),
    ...(node.hidden ? { hidden: true } : {}),
    ...(node.alwaysShow ? { alwaysShow: true } : {}),
    ...(node.redirect ? { redirect: node.redirect } : {}),
  };
}

function pathWithQuery(request: Request): string {
  const url = new URL(request.url);
  return url.pathname + url.search;
}

/** No token → /login, keeping where the user was going. */
function requireToken(request: Request): void {
  if (!getToken()) {
    throw redirect(`/login?redirect=${encodeURIComponent(pathWithQuery(request))}`);
  }
}

/** A route the roles do not grant falls through to /404 (→ /dashboard). */
function businessGuard(name: string) {
  return async ({ request }: { request: Request }) => {
    requireToken(request);
    const session = await loadSession();
    if (!session.permittedNames.has(name)) throw redirect('/404');
    return null;
  };
}

function firstPagePath(node: RouteNode, fullPath: string): string | undefined {
  for (const child of node.children ?? []) {
    if (child.hidden || child.external) continue;
    const childPath = resolveRoutePath(fullPath, child.path);
    if (!child.children?.length) return child.redirect ?? childPath;
    const below = firstPagePath(child, childPath);
    if (below) return below;
  }
  return undefined;
}

/**
 * A page's loader: its first call sent at once (loaders run together with the layout's
 * user_info), then, for a business page, the guard.
 */
function pageLoader(name: string, business: boolean) {
  const prefetch = pagePrefetches[name];
  const guard = business ? businessGuard(name) : undefined;
  if (!prefetch && !guard) return {};
  return {
    loader: ({ request }: { request: Request }) => {
      if (prefetch) void prefetch(new URL(request.url).pathname);
      return guard ? guard({ request }) : null;
    },
  };
}

/** A page route: one lazy chunk per page; unbuilt business pages share the not-built page. */
function pageRoute(node: RouteNode, fullPath: string, business: boolean): RouteObject {
  const name = node.name ?? fullPath;
  const loadPage = pageRegistry[name];
  const title = node.meta?.title ?? name;
  return {
    id: name,
    path: fullPath,
    handle: handleOf(node),
    ...pageLoader(name, business),
    lazy: loadPage
      ? async () => ({ Component: await loadPage() })
      : async () => {
          const NotBuiltPage = await loadNotBuiltPage();
          return { element: <NotBuiltPage titleKey={title} /> };
        },
  };
}

/** Flattens the contract's tree into the layout's children (all paths absolute). */
function layoutChildren(nodes: readonly RouteNode[], parentPath: string, business: boolean) {
  const objects: RouteObject[] = [];
  for (const node of nodes) {
    if (node.external) continue;
    const fullPath = resolveRoutePath(parentPath, node.path);
    if (node.children?.length) {
      const target =
        node.redirect && node.redirect !== 'noRedirect'
          ? node.redirect
          : firstPagePath(node, fullPath);
      if (target) {
        const handle = handleOf(node);
        objects.push(
          fullPath === '/'
            ? { index: true, handle, loader: () => redirect(target) }
            : { path: fullPath, handle, loader: () => redirect(target) },
        );
      }
      objects.push(...layoutChildren(node.children, fullPath, business));
    } else if (node.redirect) {
      const target = node.redirect;
      objects.push({ path: fullPath, handle: handleOf(node), loader: () => redirect(target) });
    } else {
      objects.push(pageRoute(node, fullPath, business));
    }
  }
  return objects;
}

/** The route objects of the console, built from the contract's route tree. */
export function buildRoutes(): RouteObject[] {
  const [loginNode] = constantRoutes.filter((route) => route.path === '/login');
  const layoutConstant = constantRoutes.filter((route) => route.path !== '/login');
  const loadLogin = pageRegistry.Login;
  return [
    {
      id: 'root',
      Component: Root,
      HydrateFallback: FullPageLoading,
      ErrorBoundary: RouteErrorPage,
      children: [
        {
          id: 'Login',
          path: '/login',
          ...(loginNode ? { handle: handleOf(loginNode) } : {}),
          // A signed-in user visiting /login goes to the root.
          loader: () => (getToken() ? redirect('/') : null),
          ...(loadLogin ? { lazy: async () => ({ Component: await loadLogin() }) } : {}),
        },
        {
          id: 'layout',
          path: '/',
          loader: async ({ request }) => {
            requireToken(request);
            await loadSession();
            return null;
          },
          // The guard has run once; later navigations are checked by the page guards.
          shouldRevalidate: () => false,
          // The layout's code and the features' texts in the language shown, together.
          lazy: async () => {
            const [{ SignedIn }] = await Promise.all([
              import('./signed-in'),
              loadShownFeatureCatalogues(),
            ]);
            return { Component: SignedIn };
          },
          children: [
            ...layoutChildren(layoutConstant, '/', false),
            ...layoutChildren(businessRoutes, '/', true),
            // A catch-all to /404 is appended.
            { path: '*', loader: () => redirect('/404') },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter() {
  // Addresses opened while the console's code was loading, then this one.
  for (const visit of takePendingVisits()) recordVisit(visit.pathname, visit.search);
  recordVisit(window.location.pathname, window.location.search);
  const router = createBrowserRouter(buildRoutes());
  followRouteTitles(router);
  let lastPath = router.state.location.pathname;
  router.subscribe((state) => {
    if (state.location.pathname === lastPath) return;
    lastPath = state.location.pathname;
    recordVisit(state.location.pathname, state.location.search);
    // Pending requests are cancelled on every route change, and the page scrolls back to the top.
    cancelPendingRequests();
    window.scrollTo?.(0, 0);
  });
  return router;
}
