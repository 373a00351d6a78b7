import type { z } from 'zod';
import {
  riskExpressionProblem,
  riskFieldOf,
  type riskRuleEnableBodySchema,
  type riskRuleListBodySchema,
  type riskRuleSaveBodySchema,
} from '@lending/contract';
import type { Executor } from '../../plugins/db.js';
import { AppError } from '../../shared/app-error.js';
import type { RiskDeps } from './risk.deps.js';
import {
  bumpRevision,
  currentDraft,
  defaultVersion,
  deleteRule as deleteRuleRow,
  findRuleWithSet,
  highestRuleCode,
  insertRule,
  listRulesOfVersion,
  ruleCodeTaken,
  updateRule,
  type RuleWithSet,
} from './rule-sets.repository.js';
import { apiStatus, notDraft } from './versions.service.js';

// The rules of a version (riskRuleList): only a draft's rules change; each change bumps its
// revision, so a back-test run before it is no longer current.

type Body<S extends z.ZodType> = z.output<S>;

function ruleView({ rule, set }: RuleWithSet) {
  return {
    id: rule.id,
    ruleSetId: set.id,
    version: set.version,
    versionStatus: apiStatus(set.status),
    ruleCode: rule.ruleCode,
    ruleName: rule.ruleName,
    className: rule.className,
    fieldName: rule.fieldName,
    expression: rule.expression,
    comparisonValue: rule.comparisonValue,
    score: rule.score,
    weight: rule.weight,
    level: rule.level,
    enable: rule.enable,
  };
}

export async function listRules(deps: RiskDeps, body: Body<typeof riskRuleListBodySchema>) {
  const version = body.filters?.version ?? (await defaultVersion(deps.db));
  if (version === undefined) return { list: [], total: 0 };
  const { list, total } = await listRulesOfVersion(deps.db, {
    ...body,
    filters: { ...body.filters, version },
  });
  return { list: list.map(ruleView), total };
}

/** The rule and its version, the version a draft (404, 409 otherwise). */
async function draftRule(db: Executor, id: number): Promise<RuleWithSet> {
  const row = await findRuleWithSet(db, id);
  if (!row) throw new AppError('notFound', { field: 'id', detail: String(id) });
  if (row.set.status !== 'draft') throw notDraft(row.set);
  return row;
}

export async function saveRule(deps: RiskDeps, body: Body<typeof riskRuleSaveBodySchema>) {
  const problem = riskExpressionProblem(body);
  if (problem) throw AppError.invalid(problem.field, problem.message);
  const field = riskFieldOf(body.fieldName)!;
  if (body.className !== field.className) {
    throw AppError.invalid('className', `${field.name}: the class is ${field.className}`);
  }
  return deps.db.transaction(async (tx) => {
    const values = {
      ruleName: body.ruleName,
      className: body.className,
      fieldName: body.fieldName,
      expression: body.expression,
      comparisonValue: body.comparisonValue.trim(),
      score: body.score,
      weight: body.weight,
      level: body.level,
      enable: body.enable,
    };
    if (body.id !== undefined) {
      const existing = await draftRule(tx, body.id);
      const rule = await updateRule(tx, body.id, values);
      await bumpRevision(tx, existing.set.id);
      return ruleView({ rule, set: existing.set });
    }
    const draft = await currentDraft(tx);
    if (!draft) {
      throw new AppError('conflict', { field: 'draft', detail: 'start a draft version first' });
    }
    const next = Number(/\d+$/.exec((await highestRuleCode(tx)) ?? '')?.[0] ?? 0) + 1;
    const ruleCode = body.ruleCode ?? `R${String(next).padStart(3, '0')}`;
    if (await ruleCodeTaken(tx, draft.id, ruleCode)) {
      throw new AppError('duplicate', { field: 'ruleCode', detail: ruleCode });
    }
    const rule = await insertRule(tx, { ...values, ruleCode, ruleSetId: draft.id });
    await bumpRevision(tx, draft.id);
    return ruleView({ rule, set: draft });
  });
}

export async function enableRule(deps: RiskDeps, body: Body<typeof riskRuleEnableBodySchema>) {
  return deps.db.transaction(async (tx) => {
    const existing = await draftRule(tx, body.id);
    const rule = await updateRule(tx, body.id, { enable: body.enable });
    await bumpRevision(tx, existing.set.id);
    return ruleView({ rule, set: existing.set });
  });
}

export async function deleteRule(deps: RiskDeps, id: number) {
  return deps.db.transaction(async (tx) => {
    const existing = await draftRule(tx, id);
    await deleteRuleRow(tx, id);
    await bumpRevision(tx, existing.set.id);
    return { ok: true as const };
  });
}
