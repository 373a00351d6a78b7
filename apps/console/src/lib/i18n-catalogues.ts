import type { Language } from '@lending/contract';
import { currentLanguage, i18n } from './i18n';

type FeatureLanguage = 'en' | 'zh';

const loaders: Record<FeatureLanguage, () => Promise<Record<string, unknown>>> = {
  en: () => import('../locales/features-en').then((module) => module.enFeatures),
  zh: () => import('../locales/features-zh').then((module) => module.zhFeatures),
};

const loading = new Map<FeatureLanguage, Promise<void>>();
let wanted = false;

function load(language: FeatureLanguage): Promise<void> {
  let pending = loading.get(language);
  if (!pending) {
    pending = loaders[language]().then((texts) => {
      i18n.addResourceBundle(language, 'translation', texts, true, true);
    });
    // A failed download is tried again next time.
    pending.catch(() => loading.delete(language));
    loading.set(language, pending);
  }
  return pending;
}

/**
 * Adds the features' texts to the catalogues i18n started with (the shell's and the route
 * titles, lib/i18n.ts): English always (the fallback, and Burmese's feature texts), Chinese
 * when it is the language. The signed-in layout's route waits for this before anything renders;
 * no top-level keys overlap, so the result is locales/index.ts's catalogue.
 */
export function loadFeatureCatalogues(language: Language): Promise<void> {
  wanted = true;
  return Promise.all(language === 'zh' ? [load('en'), load('zh')] : [load('en')]).then(() => {});
}

/** The features' texts of the language shown (the signed-in layout waits for them). */
export function loadShownFeatureCatalogues(): Promise<void> {
  return loadFeatureCatalogues(currentLanguage());
}

/**
 * Before a language switch: once the signed-in layout has asked for the features' texts, the
 * new language's are loaded first (nothing before sign-in, where only the shell's show).
 */
export function featureCataloguesBeforeSwitch(language: Language): Promise<void> {
  return wanted ? loadFeatureCatalogues(language) : Promise.resolve();
}
