import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { defaultLanguage, languages, type Language } from '@lending/contract';
import { firstLoadResources } from '../locales/first-load';
import { getLanguageCookie } from './cookies';

/** Maps one browser language tag to a console language, if it names one. */
function fromBrowserTag(tag: string): Language | undefined {
  const lower = tag.toLowerCase();
  if (lower.startsWith('zh')) return 'zh';
  if (lower.startsWith('my') || lower.startsWith('bur')) return 'bur';
  if (lower.startsWith('en')) return 'en';
  return undefined;
}

/**
 * The saved cookie, then the browser language (zh… → zh, my… or bur → bur), else en.
 * The first browser tag that names a console language wins.
 */
export function chooseLanguage(
  saved: string | undefined,
  browserLanguages: readonly string[],
): Language {
  if (saved && (languages as readonly string[]).includes(saved)) return saved as Language;
  for (const tag of browserLanguages) {
    const language = fromBrowserTag(tag);
    if (language) return language;
  }
  return defaultLanguage;
}

function browserLanguages(): string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? [...navigator.languages] : [navigator.language];
}

export const i18n = i18next.createInstance();

// The shell's texts and route titles only: the features' texts come with the signed-in layout
// (lib/i18n-catalogues.ts), so the sign-in page does not download them.
void i18n.use(initReactI18next).init({
  resources: firstLoadResources,
  lng: chooseLanguage(getLanguageCookie(), browserLanguages()),
  fallbackLng: 'en',
  supportedLngs: [...languages],
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

export function currentLanguage(): Language {
  const language = i18n.language;
  return (languages as readonly string[]).includes(language) ? (language as Language) : 'en';
}

/** Translated route title, or the raw title when no catalogue has it. */
export function routeTitle(title: string): string {
  return i18n.t(`route.${title}`, { defaultValue: title });
}
