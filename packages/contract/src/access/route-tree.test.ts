import { describe, expect, it } from 'vitest';
import {
  ADMIN_ROLE,
  businessRouteNames,
  businessRoutes,
  constantRoutes,
  filterRoutesByRoles,
  type RouteNode,
} from './route-tree.js';

function names(routes: RouteNode[]): string[] {
  return routes.flatMap((r) => [...(r.name ? [r.name] : []), ...names(r.children ?? [])]);
}

describe('route tree', () => {
  it('gives every route a unique name', () => {
    const all = [...names(constantRoutes), ...names(businessRoutes)];
    expect(new Set(all).size).toBe(all.length);
  });

  it('holds the product route groups in order', () => {
    expect(businessRoutes.map((r) => r.path)).toEqual([
      '/approve',
      '/collection',
      '/precollection',
      '/loan',
      '/repay',
      '/order',
      '/financialManagement',
      '/report',
      '/telemarketing',
      '/systemConfig',
      '/invite',
      '/toolMage',
      '/coupon',
      '/risk',
      '/power',
    ]);
  });

  it('points every hidden detail page at a visible menu entry', () => {
    const hidden = (nodes: RouteNode[]): RouteNode[] =>
      nodes.flatMap((n) => [...(n.hidden ? [n] : []), ...hidden(n.children ?? [])]);
    for (const node of hidden(businessRoutes)) {
      expect(node.meta?.activeMenu, node.name).toMatch(/^\//);
    }
  });
});

describe('filterRoutesByRoles', () => {
  it('gives the admin role every route', () => {
    expect(filterRoutesByRoles(businessRoutes, [ADMIN_ROLE])).toBe(businessRoutes);
  });

  it('keeps the parent chain of a granted leaf and drops its siblings', () => {
    const filtered = filterRoutesByRoles(businessRoutes, ['reviewFirstWait']);
    expect(names(filtered)).toEqual(['Approve', 'reviewFirst', 'reviewFirstWait']);
  });

  it('grants the whole subtree of a granted group', () => {
    const filtered = filterRoutesByRoles(businessRoutes, ['Power']);
    expect(names(filtered)).toEqual(['Power', 'role', 'account', 'powerMenu', 'powerInterface']);
  });

  it('shows nothing for no roles or unknown names', () => {
    expect(filterRoutesByRoles(businessRoutes, [])).toEqual([]);
    expect(filterRoutesByRoles(businessRoutes, ['noSuchRoute'])).toEqual([]);
  });

  it('lists parents before children', () => {
    const all = businessRouteNames();
    expect(all.indexOf('Approve')).toBeLessThan(all.indexOf('machinerReviewPass'));
    expect(all).toContain('powerInterface');
  });
});
