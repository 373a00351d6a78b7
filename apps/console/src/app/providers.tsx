import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ConfigProvider, message, theme } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_Z_INDEX } from '@lending/contract';
import { useAppSettings } from '../lib/app-settings';
import type { Size } from '../lib/cookies';
import { bindMessage } from '../lib/feedback';
import { i18n } from '../lib/i18n';
import { THEME_COLORS } from '../lib/theme-colors';

/** The spec's sizes on Ant Design: Default large, Medium middle, Small small, Mini compact. */
export function componentSizeOf(size: Size): 'large' | 'middle' | 'small' {
  if (size === 'default') return 'large';
  if (size === 'medium') return 'middle';
  return 'small';
}

/** dayjs follows the language (Burmese uses English, decision 0002). */
function followWithDayjs(language: string) {
  dayjs.locale(language === 'zh' ? 'zh-cn' : 'en');
}
followWithDayjs(i18n.language);
i18n.on('languageChanged', followWithDayjs);

const ORANGE = '#fa8c16';
const DARK_GREY = '#4d4d4d';

/** Binds a message instance under the ConfigProvider for code outside React. */
function MessageHolder() {
  const [api, holder] = message.useMessage({ maxCount: 3 });
  useEffect(() => {
    bindMessage(api);
    return () => bindMessage(null);
  }, [api]);
  return holder;
}

/** Ant Design's theme, size and locale, and the query cache the pages read through. */
export function Providers({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  // Re-renders when the language changes.
  const { i18n: translation } = useTranslation();
  const { size, theme: themeName } = useAppSettings();
  const language = translation.language;

  useEffect(() => {
    document.documentElement.lang = language === 'zh' ? 'zh-CN' : language === 'bur' ? 'my' : 'en';
  }, [language]);

  const themeConfig = useMemo(
    () => ({
      algorithm: size === 'mini' ? [theme.defaultAlgorithm, theme.compactAlgorithm] : undefined,
      token: { colorPrimary: THEME_COLORS[themeName] },
      components: {
        Message: { zIndexPopup: MESSAGE_Z_INDEX },
        // Theme: active menu text orange, menu text dark grey.
        Menu: {
          itemColor: DARK_GREY,
          itemHoverColor: ORANGE,
          itemSelectedColor: ORANGE,
          itemSelectedBg: '#fff7e6',
          subMenuItemSelectedColor: ORANGE,
          collapsedWidth: 64,
        },
      },
    }),
    [size, themeName],
  );

  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider
        locale={language === 'zh' ? zhCN : enUS}
        componentSize={componentSizeOf(size)}
        // Button texts stay as written ('取消', not '取 消'): they are accessible names too.
        button={{ autoInsertSpace: false }}
        theme={themeConfig}
      >
        <MessageHolder />
        {children}
      </ConfigProvider>
    </QueryClientProvider>
  );
}
