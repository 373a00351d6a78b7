/** The console's public configuration (product title, languages, locale, upload limits). */
import type { ModuleRoutes } from '../../plugins/module.js';
import { registerConfigRoutes } from './config.routes.js';

export function createConfigModule(settings: { productTitle: string }) {
  return {
    registerRoutes: (routes: ModuleRoutes) => registerConfigRoutes(routes.admin, settings),
  };
}
