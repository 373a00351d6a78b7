import { describe, expect, it } from 'vitest';
import { businessRoutes, filterRoutesByRoles, type RouteNode } from '@lending/contract';
import { layoutRouteTree } from '../../lib/route-tree';
import { activeMenuKey, buildMenu, openKeysFor, type MenuEntry } from './build-menu';

function keys(entries: MenuEntry[]): unknown[] {
  return entries.map((entry) =>
    entry.children ? { [entry.key]: keys(entry.children) } : entry.key,
  );
}

const adminTree = layoutRouteTree(businessRoutes);
const adminMenu = buildMenu(adminTree);

describe('buildMenu (Side menu)', () => {
  it('lists no hidden route: /login, /changePassword, /404 and detail pages', () => {
    const flat = JSON.stringify(keys(adminMenu));
    for (const hidden of ['/login', '/changePassword', '/404', '/power/menu', '/approve/detail']) {
      expect(flat).not.toContain(`"${hidden}"`);
    }
    expect(flat).not.toContain('machinerDetail');
  });

  it('shows a parent with exactly one visible child as that child (the dashboard under /)', () => {
    expect(adminMenu[0]).toEqual({ key: '/dashboard', title: 'dashboard', icon: 'home' });
  });

  it('keeps alwaysShow groups as groups, in the order of the tree, with their icons', () => {
    expect(
      adminMenu.slice(1).map((entry) => [entry.key, entry.icon, Boolean(entry.children)]),
    ).toEqual(businessRoutes.map((group) => [group.path, group.meta?.icon, true]));
    const power = adminMenu.find((entry) => entry.key === '/power');
    expect(keys(power?.children ?? [])).toEqual(['/power/role', '/power/account']);
  });

  it('nests sub-groups with two or more visible children', () => {
    const approve = adminMenu.find((entry) => entry.key === '/approve');
    const machine = approve?.children?.find((entry) => entry.key === '/approve/machinerReview');
    expect(keys(machine?.children ?? [])).toEqual([
      '/approve/machinerReview/machinerReviewPass',
      '/approve/machinerReview/machinerReviewReject',
    ]);
  });

  it('lifts the single visible child of a sub-group, but not of an alwaysShow group', () => {
    const reviewer = layoutRouteTree(filterRoutesByRoles(businessRoutes, ['reviewFirstWait']));
    expect(keys(buildMenu(reviewer))).toEqual([
      '/dashboard',
      { '/approve': ['/approve/reviewFirst/reviewFirstWait'] },
    ]);
  });

  it('opens external links by URL and drops a parent without meta and visible children', () => {
    const tree: RouteNode[] = [
      { path: 'https://example.com/help', name: 'Help', external: true, meta: { title: 'help' } },
      { path: '/empty', children: [{ path: 'x', name: 'x', hidden: true, meta: { title: 'x' } }] },
      {
        path: '/docs',
        children: [
          {
            path: 'https://example.com/docs',
            external: true,
            name: 'Docs',
            meta: { title: 'docs', icon: 'tool' },
          },
        ],
      },
    ];
    expect(buildMenu(tree)).toEqual([
      { key: 'https://example.com/help', title: 'help', external: true },
      { key: 'https://example.com/docs', title: 'docs', icon: 'tool', external: true },
    ]);
  });
});

describe('active menu entry', () => {
  it('is the page itself, or its meta.activeMenu for hidden detail pages', () => {
    expect(activeMenuKey(adminTree, '/power/account')).toBe('/power/account');
    expect(activeMenuKey(adminTree, '/power/menu')).toBe('/power/role');
    expect(activeMenuKey(adminTree, '/power/interface')).toBe('/power/role');
    expect(activeMenuKey(adminTree, '/approve/detail')).toBe('/approve/reviewList');
  });

  it('opens the groups that hold it', () => {
    expect(openKeysFor(adminMenu, '/approve/reviewFinal/reviewFinalPass')).toEqual([
      '/approve',
      '/approve/reviewFinal',
    ]);
    expect(openKeysFor(adminMenu, '/dashboard')).toEqual([]);
    expect(openKeysFor(adminMenu, '/nowhere')).toEqual([]);
  });
});
