import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown } from 'antd';
import { userApi } from '@lending/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api, clearLoginAndReload } from '../../lib/api';
import { useLayout } from '../layout/layout-context';

/** Avatar dropdown: Dashboard, Profile, Change password, Log out. */
export function AccountMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { session } = useLayout();
  const { name, avatar } = session.user;

  const onClick = async ({ key }: { key: string }) => {
    if (key === 'dashboard') void navigate('/dashboard');
    else if (key === 'profile') void navigate('/profile/index');
    else if (key === 'changePassword') void navigate('/changePassword/index');
    else if (key === 'logout') {
      // Logout clears the stored login and reloads, whatever the server said.
      await api.call(userApi.logout, undefined, { silent: true }).catch(() => undefined);
      clearLoginAndReload();
    }
  };

  return (
    <Dropdown
      trigger={['click']}
      autoFocus
      menu={{
        items: [
          { key: 'dashboard', label: t('navbar.dashboard') },
          { key: 'profile', label: t('navbar.profile') },
          { key: 'changePassword', label: t('navbar.changePassword') },
          { type: 'divider' },
          { key: 'logout', label: t('navbar.logOut') },
        ],
        onClick: (info) => void onClick(info),
      }}
    >
      <Button type="text" aria-label={t('navbar.account')} className="account-button">
        <Avatar size="small" src={avatar || undefined} icon={<UserOutlined />} alt="" />
        <span className="account-name">{name}</span>
        <DownOutlined style={{ fontSize: 10 }} />
      </Button>
    </Dropdown>
  );
}
