import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import {
  importReportSchema,
  UPLOAD_BODY_LIMIT_BYTES,
  xlsxUploadBodySchema,
} from '../common/upload.js';
import {
  blacklistAddBodySchema,
  blacklistListBodySchema,
  blacklistListRetSchema,
  blacklistRemoveBodySchema,
  blacklistRowSchema,
  dataStatisticsBodySchema,
  dataStatisticsRetSchema,
  riskBacktestBodySchema,
  riskBacktestResultSchema,
  riskRuleDeleteBodySchema,
  riskRuleEnableBodySchema,
  riskRuleListBodySchema,
  riskRuleListRetSchema,
  riskRuleRowSchema,
  riskRuleSaveBodySchema,
  riskSettingsRetSchema,
  riskSettingsSchema,
  riskVersionIdBodySchema,
  riskVersionListBodySchema,
  riskVersionListRetSchema,
  riskVersionRowSchema,
  riskVersionThresholdsBodySchema,
  ruleAnalysisBodySchema,
  ruleAnalysisRetSchema,
  ruleHitDetailBodySchema,
  ruleHitDetailRetSchema,
  ruleHitRateBodySchema,
  ruleHitRateRetSchema,
  singleRuleAnalysisBodySchema,
  singleRuleAnalysisRetSchema,
} from './risk.schema.js';

const emptyBodySchema = z.strictObject({}).optional();
const okSchema = z.object({ ok: z.literal(true) });

export const listRiskRules = defineEndpoint({
  id: 'risk.rule_list',
  method: 'POST',
  summary:
    'Rules of a rule-set version (the draft by default): field, expression, comparison value, score, weight, level',
  access: 'granted',
  mutates: false,
  body: riskRuleListBodySchema,
  query: undefined,
  ret: riskRuleListRetSchema,
});

export const saveRiskRule = defineEndpoint({
  id: 'risk.rule_save',
  method: 'POST',
  summary:
    'Create or edit a rule in the draft version; the expression is validated against the field catalogue',
  access: 'granted',
  mutates: true,
  errors: ['conflict', 'duplicate', 'notFound'],
  body: riskRuleSaveBodySchema,
  query: undefined,
  ret: riskRuleRowSchema,
});

export const enableRiskRule = defineEndpoint({
  id: 'risk.rule_enable',
  method: 'POST',
  summary: 'Enable or disable a rule of the draft version',
  access: 'granted',
  mutates: true,
  errors: ['conflict', 'notFound'],
  body: riskRuleEnableBodySchema,
  query: undefined,
  ret: riskRuleRowSchema,
});

export const deleteRiskRule = defineEndpoint({
  id: 'risk.rule_delete',
  method: 'POST',
  summary: 'Delete a rule of the draft version',
  access: 'granted',
  mutates: true,
  errors: ['conflict', 'notFound'],
  body: riskRuleDeleteBodySchema,
  query: undefined,
  ret: okSchema,
});

export const listRiskVersions = defineEndpoint({
  id: 'risk.version_list',
  method: 'POST',
  summary: 'Rule-set versions: status, score thresholds, rules, last back-test',
  access: 'granted',
  mutates: false,
  body: riskVersionListBodySchema,
  query: undefined,
  ret: riskVersionListRetSchema,
});

export const startRiskDraft = defineEndpoint({
  id: 'risk.version_draft',
  method: 'POST',
  summary: 'Start a draft version as a copy of the published one',
  access: 'granted',
  mutates: true,
  errors: ['conflict'],
  body: emptyBodySchema,
  query: undefined,
  ret: riskVersionRowSchema,
});

export const saveRiskThresholds = defineEndpoint({
  id: 'risk.version_thresholds',
  method: 'POST',
  summary: 'Base score and decision thresholds of the draft, per product and new/old customer',
  access: 'granted',
  mutates: true,
  errors: ['conflict', 'notFound'],
  body: riskVersionThresholdsBodySchema,
  query: undefined,
  ret: riskVersionRowSchema,
});

export const backtestRiskDraft = defineEndpoint({
  id: 'risk.version_backtest',
  method: 'POST',
  summary:
    "Run the draft over the last N days' applications: decisions that change, later overdue of loans it would reject",
  access: 'granted',
  mutates: true,
  errors: ['conflict', 'notFound'],
  body: riskBacktestBodySchema,
  query: undefined,
  ret: riskBacktestResultSchema,
});

export const publishRiskDraft = defineEndpoint({
  id: 'risk.version_publish',
  method: 'POST',
  summary: 'Publish the back-tested draft: it decides applications from then on',
  access: 'granted',
  mutates: true,
  errors: ['conflict', 'notFound'],
  body: riskVersionIdBodySchema,
  query: undefined,
  ret: riskVersionRowSchema,
});

