import { TranslationOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { languages, type Language } from '@lending/contract';
import { useSwitchLanguage } from '../lib/use-switch-language';

/** The language selector (navbar and sign-in page): English, 中文, မြန်မာ. */
export function LanguageSelect({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const switchLanguage = useSwitchLanguage();
  return (
    <Dropdown
      trigger={['click']}
      autoFocus
      menu={{
        selectable: true,
        selectedKeys: [i18n.language],
        items: languages
          .map((language) => ({ key: language, label: t(`languageNames.${language}`) }))
          // English first, then Chinese, then the Burmese-script option.
          .sort((a, b) => order(a.key) - order(b.key)),
        onClick: ({ key }) => void switchLanguage(key as Language),
      }}
    >
      <Button
        type="text"
        className={className}
        aria-label={t('navbar.language')}
        icon={<TranslationOutlined />}
      />
    </Dropdown>
  );
}

function order(language: string): number {
  return ['en', 'zh', 'bur'].indexOf(language);
}
