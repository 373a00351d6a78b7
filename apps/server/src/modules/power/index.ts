/** Permission management calls: roles, their menus and interfaces, the interface catalogue. */
export { registerPowerRoutes, interfaceCatalogue } from './power.routes.js';
