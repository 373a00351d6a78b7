import type { RouteNode } from '@lending/contract';
import { findRouteChain, type PlacedRoute } from '../../lib/route-tree';

/** One breadcrumb item; without `to` it is plain text. */
export interface Crumb {
  /** Route meta title (translated under `route.`). */
  title: string;
  to?: string;
}

const DASHBOARD: PlacedRoute = {
  node: { path: 'dashboard', name: 'Dashboard', meta: { title: 'dashboard' } },
  fullPath: '/dashboard',
};

/**
 * Breadcrumb: the routes from the root to the page that have a title, starting with
 * the dashboard unless the page is the dashboard; `meta.breadcrumb === false` is skipped; the
 * last item and any 'noRedirect' item are plain text; others link to their redirect or path.
 */
export function buildBreadcrumb(tree: readonly RouteNode[], pathname: string): Crumb[] {
  const chain = findRouteChain(tree, pathname);
  if (!chain) return [];
  let matched = chain.filter((placed) => placed.node.meta?.title);
  if (matched[0]?.node.name !== 'Dashboard') matched = [DASHBOARD, ...matched];
  const shown = matched.filter((placed) => placed.node.meta?.breadcrumb !== false);
  return shown.map((placed, index) => {
    const title = placed.node.meta?.title ?? '';
    const plain = placed.node.redirect === 'noRedirect' || index === shown.length - 1;
    return plain ? { title } : { title, to: placed.node.redirect ?? placed.fullPath };
  });
}
