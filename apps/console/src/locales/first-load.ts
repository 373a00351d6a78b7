import type { Language } from '@lending/contract';
import { routes as burRoutes } from './bur/routes';
import { shell as burShell } from './bur/shell';
import { routes as enRoutes } from './en/routes';
import { shell as enShell } from './en/shell';
import { routes as zhRoutes } from './zh/routes';
import { shell as zhShell } from './zh/shell';

/**
 * What the console starts with: the shell texts (sign-in page, layout, messages, session
 * dialog) and the route titles of every language. The features' catalogues (locales/index.ts)
 * come with the signed-in layout, so the sign-in page does not download them.
 */
export const firstLoadResources: Record<Language, { translation: Record<string, unknown> }> = {
  en: { translation: { ...enShell, route: enRoutes } },
  zh: { translation: { ...zhShell, route: zhRoutes } },
  bur: { translation: { ...burShell, route: burRoutes } },
};
