import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../../components/language-select';
import { appSettings, useAppSettings } from '../../lib/app-settings';
import { Breadcrumb } from '../breadcrumb/breadcrumb';
import { useLayout } from '../layout/layout-context';
import { AccountMenu } from './account-menu';
import { DownloadsLink } from './downloads-link';
import { FullscreenButton } from './fullscreen-button';
import { NavbarSearch } from './navbar-search';
import { SizeSelect } from './size-select';
import { ThemeSelect } from './theme-select';
import './navbar.css';

/**
 * Top bar: hamburger, breadcrumb, order search (issue #10), the download page of
 * exports, fullscreen, size, theme, language, avatar.
 */
export function Navbar() {
  const { t } = useTranslation();
  const { sidebar } = useAppSettings();
  const { tabs, activePath, actions } = useLayout();

  const reloadCurrentView = () => {
    const tab = tabs.find((candidate) => candidate.path === activePath);
    if (tab) actions.refresh(tab);
  };

  return (
    <div className="navbar">
      <Button
        type="text"
        className="hamburger"
        aria-label={t('navbar.toggleSidebar')}
        aria-expanded={sidebar.opened}
        icon={sidebar.opened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
        onClick={() => appSettings.toggleSidebar()}
      />
      <Breadcrumb />
      <div className="right-menu">
        <NavbarSearch />
        <DownloadsLink />
        <FullscreenButton />
        <SizeSelect onSwitched={reloadCurrentView} />
        <ThemeSelect />
        <LanguageSelect />
        <AccountMenu />
      </div>
    </div>
  );
}
