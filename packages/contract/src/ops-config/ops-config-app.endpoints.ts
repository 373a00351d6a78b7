import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import {
  appClientConfigRetSchema,
  versionCheckBodySchema,
  versionCheckRetSchema,
} from './ops-config.schema.js';

/** The app's configuration (care telephone, help, privacy, terms, loan agreement addresses). */
export const appClientConfig = defineEndpoint({
  id: 'app.config.get',
  method: 'POST',
  summary: "The app's telephone and help, privacy, terms and loan agreement addresses",
  access: 'public',
  mutates: false,
  body: z.strictObject({}).optional(),
  query: undefined,
  ret: appClientConfigRetSchema,
});

/** Whether a newer release exists for the app's version, and whether it must be installed. */
export const appVersionCheck = defineEndpoint({
  id: 'app.config.version_check',
  method: 'POST',
  summary: 'Whether a newer app version is released for this version, and whether it is forced',
  access: 'public',
  mutates: false,
  body: versionCheckBodySchema,
  query: undefined,
  ret: versionCheckRetSchema,
});