export const discardRiskDraft = defineEndpoint({
  id: 'risk.version_discard',
  method: 'POST',
  summary:
    'Discard the draft version with its rules and back-tests; the published one is untouched',
  access: 'granted',
  mutates: true,
  errors: ['conflict', 'notFound'],
  body: riskVersionIdBodySchema,
  query: undefined,
  ret: okSchema,
});

export const getRiskConfig = defineEndpoint({
  id: 'risk.config_get',
  method: 'POST',
  summary: 'Global risk settings machine review applies before the rules',
  access: 'granted',
  mutates: false,
  body: emptyBodySchema,
  query: undefined,
  ret: riskSettingsRetSchema,
});

export const saveRiskConfig = defineEndpoint({
  id: 'risk.config_save',
  method: 'POST',
  summary: 'Change the global risk settings',
  access: 'granted',
  mutates: true,
  body: riskSettingsSchema,
  query: undefined,
  ret: riskSettingsRetSchema,
});

export const ruleHitRate = defineEndpoint({
  id: 'risk.hit_rate',
  method: 'POST',
  summary: 'Per rule and India date: applications evaluated, hit, hit rate',
  access: 'granted',
  mutates: false,
  body: ruleHitRateBodySchema,
  query: undefined,
  ret: ruleHitRateRetSchema,
});

export const ruleHitRateDetail = defineEndpoint({
  id: 'risk.hit_rate_detail',
  method: 'POST',
  summary: 'The applications a rule hit',
  access: 'granted',
  mutates: false,
  body: ruleHitDetailBodySchema,
  query: undefined,
  ret: ruleHitDetailRetSchema,
});

export const riskRuleAnalysis = defineEndpoint({
  id: 'risk.rule_analysis',
  method: 'POST',
  summary:
    'Per rule: hit rate, pass rate, later overdue of approved loans that hit against those that did not',
  access: 'granted',
  mutates: false,
  body: ruleAnalysisBodySchema,
  query: undefined,
  ret: ruleAnalysisRetSchema,
});

export const singleRiskRuleAnalysis = defineEndpoint({
  id: 'risk.single_rule_analysis',
  method: 'POST',
  summary: 'One rule over time: hit rate, pass rate and later overdue per day',
  access: 'granted',
  mutates: false,
  errors: ['notFound'],
  body: singleRuleAnalysisBodySchema,
  query: undefined,
  ret: singleRuleAnalysisRetSchema,
});

export const riskDataStatistics = defineEndpoint({
  id: 'risk.data_statistics',
  method: 'POST',
  summary:
    'Distributions of the fields rules read, for applications, approvals and later overdue loans',
  access: 'granted',
  mutates: false,
  body: dataStatisticsBodySchema,
  query: undefined,
  ret: dataStatisticsRetSchema,
});

export const listBlacklist = defineEndpoint({
  id: 'blacklist.list',
  method: 'POST',
  summary: 'Blacklist entries: phone, PAN, device or bank account, reason, source',
  access: 'granted',
  mutates: false,
  body: blacklistListBodySchema,
  query: undefined,
  ret: blacklistListRetSchema,
});

export const addBlacklist = defineEndpoint({
  id: 'blacklist.add',
  method: 'POST',
  summary: 'Add a blacklist entry',
  access: 'granted',
  mutates: true,
  errors: ['duplicate'],
  body: blacklistAddBodySchema,
  query: undefined,
  ret: blacklistRowSchema,
});

export const removeBlacklist = defineEndpoint({
  id: 'blacklist.remove',
  method: 'POST',
  summary: 'Remove a blacklist entry (kept in the audit trail with the reason)',
  access: 'granted',
  mutates: true,
  errors: ['conflict', 'notFound'],
  body: blacklistRemoveBodySchema,
  query: undefined,
  ret: okSchema,
});

export const importBlacklist = defineEndpoint({
  id: 'blacklist.import',
  method: 'POST',
  summary: 'Add blacklist entries from .xlsx (a row already listed is refused, nothing doubles)',
  access: 'granted',
  mutates: true,
  bodyLimit: UPLOAD_BODY_LIMIT_BYTES,
  body: xlsxUploadBodySchema,
  query: undefined,
  ret: importReportSchema,
});

/** The /risk screens' endpoints. */
export const riskEndpoints = [
  listRiskRules,
  saveRiskRule,
  enableRiskRule,
  deleteRiskRule,
  listRiskVersions,
  startRiskDraft,
  saveRiskThresholds,
  backtestRiskDraft,
  publishRiskDraft,
  discardRiskDraft,
  getRiskConfig,
  saveRiskConfig,
  ruleHitRate,
  ruleHitRateDetail,
  riskRuleAnalysis,
  singleRiskRuleAnalysis,
  riskDataStatistics,
] as const;
/** /toolMage/blacklist. */
export const blacklistEndpoints = [
  listBlacklist,
  addBlacklist,
  removeBlacklist,
  importBlacklist,
] as const;
