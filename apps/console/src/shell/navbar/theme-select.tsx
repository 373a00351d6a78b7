import { BgColorsOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { THEME_COLORS } from '../../lib/theme-colors';
import { appSettings, useAppSettings } from '../../lib/app-settings';
import { themes, type Theme } from '../../lib/cookies';
import { feedback } from '../../lib/feedback';

/** Navbar: theme. The primary colour of buttons, links and focus; kept in a cookie. */
export function ThemeSelect() {
  const { t } = useTranslation();
  const { theme } = useAppSettings();
  return (
    <Dropdown
      trigger={['click']}
      autoFocus
      menu={{
        selectable: true,
        selectedKeys: [theme],
        items: themes.map((value) => ({
          key: value,
          label: (
            <span className="theme-option">
              <span
                className="theme-swatch"
                aria-hidden="true"
                style={{ background: THEME_COLORS[value] }}
              />
              {t(`theme.${value}`)}
            </span>
          ),
        })),
        onClick: ({ key }) => {
          appSettings.setTheme(key as Theme);
          feedback.success(t('messages.switchThemeSuccess'));
        },
      }}
    >
      <Button type="text" aria-label={t('navbar.theme')} icon={<BgColorsOutlined />} />
    </Dropdown>
  );
}
