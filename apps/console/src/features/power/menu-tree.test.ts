import { describe, expect, it } from 'vitest';
import { compactMenus, expandMenus, menuTree } from './menu-tree';

describe('the menu tree of a role', () => {
  const tree = menuTree();

  it('starts with the dashboard and holds every business group', () => {
    expect(tree[0]?.key).toBe('Dashboard');
    expect(tree.map((node) => node.key)).toContain('Power');
    const power = tree.find((node) => node.key === 'Power');
    expect(power?.children?.map((c) => c.key)).toEqual([
      'role',
      'account',
      'powerMenu',
      'powerInterface',
    ]);
  });

  it('stores a fully checked group as the group alone, and expands it back', () => {
    const checked = ['Power', 'role', 'account', 'powerMenu', 'powerInterface', 'loginLog'];
    expect(compactMenus(tree, checked)).toEqual(['loginLog', 'Power']);
    expect(expandMenus(tree, ['Power', 'loginLog']).sort()).toEqual([...checked].sort());
  });

  it('keeps single pages of a half-checked group', () => {
    expect(compactMenus(tree, ['role', 'Dashboard'])).toEqual(['Dashboard', 'role']);
  });
});
