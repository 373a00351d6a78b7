import { businessRoutes, constantRoutes, type RouteNode } from '@lending/contract';

export interface MenuTreeNode {
  key: string;
  titleKey: string;
  children?: MenuTreeNode[];
}

function toNodes(routes: RouteNode[]): MenuTreeNode[] {
  return routes.flatMap((route) => {
    const children = toNodes(route.children ?? []);
    if (!route.name) return children;
    return [
      {
        key: route.name,
        titleKey: route.meta?.title ?? route.name,
        ...(children.length > 0 ? { children } : {}),
      },
    ];
  });
}

/** The grantable route tree: the dashboard, then the spec's business groups (decision 0003). */
export function menuTree(): MenuTreeNode[] {
  const dashboard = toNodes(constantRoutes).filter((node) => node.key === 'Dashboard');
  return [...dashboard, ...toNodes(businessRoutes)];
}

function descendants(node: MenuTreeNode): string[] {
  return (node.children ?? []).flatMap((child) => [child.key, ...descendants(child)]);
}

/**
 * What to store from a parent–child linked tree's checked keys: a fully checked group is kept
 * as the group alone (it grants its subtree, pages added later included); its children are
 * not repeated.
 */
export function compactMenus(tree: MenuTreeNode[], checked: readonly string[]): string[] {
  const set = new Set(checked);
  const out: string[] = [];
  const visit = (nodes: MenuTreeNode[]) => {
    for (const node of nodes) {
      if (set.has(node.key)) out.push(node.key);
      else visit(node.children ?? []);
    }
  };
  visit(tree);
  return out;
}

/** The keys a stored menu list checks in the tree (a group checks its whole subtree). */
export function expandMenus(tree: MenuTreeNode[], menus: readonly string[]): string[] {
  const granted = new Set(menus);
  const out: string[] = [];
  const visit = (nodes: MenuTreeNode[]) => {
    for (const node of nodes) {
      if (granted.has(node.key)) out.push(node.key, ...descendants(node));
      else visit(node.children ?? []);
    }
  };
  visit(tree);
  return out;
}

export function allKeys(tree: MenuTreeNode[]): string[] {
  return tree.flatMap((node) => [node.key, ...descendants(node)]);
}
