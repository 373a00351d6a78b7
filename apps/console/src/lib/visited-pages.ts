import { businessRoutes } from '@lending/contract';
import { layoutRouteTree, pagesOf, titleDetailOf } from './route-tree';
import type { RouteMeta } from '@lending/contract';

/**
 * The visited pages (the tab strip) survive a reload of the browser tab: they are kept in
 * sessionStorage (per browser tab, gone when it closes). A visit is recorded by the router
 * as soon as the URL is known, before any page code loads, so a page left while still
 * loading keeps its tab. The layout later keeps only pages the user may open.
 */
export interface StoredVisit {
  path: string;
  fullPath: string;
  name: string;
  title: string;
  /** What follows the title (a detail's order number). */
  detail?: string | undefined;
}

const KEY = 'visitedPages';

export function loadVisits(): StoredVisit[] {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? '[]');
    if (!Array.isArray(saved)) return [];
    return (saved as Partial<StoredVisit>[]).filter(
      (item): item is StoredVisit =>
        typeof item?.path === 'string' &&
        typeof item.fullPath === 'string' &&
        typeof item.name === 'string' &&
        typeof item.title === 'string' &&
        (item.detail === undefined || typeof item.detail === 'string') &&
        item.fullPath.startsWith(item.path),
    );
  } catch {
    return [];
  }
}

export function saveVisits(visits: readonly StoredVisit[]): void {
  try {
    sessionStorage.setItem(
      KEY,
      JSON.stringify(
        visits.map(({ path, fullPath, name, title, detail }) => ({
          path,
          fullPath,
          name,
          title,
          ...(detail ? { detail } : {}),
        })),
      ),
    );
  } catch {
    // Storage full or disabled: the strip simply starts afresh next time.
  }
}

let pages:
  | Map<string, { name: string; title: string; affix: boolean; meta: RouteMeta | undefined }>
  | undefined;

function pageAt(path: string) {
  pages ??= new Map(
    pagesOf(layoutRouteTree(businessRoutes)).map(({ node, fullPath }) => [
      fullPath,
      {
        name: node.name ?? fullPath,
        title: node.meta?.title ?? fullPath,
        affix: Boolean(node.meta?.affix),
        meta: node.meta,
      },
    ]),
  );
  return pages.get(path);
}

/** Records a visit to a page of the tree (pinned pages are always shown, not recorded). */
export function recordVisit(pathname: string, search: string): void {
  const page = pageAt(pathname);
  if (!page || page.affix) return;
  const visits = loadVisits();
  const fullPath = pathname + search;
  const detail = titleDetailOf(page.meta, search);
  const existing = visits.find((visit) => visit.path === pathname);
  if (existing?.fullPath === fullPath) return;
  saveVisits(
    existing
      ? visits.map((visit) => (visit.path === pathname ? { ...visit, fullPath, detail } : visit))
      : [...visits, { path: pathname, fullPath, name: page.name, title: page.title, detail }],
  );
}
