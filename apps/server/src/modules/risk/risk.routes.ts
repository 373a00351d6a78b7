import {
  addBlacklist,
  backtestRiskDraft,
  deleteRiskRule,
  discardRiskDraft,
  enableRiskRule,
  getRiskConfig,
  importBlacklist,
  listBlacklist,
  listRiskRules,
  listRiskVersions,
  publishRiskDraft,
  removeBlacklist,
  riskDataStatistics,
  riskRuleAnalysis,
  ruleHitRate,
  ruleHitRateDetail,
  saveRiskConfig,
  saveRiskRule,
  saveRiskThresholds,
  singleRiskRuleAnalysis,
  startRiskDraft,
} from '@lending/contract';
import { callerOf, type EndpointRegistrar } from '../../plugins/access.js';
import * as analysis from './risk-analysis.service.js';
import * as risk from './risk.service.js';

/** Binds the /risk screens' and the blacklist's endpoints; no SQL here. */
export function registerRiskRoutes(endpoints: EndpointRegistrar, deps: risk.RiskDeps): void {
  endpoints.register(listRiskRules, ({ body }) => risk.listRules(deps, body));
  endpoints.register(saveRiskRule, ({ body }) => risk.saveRule(deps, body));
  endpoints.register(enableRiskRule, ({ body }) => risk.enableRule(deps, body));
  endpoints.register(deleteRiskRule, ({ body }) => risk.deleteRule(deps, body.id));
  endpoints.register(listRiskVersions, ({ body }) => risk.listVersions(deps, body));
  endpoints.register(startRiskDraft, (context) => risk.startDraft(deps, callerOf(context).userId));
  endpoints.register(saveRiskThresholds, ({ body }) => risk.saveThresholds(deps, body));
  endpoints.register(backtestRiskDraft, (context) =>
    risk.backtest(deps, context.body, callerOf(context).userId),
  );
  endpoints.register(publishRiskDraft, (context) =>
    risk.publish(deps, context.body.id, callerOf(context).userId),
  );
  endpoints.register(discardRiskDraft, (context) => risk.discardDraft(deps, context.body.id));
  endpoints.register(getRiskConfig, () => risk.getSettings(deps));
  endpoints.register(saveRiskConfig, (context) =>
    risk.saveSettings(deps, context.body, callerOf(context).userId),
  );
  endpoints.register(ruleHitRate, ({ body }) => analysis.hitRate(deps, body));
  endpoints.register(ruleHitRateDetail, ({ body }) => analysis.hitRateDetail(deps, body));
  endpoints.register(riskRuleAnalysis, ({ body }) => analysis.ruleAnalysis(deps, body));
  endpoints.register(singleRiskRuleAnalysis, ({ body }) => analysis.singleRuleAnalysis(deps, body));
  endpoints.register(riskDataStatistics, ({ body }) => analysis.dataStatistics(deps, body));
  endpoints.register(listBlacklist, ({ body }) => risk.listBlacklist(deps, body));
  endpoints.register(addBlacklist, (context) =>
    risk.addToBlacklist(deps, context.body, callerOf(context).userId),
  );
  endpoints.register(importBlacklist, (context) =>
    risk.importToBlacklist(deps, context.body, callerOf(context).userId),
  );
  endpoints.register(removeBlacklist, (context) =>
    risk.removeFromBlacklist(deps, context.body, callerOf(context).userId),
  );
}
