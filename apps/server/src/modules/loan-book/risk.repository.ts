import { and, asc, eq, max } from 'drizzle-orm';
import type { Executor } from '../../plugins/db.js';
import { riskRuleResults, riskRuleSets, riskRules, type RiskOperator } from './risk.table.js';
import type { RuleOutcome } from './risk-rules.js';

export interface NewRiskRule {
  ruleName: string;
  className: string;
  fieldName: string;
  expression: RiskOperator;
  comparisonValue: string;
  score: number;
  weight?: number;
  level: 'hard' | 'soft';
  enable?: boolean;
}

/** A new rule-set version with its rules, enabled at once (the previous one retires). */
export async function publishRuleSet(
  tx: Executor,
  input: { rejectScoreAbove: number; rules: NewRiskRule[] },
  at: Date,
): Promise<{ id: number; version: number }> {
  const [latest] = await tx.select({ version: max(riskRuleSets.version) }).from(riskRuleSets);
  const version = (latest?.version ?? 0) + 1;
  await tx
    .update(riskRuleSets)
    .set({ status: 'retired' })
    .where(eq(riskRuleSets.status, 'enabled'));
  const [set] = await tx
    .insert(riskRuleSets)
    .values({
      version,
      status: 'enabled',
      rejectScoreAbove: input.rejectScoreAbove,
      createdAt: at,
      enabledAt: at,
    })
    .returning();
  if (input.rules.length > 0) {
    await tx.insert(riskRules).values(
      input.rules.map((r) => ({
        ...r,
        ruleSetId: set!.id,
        weight: r.weight ?? 1,
        enable: r.enable ?? true,
      })),
    );
  }
  return { id: set!.id, version };
}

export async function enabledRuleSet(db: Executor) {
  const [set] = await db.select().from(riskRuleSets).where(eq(riskRuleSets.status, 'enabled'));
  if (!set) return null;
  const rules = await db
    .select()
    .from(riskRules)
    .where(and(eq(riskRules.ruleSetId, set.id), eq(riskRules.enable, true)))
    .orderBy(asc(riskRules.id));
  return { set, rules };
}

export async function insertRuleResults(
  tx: Executor,
  orderId: number,
  outcomes: RuleOutcome[],
): Promise<void> {
  if (outcomes.length === 0) return;
  await tx.insert(riskRuleResults).values(outcomes.map((o) => ({ orderId, ...o })));
}

export function ruleResultsOf(db: Executor, orderId: number) {
  return db
    .select()
    .from(riskRuleResults)
    .where(eq(riskRuleResults.orderId, orderId))
    .orderBy(asc(riskRuleResults.id));
}
