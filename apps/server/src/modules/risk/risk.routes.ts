import { riskApi } from '@lending/contract';
import { callerOf, type EndpointRegistrar } from '../../plugins/access.js';
import * as blacklist from './blacklist.service.js';
import * as analysis from './risk-analysis.service.js';
import type { RiskDeps } from './risk.deps.js';
import * as rules from './rules.service.js';
import * as settings from './settings.service.js';
import * as versions from './versions.service.js';

/** Binds the /risk screens' and the blacklist's endpoints; no SQL here. */
export function registerRiskRoutes(endpoints: EndpointRegistrar, deps: RiskDeps): void {
  endpoints.register(riskApi.listRiskRules, ({ body }) => rules.listRules(deps, body));
  endpoints.register(riskApi.saveRiskRule, ({ body }) => rules.saveRule(deps, body));
  endpoints.register(riskApi.enableRiskRule, ({ body }) => rules.enableRule(deps, body));
  endpoints.register(riskApi.deleteRiskRule, ({ body }) => rules.deleteRule(deps, body.id));
  endpoints.register(riskApi.listRiskVersions, ({ body }) => versions.listVersions(deps, body));
  endpoints.register(riskApi.startRiskDraft, (context) =>
    versions.startDraft(deps, callerOf(context).userId),
  );
  endpoints.register(riskApi.saveRiskThresholds, ({ body }) => versions.saveThresholds(deps, body));
  endpoints.register(riskApi.backtestRiskDraft, (context) =>
    versions.backtest(deps, context.body, callerOf(context).userId),
  );
  endpoints.register(riskApi.publishRiskDraft, (context) =>
    versions.publish(deps, context.body.id, callerOf(context).userId),
  );
  endpoints.register(riskApi.discardRiskDraft, (context) =>
    versions.discardDraft(deps, context.body.id),
  );
  endpoints.register(riskApi.getRiskConfig, () => settings.getSettings(deps));
  endpoints.register(riskApi.saveRiskConfig, (context) =>
    settings.saveSettings(deps, context.body, callerOf(context).userId),
  );
  endpoints.register(riskApi.ruleHitRate, ({ body }) => analysis.hitRate(deps, body));
  endpoints.register(riskApi.ruleHitRateDetail, ({ body }) => analysis.hitRateDetail(deps, body));
  endpoints.register(riskApi.riskRuleAnalysis, ({ body }) => analysis.ruleAnalysis(deps, body));
  endpoints.register(riskApi.singleRiskRuleAnalysis, ({ body }) =>
    analysis.singleRuleAnalysis(deps, body),
  );
  endpoints.register(riskApi.riskDataStatistics, ({ body }) => analysis.dataStatistics(deps, body));
  endpoints.register(riskApi.listBlacklist, ({ body }) => blacklist.listBlacklist(deps, body));
  endpoints.register(riskApi.addBlacklist, (context) =>
    blacklist.addToBlacklist(deps, context.body, callerOf(context).userId),
  );
  endpoints.register(riskApi.importBlacklist, (context) =>
    blacklist.importToBlacklist(deps, context.body, callerOf(context).userId),
  );
  endpoints.register(riskApi.removeBlacklist, (context) =>
    blacklist.removeFromBlacklist(deps, context.body, callerOf(context).userId),
  );
}
