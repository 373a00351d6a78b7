/**
 * The console's languages (docs/product.md §9): Burmese script, English, Chinese. This module
 * uses no zod (its schema is in language-schema.ts): the console's first load reads these
 * constants, and a zod schema here would bring zod with them.
 */
export const languages = ['bur', 'en', 'zh'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'en';

/**
 * The LANGUAGE header carries the upper-cased language (docs/product.md §7); unknown values mean
 * English.
 */
export function languageFromHeader(header: string | undefined): Language {
  const lower = (header ?? '').trim().toLowerCase();
  return (languages as readonly string[]).includes(lower) ? (lower as Language) : defaultLanguage;
}
