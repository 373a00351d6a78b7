import type { RiskOperator, RiskThresholdOverrideJson } from './risk.table.js';

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

export type MachineDecision = 'pass' | 'refer' | 'reject';

/** What one version decides with: the base score and the thresholds that apply. */
export interface DecisionPolicy {
  baseScore: number;
  rejectBelow: number;
  passAbove: number;
}

export interface RuleSetVerdict {
  outcomes: RuleOutcome[];
  /** Sum of the weighted scores of the rules hit. */
  totalScore: number;
  /** The machine score: base score minus `totalScore`. */
  score: number;
  hardFail: boolean;
  firstRefusingRuleId: number | null;
  decision: MachineDecision;
  /** What the loan book's state machine sees: reject, or pass on to first review. */
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

/** Below `rejectBelow` rejects, above `passAbove` passes, in between (inclusive) refers. */
export function decide(score: number, policy: DecisionPolicy, hardFail: boolean): MachineDecision {
  if (hardFail || score < policy.rejectBelow) return 'reject';
  return score > policy.passAbove ? 'pass' : 'refer';
}

/**
 * Machine review: every rule is evaluated and recorded; a hard rule that hits rejects; else
 * the score (base minus the weighted scores of the rules hit) is compared with the thresholds.
 * A missing field never hits. Pure: the same rules and features always give the same verdict.
 */
export function evaluateRules(
  rules: readonly RiskRule[],
  features: Record<string, unknown>,
  policy: DecisionPolicy,
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
  const firstHard = rules.findIndex((rule, i) => rule.level === 'hard' && outcomes[i]!.hit);
  const hardFail = firstHard >= 0;
  const score = policy.baseScore - totalScore;
  const decision = decide(score, policy, hardFail);
  return {
    outcomes,
    totalScore,
    score,
    hardFail,
    firstRefusingRuleId: hardFail ? rules[firstHard]!.id : null,
    decision,
    result: decision === 'reject' ? 'reject' : 'pass',
  };
}

/**
 * The thresholds for one application: the most specific override (product and customer type,
 * then product, then customer type) or the version's own.
 */
export function policyFor(
  version: DecisionPolicy & { overrides: readonly RiskThresholdOverrideJson[] },
  productId: number,
  customerType: 'new' | 'old',
): DecisionPolicy {
  const rank = (o: RiskThresholdOverrideJson) =>
    o.productId === productId && o.customerType === customerType
      ? 3
      : o.productId === productId && o.customerType === 'any'
        ? 2
        : o.productId === null && o.customerType === customerType
          ? 1
          : o.productId === null && o.customerType === 'any'
            ? 0
            : -1;
  const best = version.overrides
    .map((o) => ({ o, r: rank(o) }))
    .filter(({ r }) => r >= 0)
    .sort((a, b) => b.r - a.r)[0];
  return {
    baseScore: version.baseScore,
    rejectBelow: best ? best.o.rejectBelow : version.rejectBelow,
    passAbove: best ? best.o.passAbove : version.passAbove,
  };
}

export interface BacktestVersion extends DecisionPolicy {
  overrides: readonly RiskThresholdOverrideJson[];
  /** Enabled rules only. */
  rules: readonly RiskRule[];
}

/** A past application as machine review saw it. */
export interface BacktestCase {
  features: Record<string, unknown>;
  productId: number;
  customerType: 'new' | 'old';
  /** riskConfig checks that refused it: these stay refused whatever the rules say. */
  checksFailed: readonly string[];
}

/** The decision a version gives one recorded application. */
export function replay(version: BacktestVersion, item: BacktestCase): MachineDecision {
  if (item.checksFailed.length > 0) return 'reject';
  const policy = policyFor(version, item.productId, item.customerType);
  return evaluateRules(version.rules, item.features, policy).decision;
}

export interface BacktestComparison {
  evaluated: number;
  changed: number;
  transitions: { from: MachineDecision; to: MachineDecision; count: number }[];
  draftDecisions: Record<MachineDecision, number>;
  publishedDecisions: Record<MachineDecision, number>;
  /** Per case: the published and the draft decision. */
  decisions: { published: MachineDecision; draft: MachineDecision }[];
}

/** Runs the draft and the published version over the same applications and compares. */
export function compareVersions(
  draft: BacktestVersion,
  published: BacktestVersion | null,
  cases: readonly BacktestCase[],
): BacktestComparison {
  const empty = () => ({ pass: 0, refer: 0, reject: 0 });
  const draftDecisions = empty();
  const publishedDecisions = empty();
  const moves = new Map<string, number>();
  const decisions = cases.map((item) => {
    const before = published ? replay(published, item) : 'refer';
    const after = replay(draft, item);
    draftDecisions[after] += 1;
    publishedDecisions[before] += 1;
    if (before !== after)
      moves.set(`${before}>${after}`, (moves.get(`${before}>${after}`) ?? 0) + 1);
    return { published: before, draft: after };
  });
  const transitions = [...moves].map(([key, count]) => {
    const [from, to] = key.split('>') as [MachineDecision, MachineDecision];
    return { from, to, count };
  });
  return {
    evaluated: cases.length,
    changed: transitions.reduce((sum, t) => sum + t.count, 0),
    transitions,
    draftDecisions,
    publishedDecisions,
    decisions,
  };
}
