import { riskApi } from '@lending/contract';
import { callerOf, type EndpointRegistrar } from '../../plugins/access.js';
import * as analysis from './risk-analysis.service.js';
import * as risk from './risk.service.js';

/** Binds the /risk screens' and the blacklist's endpoints; no SQL here. */
export function registerRiskRoutes(endpoints: EndpointRegistrar, deps: risk.RiskDeps): void {
  endpoints.register(riskApi.listRiskRules, ({ body }) => risk.listRules(deps, body));
  endpoints.register(riskApi.saveRiskRule, ({ body }) => risk.saveRule(deps, body));
  endpoints.register(riskApi.enableRiskRule, ({ body }) => risk.enableRule(deps, body));
  endpoints.register(riskApi.deleteRiskRule, ({ body }) => risk.deleteRule(deps, body.id));
  endpoints.register(riskApi.listRiskVersions, ({ body }) => risk.listVersions(deps, body));
  endpoints.register(riskApi.startRiskDraft, (context) =>
    risk.startDraft(deps, callerOf(context).userId),
  );
  endpoints.register(riskApi.saveRiskThresholds, ({ body }) => risk.saveThresholds(deps, body));
  endpoints.register(riskApi.backtestRiskDraft, (context) =>
    risk.backtest(deps, context.body, callerOf(context).userId),
  );
  endpoints.register(riskApi.publishRiskDraft, (context) =>
    risk.publish(deps, context.body.id, callerOf(context).userId),
  );
  endpoints.register(riskApi.discardRiskDraft, (context) =>
    risk.discardDraft(deps, context.body.id),
  );
  endpoints.register(riskApi.getRiskConfig, () => risk.getSettings(deps));
  endpoints.register(riskApi.saveRiskConfig, (context) =>
    risk.saveSettings(deps, context.body, callerOf(context).userId),
  );
  endpoints.register(riskApi.ruleHitRate, ({ body }) => analysis.hitRate(deps, body));
  endpoints.register(riskApi.ruleHitRateDetail, ({ body }) => analysis.hitRateDetail(deps, body));
  endpoints.register(riskApi.riskRuleAnalysis, ({ body }) => analysis.ruleAnalysis(deps, body));
  endpoints.register(riskApi.singleRiskRuleAnalysis, ({ body }) =>
    analysis.singleRuleAnalysis(deps, body),
  );
  endpoints.register(riskApi.riskDataStatistics, ({ body }) => analysis.dataStatistics(deps, body));
  endpoints.register(riskApi.listBlacklist, ({ body }) => risk.listBlacklist(deps, body));
  endpoints.register(riskApi.addBlacklist, (context) =>
    risk.addToBlacklist(deps, context.body, callerOf(context).userId),
  );
  endpoints.register(riskApi.importBlacklist, (context) =>
    risk.importToBlacklist(deps, context.body, callerOf(context).userId),
  );
  endpoints.register(riskApi.removeBlacklist, (context) =>
    risk.removeFromBlacklist(deps, context.body, callerOf(context).userId),
  );
}
