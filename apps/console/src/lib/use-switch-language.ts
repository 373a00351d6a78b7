import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { setLanguage, type Language } from '@lending/contract';
import { api } from './api';
import { getToken, setLanguageCookie } from './cookies';
import { feedback } from './feedback';

/**
 * Switches the console language: stores the cookie, re-renders in the new language, shows
 * 'Switch Language Success' and, when signed in, stores it on the account (set_language).
 */
export function useSwitchLanguage(): (language: Language) => Promise<void> {
  const { i18n } = useTranslation();
  return useCallback(
    async (language: Language) => {
      setLanguageCookie(language);
      await i18n.changeLanguage(language);
      feedback.success(i18n.t('messages.switchLanguageSuccess'));
      if (getToken()) {
        // Failures are reported by the request client (toast, or the session dialog).
        await api.call(setLanguage, { language }).catch(() => undefined);
      }
    },
    [i18n],
  );
}
