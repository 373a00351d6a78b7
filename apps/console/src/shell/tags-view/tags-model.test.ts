import { describe, expect, it } from 'vitest';
import {
  addTab,
  closeAllTabs,
  closeOtherTabs,
  closeTab,
  nextViewAfterClose,
  type VisitedTab,
} from './tags-model';

function tab(path: string, extra: Partial<VisitedTab> = {}): VisitedTab {
  const name = path.split('/').pop() ?? path;
  return { path, fullPath: path, name, title: name, affix: false, ...extra };
}

const dashboard = tab('/dashboard', { name: 'Dashboard', title: 'dashboard', affix: true });
const role = tab('/power/role');
const account = tab('/power/account');
const report = tab('/report/registrationReport');

describe('tags view model (Tab strip)', () => {
  it('adds a visited page once, keeping its place and its latest query', () => {
    let tabs = addTab([dashboard], role);
    tabs = addTab(tabs, account);
    tabs = addTab(tabs, { ...role, fullPath: '/power/role?page=2' });
    expect(tabs.map((t) => t.fullPath)).toEqual([
      '/dashboard',
      '/power/role?page=2',
      '/power/account',
    ]);
  });

  it('closing the active tab goes to the last remaining tab', () => {
    const result = closeTab([dashboard, role, account, report], report.path, report.path);
    expect(result.tabs).toEqual([dashboard, role, account]);
    expect(result.next).toEqual({ to: '/power/account', refresh: false });
  });

  it('closing another tab keeps the view', () => {
    const result = closeTab([dashboard, role, account], role.path, account.path);
    expect(result.tabs).toEqual([dashboard, account]);
    expect(result.next).toBeNull();
  });

  it('never closes a pinned tab', () => {
    const result = closeTab([dashboard, role], dashboard.path, dashboard.path);
    expect(result.tabs).toEqual([dashboard, role]);
    expect(result.next).toBeNull();
  });

  it('with no tab left: the dashboard refreshes when it was closed, else the view goes to /', () => {
    expect(nextViewAfterClose([], { ...dashboard, affix: false })).toEqual({
      to: '/dashboard',
      refresh: true,
    });
    expect(nextViewAfterClose([], role)).toEqual({ to: '/', refresh: false });
    expect(closeTab([role], role.path, role.path).next).toEqual({ to: '/', refresh: false });
  });

  it('close others keeps the pinned tabs and the chosen one, and shows it', () => {
    const result = closeOtherTabs([dashboard, role, account, report], account.path);
    expect(result.tabs).toEqual([dashboard, account]);
    expect(result.next).toEqual({ to: '/power/account', refresh: false });
  });

  it('close all keeps the pinned tabs; the view moves unless it is pinned', () => {
    const fromPage = closeAllTabs([dashboard, role, account], account.path, account);
    expect(fromPage.tabs).toEqual([dashboard]);
    expect(fromPage.next).toEqual({ to: '/dashboard', refresh: false });

    const fromDashboard = closeAllTabs([dashboard, role], dashboard.path, role);
    expect(fromDashboard.tabs).toEqual([dashboard]);
    expect(fromDashboard.next).toBeNull();

    const nothingPinned = closeAllTabs([role, account], role.path, role);
    expect(nothingPinned).toEqual({ tabs: [], next: { to: '/', refresh: false } });
  });
});
