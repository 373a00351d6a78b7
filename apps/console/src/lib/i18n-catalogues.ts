import { languages } from '@lending/contract';
import { resources } from '../locales';
import { i18n } from './i18n';

/**
 * Adds every feature's texts to the catalogues i18n started with (the shell's and the route
 * titles, lib/i18n.ts). The signed-in layout's chunk calls it before any page renders; the
 * result is the same catalogue as `resources`, whose keys the shell's do not overlap.
 */
export function addFeatureCatalogues(): void {
  for (const language of languages) {
    i18n.addResourceBundle(language, 'translation', resources[language].translation, true, true);
  }
}
