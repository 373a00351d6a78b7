import { resolveRoutePath, type RouteNode } from '@lending/contract';
import { findRouteChain } from '../../lib/route-tree';

/** One entry of the side menu; `key` is the full path (or the URL of an external link). */
export interface MenuEntry {
  key: string;
  /** Route meta title (translated under `route.`). */
  title: string;
  icon?: string;
  external?: boolean;
  children?: MenuEntry[];
}

function entryFor(item: RouteNode, basePath: string): MenuEntry | null {
  if (item.hidden) return null;
  const itemPath = item.external ? item.path : resolveRoutePath(basePath || '/', item.path);
  const showing = (item.children ?? []).filter((child) => !child.hidden);

  // A parent with exactly one visible child (or none) shows that child directly, unless the
  // parent asks to always be shown as a group.
  let only: { node: RouteNode; path: string; noShowingChildren: boolean } | null = null;
  if (showing.length === 1) {
    const child = showing[0] as RouteNode;
    only = {
      node: child,
      path: child.external ? child.path : resolveRoutePath(itemPath, child.path),
      noShowingChildren: false,
    };
  } else if (showing.length === 0) {
    only = { node: item, path: itemPath, noShowingChildren: true };
  }
  if (only && (!only.node.children?.length || only.noShowingChildren) && !item.alwaysShow) {
    if (!only.node.meta) return null;
    const icon = only.node.meta.icon ?? item.meta?.icon;
    return {
      key: only.path,
      title: only.node.meta.title,
      ...(icon ? { icon } : {}),
      ...(only.node.external ? { external: true } : {}),
    };
  }

  const children = (item.children ?? [])
    .map((child) => entryFor(child, itemPath))
    .filter((entry): entry is MenuEntry => entry !== null);
  return {
    key: itemPath,
    title: item.meta?.title ?? item.name ?? item.path,
    ...(item.meta?.icon ? { icon: item.meta.icon } : {}),
    children,
  };
}

/** The side menu of docs/product.md §2 Shell, from the routes a user may see. */
export function buildMenu(routes: readonly RouteNode[]): MenuEntry[] {
  return routes
    .map((route) => entryFor(route, '/'))
    .filter((entry): entry is MenuEntry => entry !== null);
}

/** The highlighted entry: the page's meta.activeMenu (hidden detail pages), else the page. */
export function activeMenuKey(tree: readonly RouteNode[], pathname: string): string {
  const chain = findRouteChain(tree, pathname);
  return chain?.at(-1)?.node.meta?.activeMenu ?? pathname;
}

/** Keys of the groups that contain `key`, outermost first. */
export function openKeysFor(menu: readonly MenuEntry[], key: string): string[] {
  for (const entry of menu) {
    if (entry.key === key) return [];
    if (entry.children) {
      const below = openKeysFor(entry.children, key);
      if (below.length > 0 || entry.children.some((child) => child.key === key)) {
        return [entry.key, ...below];
      }
    }
  }
  return [];
}
