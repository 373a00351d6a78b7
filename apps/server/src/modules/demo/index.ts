/** Demo-only levers for the browser journeys: the business date and the sandbox bank (decision 0066). */
export {
  registerDemoRoutes,
  demoNextDay,
  demoSandboxCredit,
  type DemoDeps,
} from './demo.routes.js';
