import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { consoleConfigSchema } from './config.schema.js';

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
