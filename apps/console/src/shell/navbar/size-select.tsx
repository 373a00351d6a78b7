import { FontSizeOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { appSettings, useAppSettings } from '../../lib/app-settings';
import { sizes, type Size } from '../../lib/cookies';
import { feedback } from '../../lib/feedback';

/** Default, Medium, Small, Mini; shows 'Switch Size Success' and reloads the view. */
export function SizeSelect({ onSwitched }: { onSwitched: () => void }) {
  const { t } = useTranslation();
  const { size } = useAppSettings();
  return (
    <Dropdown
      trigger={['click']}
      autoFocus
      menu={{
        selectable: true,
        selectedKeys: [size],
        items: sizes.map((value) => ({ key: value, label: t(`size.${value}`) })),
        onClick: ({ key }) => {
          appSettings.setSize(key as Size);
          onSwitched();
          feedback.success(t('messages.switchSizeSuccess'));
        },
      }}
    >
      <Button type="text" aria-label={t('navbar.size')} icon={<FontSizeOutlined />} />
    </Dropdown>
  );
}
