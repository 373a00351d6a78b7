import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@lending/contract';
import { api } from './api';
import { getToken, setLanguageCookie } from './cookies';
import { feedback } from './feedback';
import { setLanguageEndpoint } from './first-load-endpoints';
import { featureCataloguesBeforeSwitch } from './i18n-catalogues';

/**
 * Switches the console language. Signed in, the account stores it first (set_language): a
 * refused call (the session has ended, the server is away) switches nothing and the request
 * client says why, with a toast or the 'Confirm logout' dialog. Then the cookie is stored,
 * the console re-renders in the new language and shows 'Switch Language Success'.
 */
export function useSwitchLanguage(): (language: Language) => Promise<void> {
  const { i18n } = useTranslation();
  return useCallback(
    async (language: Language) => {
      if (getToken()) {
        try {
          await api.call(setLanguageEndpoint, { language });
        } catch {
          return;
        }
      }
      setLanguageCookie(language);
      // Signed in, the pages' texts in the new language come first (if they cannot be
      // downloaded, those texts show in English, the fallback).
      await featureCataloguesBeforeSwitch(language).catch(() => undefined);
      await i18n.changeLanguage(language);
      feedback.success(i18n.t('messages.switchLanguageSuccess'));
    },
    [i18n],
  );
}
