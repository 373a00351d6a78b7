import { describe, expect, it } from 'vitest';
import { businessRoutes, type RouteNode } from '@lending/contract';
import { layoutRouteTree } from '../../lib/route-tree';
import { buildBreadcrumb } from './build-breadcrumb';

const tree = layoutRouteTree(businessRoutes);

describe('buildBreadcrumb (Breadcrumb)', () => {
  it('is just the dashboard, as plain text, on the dashboard', () => {
    expect(buildBreadcrumb(tree, '/dashboard')).toEqual([{ title: 'dashboard' }]);
  });

  it('starts with the dashboard; groups link to their redirect; the last item is text', () => {
    expect(buildBreadcrumb(tree, '/power/account')).toEqual([
      { title: 'dashboard', to: '/dashboard' },
      { title: 'Power', to: '/power/role' },
      { title: 'account' },
    ]);
    expect(buildBreadcrumb(tree, '/approve/reviewFirst/reviewFirstPass')).toEqual([
      { title: 'dashboard', to: '/dashboard' },
      { title: 'Approve', to: '/approve/machinerReview/machinerReviewPass' },
      { title: 'reviewFirst', to: '/approve/reviewFirst/reviewFirstWait' },
      { title: 'reviewFirstPass' },
    ]);
  });

  it("makes a 'noRedirect' group plain text", () => {
    expect(buildBreadcrumb(tree, '/report/registrationReport')).toEqual([
      { title: 'dashboard', to: '/dashboard' },
      { title: 'Report' },
      { title: 'registrationReport' },
    ]);
  });

  it('skips routes without a title and those with meta.breadcrumb false', () => {
    expect(buildBreadcrumb(tree, '/changePassword/index')).toEqual([
      { title: 'dashboard', to: '/dashboard' },
      { title: 'changePassword' },
    ]);
    const custom: RouteNode[] = [
      {
        path: '/g',
        name: 'G',
        meta: { title: 'G', breadcrumb: false },
        children: [{ path: 'p', name: 'p', meta: { title: 'p' } }],
      },
    ];
    expect(buildBreadcrumb(custom, '/g/p')).toEqual([
      { title: 'dashboard', to: '/dashboard' },
      { title: 'p' },
    ]);
  });

  it('is empty for a path outside the tree', () => {
    expect(buildBreadcrumb(tree, '/no/such/page')).toEqual([]);
  });
});
