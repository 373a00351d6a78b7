import { useEffect, useSyncExternalStore } from 'react';
import type { ConsoleConfig, RouteMeta } from '@lending/contract';
import { api } from './api';
import { configIndexEndpoint } from './first-load-endpoints';
import { i18n, routeTitle } from './i18n';
import { RequestError } from './request';
import { titleDetailOf } from './route-tree';

/**
 * The public console configuration (product title, languages…), fetched once per page load
 * and shared by the sign-in page and the layout. A small cache rather than TanStack Query so
 * that the sign-in page's first load stays light.
 */
let config: ConsoleConfig | undefined;
let loading: Promise<ConsoleConfig> | undefined;
const listeners = new Set<() => void>();

export function loadConsoleConfig(): Promise<ConsoleConfig> {
  if (config) return Promise.resolve(config);
  loading ??= api
    .call(configIndexEndpoint, {}, { silent: true })
    .then((value) => {
      config = value;
      for (const listener of listeners) listener();
      return value;
    })
    .finally(() => {
      loading = undefined;
    })
    // Not page data: a route change cancels the request like any other (docs/product.md §7), and
    // the configuration is simply asked for again.
    .catch((error: unknown) => {
      if (error instanceof RequestError && error.kind === 'cancelled') return loadConsoleConfig();
      throw error;
    });
  return loading;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The configuration once loaded (undefined before); starts the load on first use. */
export function useConsoleConfig(): ConsoleConfig | undefined {
  const value = useSyncExternalStore(subscribe, () => config);
  useEffect(() => {
    if (!config) {
      // A cancelled or failed load is tried again on the next mount or navigation.
      loadConsoleConfig().catch(() => undefined);
    }
  }, []);
  return value;
}

/** The route title key the page title follows (see followRouteTitles). */
let routeTitleKey: string | undefined;
/** What follows the route title (a detail's order number, from the address). */
let routeTitleDetail: string | undefined;

/** The page title is the translated route title followed by the product title. */
function applyDocumentTitle(): void {
  const base = routeTitleKey ? routeTitle(routeTitleKey) : '';
  const title = base && routeTitleDetail ? `${base} ${routeTitleDetail}` : base;
  const text = [title, config?.productTitle ?? ''].filter(Boolean).join(' - ');
  if (text) document.title = text;
}

listeners.add(applyDocumentTitle);
i18n.on('languageChanged', applyDocumentTitle);

/** What followRouteTitles needs of a data router. */
interface TitledRouter {
  state: { matches: { route: { handle?: unknown } }[]; location?: { search: string } };
  subscribe(listener: (state: TitledRouter['state']) => void): () => void;
}

function titledMetaOf(matches: TitledRouter['state']['matches']): RouteMeta | undefined {
  for (const match of [...matches].reverse()) {
    const meta = (match.route.handle as { meta?: RouteMeta } | undefined)?.meta;
    if (meta?.title) return meta;
  }
  return undefined;
}

/**
 * Keeps the page title on the router's current route. It follows the router's state rather
 * than a rendered page: the address changes as the navigation commits, while React may keep
 * showing the previous page until the next one's code has loaded (after signing in, the
 * signed-in layout), and the title must not lag behind the address meanwhile.
 */
export function followRouteTitles(router: TitledRouter): () => void {
  const follow = (state: TitledRouter['state']) =>
    showRouteTitle(titledMetaOf(state.matches), state.location?.search ?? '');
  follow(router.state);
  return router.subscribe(follow);
}

/** Titles the page after one route's meta: the router's current route, or the sign-in page. */
export function showRouteTitle(meta: RouteMeta | undefined, search: string): void {
  routeTitleKey = meta?.title;
  routeTitleDetail = titleDetailOf(meta, search);
  applyDocumentTitle();
  // The product title comes with the configuration; a failed load is tried again here.
  if (!config) loadConsoleConfig().catch(() => undefined);
}
