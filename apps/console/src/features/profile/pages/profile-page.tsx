import { Alert, Button, Card, Descriptions, Skeleton, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatIndiaDateTime } from '../../../lib/format';
import { useProfile } from '../api/use-profile';

/**
 * Navbar: profile. The signed-in staff member's own account as the server keeps it.
 * Name, e-mail and roles are managed by an administrator (Permission → Accounts), so the page
 * only reads them; the password is changed here.
 */
export function ProfilePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useProfile();
  const own = query.data;

  return (
    <Card title={<h1 className="page-heading">{t('profile.heading')}</h1>}>
      {query.isPending ? (
        <Skeleton active />
      ) : !own ? (
        <Alert type="error" showIcon title={t('profile.loadFailed')} />
      ) : (
        <Space direction="vertical" size="large" style={{ width: '100%', maxWidth: 640 }}>
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={t('profile.name')}>{own.name}</Descriptions.Item>
            <Descriptions.Item label={t('profile.email')}>{own.email}</Descriptions.Item>
            <Descriptions.Item label={t('profile.roles')}>
              {own.roles.length === 0
                ? t('profile.noRoles')
                : own.roles.map((role) => <Tag key={role.id}>{role.name}</Tag>)}
            </Descriptions.Item>
            <Descriptions.Item label={t('profile.language')}>
              {t(`languageNames.${own.language}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('profile.lastSignIn')}>
              {own.lastLoginAt ? formatIndiaDateTime(own.lastLoginAt) : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('profile.createdAt')}>
              {formatIndiaDateTime(own.createdAt)}
            </Descriptions.Item>
          </Descriptions>
          <Alert type="info" showIcon title={t('profile.managedByAdmin')} />
          <Button type="primary" onClick={() => void navigate('/changePassword/index')}>
            {t('navbar.changePassword')}
          </Button>
        </Space>
      )}
    </Card>
  );
}
