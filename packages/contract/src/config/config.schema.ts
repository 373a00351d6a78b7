import { z } from 'zod';
import { languageSchema } from '../common/language-schema.js';

/** What the console needs before and after sign-in; nothing secret (it is public). */
export const consoleConfigSchema = z.object({
  productTitle: z.string(),
  languages: z.array(languageSchema),
  defaultLanguage: languageSchema,
  timeZone: z.string(),
  currency: z.string(),
  uploadLimitBytes: z.int(),
  uploadExtensions: z.array(z.string()),
});
export type ConsoleConfig = z.infer<typeof consoleConfigSchema>;
