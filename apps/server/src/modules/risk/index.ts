/**
 * Risk management and machine review: rule-set versions (draft → back-test → publish), rules,
 * thresholds, riskConfig's global settings, the blacklist, the analysis screens (hit rates,
 * rule analysis, data statistics), and machine review itself, which the loan book's
 * `runMachineReview` asks for through `LoanBookDeps.machineReview` (app.ts wires
 * `machineReview`). Its tables are its own (risk.table.ts); it reads the book's orders and
 * customers through the book's tables.ts.
 */
import type { ModuleRoutes } from '../../plugins/module.js';
import type { RiskDeps } from './risk.deps.js';
import { registerRiskRoutes } from './risk.routes.js';

export type { RiskDeps } from './risk.deps.js';
export { machineReview } from './machine-review.service.js';
// What each rule found for an order (approval's machine decision detail shows it with the rules).
export { ruleResultsOf, ruleResultsWithRules } from './machine-review.repository.js';
// A blacklisting rejection code (approval) adds its entries unless already listed.
export { addBlacklistEntry, insertBlacklistEntriesUnlessActive } from './blacklist.repository.js';
// Marketing never sends a promotional message to a blacklisted number.
export { blacklistedPhonesAmong } from './blacklist.repository.js';
export {
  enabledRuleSet,
  publishRuleSet,
  ruleIdOfCode,
  setPublishedOverrides,
  type NewRiskRule,
} from './rule-sets.repository.js';
// The call list's re-apply wait (telemarketing) reads riskConfig's days; the demo book writes
// its settings when it sets up machine review.
export { insertRiskSettings, readRiskSettings } from './settings.repository.js';
export { saveRule } from './rules.service.js';
export { startDraft } from './versions.service.js';

export function createRiskModule(deps: RiskDeps) {
  return {
    registerRoutes: (routes: ModuleRoutes) => registerRiskRoutes(routes.admin, deps),
  };
}
