/** Permission management calls (roles, accounts, menus, interfaces); for now the own language. */
export { registerPowerRoutes } from './power.routes.js';
