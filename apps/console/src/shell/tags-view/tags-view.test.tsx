import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTEXT_MENU_WIDTH_PX, businessRoutes, type UserInfo } from '@lending/contract';
import { i18n } from '../../lib/i18n';
import { layoutRouteTree } from '../../lib/route-tree';
import { sessionOf } from '../../lib/session';
import { renderAt } from '../../test/render';
import { LayoutContext, type LayoutContextValue } from '../layout/layout-context';
import type { TabActions } from '../layout/use-visited-tabs';
import type { VisitedTab } from './tags-model';
import { TagsView } from './tags-view';

const user: UserInfo = {
  name: 'A',
  avatar: '',
  roles: ['admin'],
  interfaces: [],
  email: 'a@x.co',
  language: 'en',
};
const session = sessionOf(user);

const dashboard: VisitedTab = {
  path: '/dashboard',
  fullPath: '/dashboard',
  name: 'Dashboard',
  title: 'dashboard',
  affix: true,
};
const role: VisitedTab = {
  path: '/power/role',
  fullPath: '/power/role',
  name: 'role',
  title: 'role',
  affix: false,
};
const account: VisitedTab = {
  ...role,
  path: '/power/account',
  fullPath: '/power/account',
  name: 'account',
  title: 'account',
};

function setup(activePath = account.path) {
  const actions: TabActions = {
    close: vi.fn(),
    closeOthers: vi.fn(),
    closeAll: vi.fn(),
    refresh: vi.fn(),
    open: vi.fn(),
  };
  const value: LayoutContextValue = {
    session,
    tree: layoutRouteTree(businessRoutes),
    tabs: [dashboard, role, account],
    activePath,
    actions,
  };
  renderAt(
    <LayoutContext.Provider value={value}>
      <TagsView />
    </LayoutContext.Provider>,
    activePath,
  );
  return { actions, strip: screen.getByRole('tablist', { name: 'Visited pages' }) };
}

describe('tags view', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('shows each visited page as a tab named by its translated title; the dashboard is pinned', () => {
    const { strip } = setup();
    const tabs = within(strip).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Dashboard', 'Roles', 'Accounts']);
    expect(within(strip).getByRole('tab', { name: 'Accounts' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(within(strip).getByRole('tab', { name: 'Roles' })).toHaveAttribute(
      'aria-selected',
      'false',
    );
    expect(within(strip).queryByRole('button', { name: 'Close Dashboard' })).toBeNull();
    expect(within(strip).getByRole('button', { name: 'Close Roles' })).toBeInTheDocument();
  });

  it('titles a detail tab with what it shows (the order number)', () => {
    const detail: VisitedTab = {
      path: '/loan/loanDetail',
      fullPath: '/loan/loanDetail?orderNo=LN20250101000042',
      name: 'loanDetail',
      title: 'loanDetail',
      detail: 'LN20250101000042',
      affix: false,
    };
    renderAt(
      <LayoutContext.Provider
        value={{
          session,
          tree: layoutRouteTree(businessRoutes),
          tabs: [dashboard, detail],
          activePath: detail.path,
          actions: {
            close: vi.fn(),
            closeOthers: vi.fn(),
            closeAll: vi.fn(),
            refresh: vi.fn(),
            open: vi.fn(),
          },
        }}
      >
        <TagsView />
      </LayoutContext.Provider>,
      detail.fullPath,
    );
    const strip = screen.getByRole('tablist', { name: 'Visited pages' });
    expect(
      within(strip).getByRole('tab', { name: 'Disbursement detail LN20250101000042' }),
    ).toHaveAttribute('aria-selected', 'true');
  });

  it('closes with the icon and the middle button, never the pinned tab', async () => {
    const { actions, strip } = setup();
    await userEvent
      .setup({ delay: null })
      .click(within(strip).getByRole('button', { name: 'Close Roles' }));
    expect(actions.close).toHaveBeenCalledWith('/power/role');
    expect(actions.open).not.toHaveBeenCalled();
    fireEvent.mouseUp(within(strip).getByRole('tab', { name: 'Accounts' }), { button: 1 });
    fireEvent.mouseUp(within(strip).getByRole('tab', { name: 'Dashboard' }), { button: 1 });
    expect(vi.mocked(actions.close).mock.calls).toEqual([['/power/role'], ['/power/account']]);
  });

  it('opens a context menu 105px wide with Refresh, Close, Close others, Close all', async () => {
    const { actions, strip } = setup();
    fireEvent.contextMenu(within(strip).getByRole('tab', { name: 'Roles' }), {
      clientX: 50,
      clientY: 10,
    });
    const menu = screen.getByRole('menu', { name: 'Tab actions' });
    expect(menu.style.width).toBe(`${CONTEXT_MENU_WIDTH_PX}px`);
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Refresh', 'Close', 'Close others', 'Close all']);
    await userEvent
      .setup({ delay: null })
      .click(within(menu).getByRole('menuitem', { name: 'Close others' }));
    expect(actions.closeOthers).toHaveBeenCalledWith('/power/role');
    expect(screen.queryByRole('menu')).toBeNull();

    fireEvent.contextMenu(within(strip).getByRole('tab', { name: 'Dashboard' }));
    expect(within(screen.getByRole('menu')).queryByRole('menuitem', { name: 'Close' })).toBeNull();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('works from the keyboard: Enter opens, Delete closes, Shift+F10 opens the menu', async () => {
    const { actions, strip } = setup();
    const roles = within(strip).getByRole('tab', { name: 'Roles' });
    roles.focus();
    const keys = userEvent.setup({ delay: null });
    await keys.keyboard('{Enter}');
    expect(actions.open).toHaveBeenCalledWith(role);
    await keys.keyboard('{Delete}');
    expect(actions.close).toHaveBeenCalledWith('/power/role');
    await keys.keyboard('{Shift>}{F10}{/Shift}');
    const menu = screen.getByRole('menu', { name: 'Tab actions' });
    expect(within(menu).getByRole('menuitem', { name: 'Refresh' })).toHaveFocus();
    await keys.keyboard('{ArrowDown}{Enter}');
    expect(actions.close).toHaveBeenCalledTimes(2);

    const dashboardTab = within(strip).getByRole('tab', { name: 'Dashboard' });
    act(() => dashboardTab.focus());
    await keys.keyboard('{Delete}');
    expect(actions.close).toHaveBeenCalledTimes(2);
  });
});
