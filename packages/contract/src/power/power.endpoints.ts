import { z } from 'zod';
import { languageSchema } from '../common/languages.js';
import { defineEndpoint } from '../endpoint.js';

export const setLanguageBodySchema = z.strictObject({ language: languageSchema });

export const setLanguage = defineEndpoint({
  id: 'power.set_language',
  method: 'POST',
  path: '/power/set_language',
  module: 'power',
  summary: "Store the staff member's console language (bur, en or zh)",
  access: 'session',
  mutates: true,
  body: setLanguageBodySchema,
  query: undefined,
  ret: z.object({ language: languageSchema }),
});

export const powerEndpoints = [setLanguage] as const;
