import {
  CURRENCY,
  INDIA_TIME_ZONE,
  UPLOAD_EXTENSIONS,
  UPLOAD_LIMIT_BYTES,
  defaultLanguage,
  type ConsoleConfig,
  configApi,
} from '@lending/contract';
import type { EndpointRegistrar } from '../../plugins/access.js';

export function registerConfigRoutes(
  endpoints: EndpointRegistrar,
  settings: { productTitle: string },
): void {
  const consoleConfig: ConsoleConfig = {
    productTitle: settings.productTitle,
    languages: ['en', 'zh', 'bur'],
    defaultLanguage,
    timeZone: INDIA_TIME_ZONE,
    currency: CURRENCY,
    uploadLimitBytes: UPLOAD_LIMIT_BYTES,
    uploadExtensions: [...UPLOAD_EXTENSIONS],
  };
  endpoints.register(configApi.configIndex, async () => consoleConfig);
}
