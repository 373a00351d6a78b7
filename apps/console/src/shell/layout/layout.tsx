import { Modal } from 'antd';
import { Activity, useEffect, useMemo } from 'react';
import { useLocation, useOutlet } from 'react-router';
import { appSettings, deviceOfWidth, useAppSettings } from '../../lib/app-settings';
import { bindModal } from '../../lib/feedback';
import { PageScopeContext } from '../../lib/page-state';
import { findRouteChain, layoutRouteTree, pagesOf, titleDetailOf } from '../../lib/route-tree';
import { useSession, type Session } from '../../lib/session';
import { Navbar } from '../navbar/navbar';
import { Sidebar } from '../sidebar/sidebar';
import type { VisitedTab } from '../tags-view/tags-model';
import { TagsView } from '../tags-view/tags-view';
import { LayoutContext } from './layout-context';
import { useVisitedTabs } from './use-visited-tabs';
import './layout.css';

/** Below 992px the device is mobile; becoming mobile closes the sidebar at once. */
function useDeviceTracking() {
  useEffect(() => {
    const onResize = () => {
      if (!document.hidden) appSettings.setDevice(deviceOfWidth(window.innerWidth));
    };
    onResize();
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
}

export function Layout() {
  const session = useSession();
  // The route guard loads the session before the layout renders; after a password change
  // it is cleared just before leaving for /login.
  if (!session) return null;
  return <SignedInLayout session={session} />;
}

/** Binds a dialog instance under the ConfigProvider (the session-ended dialog). */
function useModalHolder() {
  const [modal, holder] = Modal.useModal();
  useEffect(() => {
    bindModal(modal);
    return () => bindModal(null);
  }, [modal]);
  return holder;
}

function SignedInLayout({ session }: { session: Session }) {
  const modalHolder = useModalHolder();
  const location = useLocation();
  const outlet = useOutlet();
  const { sidebar, device } = useAppSettings();
  const tree = useMemo(() => layoutRouteTree(session.permittedRoutes), [session]);
  const pinned = useMemo<VisitedTab[]>(
    () =>
      pagesOf(tree)
        .filter(({ node }) => node.meta?.affix)
        .map(({ node, fullPath }) => ({
          path: fullPath,
          fullPath,
          name: node.name ?? fullPath,
          title: node.meta?.title ?? fullPath,
          affix: true,
        })),
    [tree],
  );

  const pagePaths = useMemo(() => new Set(pagesOf(tree).map(({ fullPath }) => fullPath)), [tree]);
  const page = findRouteChain(tree, location.pathname)?.at(-1)?.node;
  const current: VisitedTab | null = page?.meta
    ? {
        path: location.pathname,
        fullPath: location.pathname + location.search,
        name: page.name ?? location.pathname,
        title: page.meta.title,
        detail: titleDetailOf(page.meta, location.search),
        affix: Boolean(page.meta.affix),
      }
    : null;

  const { tabs, elements, refreshKeys, activePath, actions } = useVisitedTabs(
    pinned,
    (path) => pagePaths.has(path),
    current,
    outlet,
  );
  useDeviceTracking();

  // On mobile, navigating closes an open sidebar.
  useEffect(() => {
    if (appSettings.get().device === 'mobile') appSettings.closeSidebar(false);
  }, [location.pathname]);

  const mobile = device === 'mobile';
  const classes = [
    'app-wrapper',
    sidebar.opened ? 'open-sidebar' : 'hide-sidebar',
    sidebar.withoutAnimation ? 'without-animation' : '',
    mobile ? 'mobile' : 'desktop',
  ]
    .filter(Boolean)
    .join(' ');

  const contextValue = { session, tree, tabs, activePath, actions };
  const kept = tabs.filter((tab) => tab.path in elements);

  return (
    <LayoutContext.Provider value={contextValue}>
      {modalHolder}
      <div className={classes}>
        {mobile && sidebar.opened ? (
          <div
            className="drawer-bg"
            data-testid="sidebar-backdrop"
            onClick={() => appSettings.closeSidebar(false)}
          />
        ) : null}
        <Sidebar />
        <div className="main-container">
          <header className="fixed-header">
            <Navbar />
            <TagsView />
          </header>
          <main className="app-main">
            {kept.map((tab) => (
              <Activity
                key={`${tab.path}#${refreshKeys[tab.path] ?? 0}`}
                mode={tab.path === activePath ? 'visible' : 'hidden'}
              >
                <PageScopeContext.Provider value={tab.path}>
                  {elements[tab.path]}
                </PageScopeContext.Provider>
              </Activity>
            ))}
            {/* Routes that are not pages (redirects) render whatever they render. */}
            {current ? null : outlet}
          </main>
        </div>
      </div>
    </LayoutContext.Provider>
  );
}
