import {
  constantRoutes,
  resolveRoutePath,
  type RouteMeta,
  type RouteNode,
} from '@lending/contract';

/** A route of the tree with the full path the router gives it. */
export interface PlacedRoute {
  node: RouteNode;
  fullPath: string;
}

/** The tree under the layout: the constant routes except /login, then the permitted ones. */
export function layoutRouteTree(permittedRoutes: RouteNode[]): RouteNode[] {
  return [...constantRoutes.filter((route) => route.path !== '/login'), ...permittedRoutes];
}

/** The chain of routes from a root to the page at `pathname`, or undefined. */
export function findRouteChain(
  tree: readonly RouteNode[],
  pathname: string,
  parentPath = '',
): PlacedRoute[] | undefined {
  for (const node of tree) {
    const fullPath = resolveRoutePath(parentPath || '/', node.path);
    const placed = { node, fullPath };
    if (node.children?.length) {
      const below = findRouteChain(node.children, pathname, fullPath);
      if (below) return [placed, ...below];
    } else if (!node.redirect && fullPath === pathname) {
      return [placed];
    }
  }
  return undefined;
}

/** Every page (leaf without redirect) of a tree, with its full path. */
export function pagesOf(tree: readonly RouteNode[], parentPath = ''): PlacedRoute[] {
  return tree.flatMap((node) => {
    const fullPath = resolveRoutePath(parentPath || '/', node.path);
    if (node.children?.length) return pagesOf(node.children, fullPath);
    return node.redirect || node.external ? [] : [{ node, fullPath }];
  });
}

/**
 * What follows a page's title in its tab and the page title: the value of its `titleQuery`
 * parameter in the address (a detail's order number), if any.
 */
export function titleDetailOf(meta: RouteMeta | undefined, search: string): string | undefined {
  if (!meta?.titleQuery) return undefined;
  const value = new URLSearchParams(search).get(meta.titleQuery)?.trim();
  return value ? value.slice(0, 60) : undefined;
}
