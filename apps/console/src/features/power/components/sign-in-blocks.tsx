import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SignInBlock } from '@lending/contract';
import { formatIndiaDateTime } from '../../../lib/format';

/**
 * An account's sign-in blocks after failed attempts (decision 0023): from every address or
 * from some, each with when it lifts by itself. Nothing when sign-in is open.
 */
export function SignInBlocks({ blocks }: { blocks: SignInBlock[] }) {
  const { t } = useTranslation();
  if (blocks.length === 0) return <>—</>;
  return (
    <Space orientation="vertical" size={0}>
      <Tag color="red">{t('account.blocked')}</Tag>
      {blocks.map(({ address, until }) => (
        <Typography.Text key={address ?? ''} type="secondary">
          {address === null
            ? t('account.blockedEverywhere', { until: formatIndiaDateTime(until) })
            : t('account.blockedFrom', { address, until: formatIndiaDateTime(until) })}
        </Typography.Text>
      ))}
    </Space>
  );
}
