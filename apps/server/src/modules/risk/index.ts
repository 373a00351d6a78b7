/**
 * Risk management over the loan book's machine review: rule-set versions (draft → back-test →
 * publish), rules, thresholds, riskConfig's global settings, the blacklist, and the analysis
 * screens (hit rates, rule analysis, data statistics). Machine review itself stays in the loan
 * book (`decideAndRecord`), which reads the tables these screens change.
 */
import type { ModuleRoutes } from '../../plugins/module.js';
import { registerRiskRoutes } from './risk.routes.js';
import type { RiskDeps } from './risk.service.js';

export type { RiskDeps } from './risk.service.js';
export { addBlacklistEntry } from '../loan-book/index.js';

export function createRiskModule(deps: RiskDeps) {
  return {
    registerRoutes: (routes: ModuleRoutes) => registerRiskRoutes(routes.admin, deps),
  };
}
