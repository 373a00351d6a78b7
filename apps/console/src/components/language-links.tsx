import { useTranslation } from 'react-i18next';
import { languages, type Language } from '@lending/contract';
import { useSwitchLanguage } from '../lib/use-switch-language';

const ORDER: Language[] = ['en', 'zh', 'bur'];

/**
 * A light language selector (sign-in page): the three languages as buttons, the current one
 * pressed. The navbar uses the dropdown; this one keeps menu code out of the first load.
 */
export function LanguageLinks({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const switchLanguage = useSwitchLanguage();
  const shown = ORDER.filter((language) => languages.includes(language));
  return (
    <div role="group" aria-label={t('navbar.language')} className={className}>
      {shown.map((language) => (
        <button
          key={language}
          type="button"
          lang={language === 'zh' ? 'zh-CN' : language === 'bur' ? 'my' : 'en'}
          aria-pressed={i18n.language === language}
          onClick={() => void switchLanguage(language)}
        >
          {t(`languageNames.${language}`)}
        </button>
      ))}
    </div>
  );
}
