import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Every business route shows this until its issue lands: its title and a plain notice. */
export function NotBuiltPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <Card>
      <Typography.Title level={1} className="page-heading">
        {t(`route.${titleKey}`, { defaultValue: titleKey })}
      </Typography.Title>
      <Typography.Paragraph>{t('notBuilt.notice')}</Typography.Paragraph>
    </Card>
  );
}
