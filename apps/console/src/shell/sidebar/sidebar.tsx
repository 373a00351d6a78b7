import { Menu, type MenuProps } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { RouteIcon } from '../../components/route-icon';
import { useAppSettings } from '../../lib/app-settings';
import { landmarks } from '../landmarks';
import { useLayout } from '../layout/layout-context';
import { activeMenuKey, buildMenu, openKeysFor, type MenuEntry } from './build-menu';

type MenuItem = Required<MenuProps>['items'][number];

function toItems(entries: MenuEntry[], t: (key: string) => string): MenuItem[] {
  return entries.map((entry) => {
    const title = t(`route.${entry.title}`);
    const icon = entry.icon ? <RouteIcon name={entry.icon} /> : undefined;
    if (entry.children) {
      return { key: entry.key, icon, label: title, children: toItems(entry.children, t) };
    }
    const label = entry.external ? (
      <a href={entry.key} target="_blank" rel="noopener noreferrer">
        {title}
      </a>
    ) : (
      <Link to={entry.key}>{title}</Link>
    );
    return { key: entry.key, icon, label, title };
  });
}

/** Shell: the side menu, 200px wide, logo area 'Admin', collapsible. */
export function Sidebar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { tree } = useLayout();
  const { sidebar, device } = useAppSettings();
  const mobile = device === 'mobile';
  const collapsed = !sidebar.opened && !mobile;

  const menu = useMemo(() => buildMenu(tree), [tree]);
  const selected = activeMenuKey(tree, pathname);
  const items = useMemo(() => toItems(menu, t), [menu, t]);

  // The groups holding the active entry open whenever the active entry changes.
  const [openKeys, setOpenKeys] = useState<string[]>(() => openKeysFor(menu, selected));
  const [openedFor, setOpenedFor] = useState(selected);
  if (openedFor !== selected) {
    setOpenedFor(selected);
    setOpenKeys((keys) => [...new Set([...keys, ...openKeysFor(menu, selected)])]);
  }

  const onClick: MenuProps['onClick'] = ({ key, domEvent }) => {
    // A click on the link itself has navigated already.
    if ((domEvent.target as HTMLElement).closest('a')) return;
    if (/^https?:\/\//.test(key)) window.open(key, '_blank', 'noopener');
    else void navigate(key);
  };

  return (
    <nav aria-label={landmarks.sideMenu} className="sidebar-container">
      <div inert={mobile && !sidebar.opened}>
        <Link to="/" className="sidebar-logo" title={t('layout.logoTitle')}>
          <span className="sidebar-logo-mark" aria-hidden="true">
            A
          </span>
          <span className="sidebar-logo-text">{t('layout.logoTitle')}</span>
        </Link>
        <Menu
          mode="inline"
          inlineIndent={16}
          items={items}
          selectedKeys={[selected]}
          inlineCollapsed={collapsed}
          onClick={onClick}
          {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
        />
      </div>
    </nav>
  );
}
