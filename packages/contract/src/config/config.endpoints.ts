import { z } from 'zod';
import { languageSchema } from '../common/language-schema.js';
import { defineEndpoint } from '../endpoint.js';

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

export const configIndex = defineEndpoint({
  id: 'config.index',
  method: 'POST',
  summary:
    "The console's configuration: product title, languages, time zone, currency, upload limit",
  access: 'public',
  mutates: false,
  body: z.strictObject({}).optional(),
  query: undefined,
  ret: consoleConfigSchema,
});

export const configEndpoints = [configIndex] as const;
