import { z } from 'zod';

/** The console's languages (docs/product.md §9): Burmese script, English, Chinese. */
export const languages = ['bur', 'en', 'zh'] as const;
export const languageSchema = z.enum(languages);
export type Language = z.infer<typeof languageSchema>;
export const defaultLanguage: Language = 'en';

/**
 * The LANGUAGE header carries the upper-cased language (docs/product.md §7); unknown values mean
 * English.
 */
export function languageFromHeader(header: string | undefined): Language {
  const lower = (header ?? '').trim().toLowerCase();
  return (languages as readonly string[]).includes(lower) ? (lower as Language) : defaultLanguage;
}
