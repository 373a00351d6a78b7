/** Demo-only levers for the browser journeys: the business date and the sandbox bank (decision 0066). */
import type { ModuleRoutes } from '../../plugins/module.js';
import { registerDemoRoutes, type DemoDeps } from './demo.routes.js';

export { demoNextDay, demoSandboxCredit, type DemoDeps } from './demo.routes.js';

/** Built only with a demo clock (app.ts): the levers exist on no other server. */
export function createDemoModule(deps: DemoDeps) {
  return {
    registerRoutes: (routes: ModuleRoutes) => registerDemoRoutes(routes.admin, deps),
  };
}
