import type { Language } from '@lending/contract';
import { enFeatures } from './features-en';
import { zhFeatures } from './features-zh';
import { firstLoadResources } from './first-load';

/**
 * One `translation` namespace per language: the shell texts, every feature's texts, and route
 * titles under `route` (Burmese has the shell's and the route titles; the rest falls back to
 * English). The console starts with `firstLoadResources` and the signed-in layout adds the
 * features' texts (lib/i18n-catalogues.ts); no top-level keys overlap, so together they make
 * this catalogue.
 */
export const resources: Record<Language, { translation: Record<string, unknown> }> = {
  en: { translation: { ...firstLoadResources.en.translation, ...enFeatures } },
  zh: { translation: { ...firstLoadResources.zh.translation, ...zhFeatures } },
  bur: firstLoadResources.bur,
};
