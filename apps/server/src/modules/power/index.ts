/** Permission management calls: roles, their menus and interfaces, the interface catalogue. */
import type { ModuleRoutes } from '../../plugins/module.js';
import type { UserModule } from '../user/index.js';
import { registerPowerRoutes } from './power.routes.js';

export { interfaceCatalogue } from './power.routes.js';

/** Roles and grants are the user module's; this module binds their screens' calls. */
export function createPowerModule(deps: { users: UserModule }) {
  return {
    registerRoutes: (routes: ModuleRoutes) => registerPowerRoutes(routes.admin, deps.users),
  };
}
