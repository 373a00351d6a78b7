import type { RiskOperator } from './risk.table.js';

export interface RiskRule {
  id: number;
  ruleName: string;
  fieldName: string;
  expression: RiskOperator;
  comparisonValue: string;
  score: number;
  weight: number;
  level: 'hard' | 'soft';
}

export interface RuleOutcome {
  ruleId: number;
  /** The applicant's value as read (text), null when the field is missing. */
  value: string | null;
  hit: boolean;
  /** score × weight when hit, else 0. */
  score: number;
}

export interface RuleSetVerdict {
  outcomes: RuleOutcome[];
  totalScore: number;
  hardFail: boolean;
  result: 'pass' | 'reject';
}

/** `a.b.c` in the applicant's features. */
function read(features: Record<string, unknown>, path: string): unknown {
  let current: unknown = features;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

function compare(value: unknown, operator: RiskOperator, comparison: string): boolean {
  if (value === undefined || value === null) return false;
  const list = comparison.split(',').map((s) => s.trim());
  if (operator === 'in') return list.includes(String(value));
  if (operator === 'notIn') return !list.includes(String(value));
  const left = Number(value);
  const right = Number(comparison);
  const numeric = Number.isFinite(left) && Number.isFinite(right) && comparison.trim() !== '';
  switch (operator) {
    case '==':
      return numeric ? left === right : String(value) === comparison;
    case '!=':
      return numeric ? left !== right : String(value) !== comparison;
    case '>':
      return numeric && left > right;
    case '>=':
      return numeric && left >= right;
    case '<':
      return numeric && left < right;
    case '<=':
      return numeric && left <= right;
  }
}

/**
 * Machine review: every rule is evaluated and recorded; a hard rule that hits rejects, and so
 * does a total soft score above the rule set's threshold. A missing field never hits.
 */
export function evaluateRules(
  rules: readonly RiskRule[],
  features: Record<string, unknown>,
  rejectScoreAbove: number,
): RuleSetVerdict {
  const outcomes = rules.map((rule) => {
    const raw = read(features, rule.fieldName);
    const hit = compare(raw, rule.expression, rule.comparisonValue);
    return {
      ruleId: rule.id,
      value:
        raw === undefined || raw === null
          ? null
          : typeof raw === 'object'
            ? JSON.stringify(raw)
            : String(raw),
      hit,
      score: hit ? rule.score * rule.weight : 0,
    };
  });
  const totalScore = outcomes.reduce((sum, o) => sum + o.score, 0);
  const hardFail = rules.some((rule, i) => rule.level === 'hard' && outcomes[i]!.hit);
  return {
    outcomes,
    totalScore,
    hardFail,
    result: hardFail || totalScore > rejectScoreAbove ? 'reject' : 'pass',
  };
}
