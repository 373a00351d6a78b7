/** The console's public configuration (product title, languages, locale, upload limits). */
export { registerConfigRoutes } from './config.routes.js';
