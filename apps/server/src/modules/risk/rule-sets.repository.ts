// Rule-set versions and their rules: what machine review decides with and the editor edits.
import { and, asc, eq, inArray, max, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { riskRuleListBodySchema, riskVersionListBodySchema } from '@lending/contract';
import type { Executor } from '../../plugins/db.js';
import { containsPattern, runList } from '../../shared/list-query.js';
import { loanProducts } from '../loan-book/tables.js';
import {
  riskDecisions,
  riskRuleSets,
  riskRules,
  type RiskOperator,
  type RiskRuleSetRow,
} from './risk.table.js';

export interface NewRiskRule {
  ruleCode?: string;
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

/**
 * The thresholds of a new version. `rejectScoreAbove` is the older form (reject when the
 * weighted scores of the rules hit add up to more than it): base 100, reject below and pass
 * above 100 − it.
 */
export type NewRuleSetPolicy =
  { rejectScoreAbove: number } | { baseScore: number; rejectBelow: number; passAbove: number };

function policyColumns(input: NewRuleSetPolicy) {
  if ('rejectScoreAbove' in input) {
    const edge = 100 - input.rejectScoreAbove;
    return { baseScore: 100, rejectBelow: edge, passAbove: edge };
  }
  return { baseScore: input.baseScore, rejectBelow: input.rejectBelow, passAbove: input.passAbove };
}

/** A new rule-set version with its rules, published at once (the previous one retires). */
export async function publishRuleSet(
  tx: Executor,
  input: NewRuleSetPolicy & { rules: NewRiskRule[] },
  at: Date,
): Promise<{ id: number; version: number }> {
  const version = (await latestVersion(tx)) + 1;
  await retirePublished(tx);
  const [set] = await tx
    .insert(riskRuleSets)
    .values({ version, status: 'enabled', ...policyColumns(input), createdAt: at, enabledAt: at })
    .returning();
  if (input.rules.length > 0) {
    await tx.insert(riskRules).values(
      input.rules.map((r, index) => ({
        ...r,
        ruleCode: r.ruleCode ?? `R${String(index + 1).padStart(3, '0')}`,
        ruleSetId: set!.id,
        weight: r.weight ?? 1,
        enable: r.enable ?? true,
      })),
    );
  }
  return { id: set!.id, version };
}

// ——— versions ———

/** The published version, if any. */
export async function publishedSet(db: Executor): Promise<RiskRuleSetRow | undefined> {
  const [set] = await db.select().from(riskRuleSets).where(eq(riskRuleSets.status, 'enabled'));
  return set;
}

/** The published version and its enabled rules (what machine review decides with), or null. */
export async function enabledRuleSet(db: Executor) {
  const set = await publishedSet(db);
  if (!set) return null;
  return { set, rules: await enabledRulesOf(db, set.id) };
}

export function enabledRulesOf(db: Executor, ruleSetId: number) {
  return db
    .select()
    .from(riskRules)
    .where(and(eq(riskRules.ruleSetId, ruleSetId), eq(riskRules.enable, true)))
    .orderBy(asc(riskRules.id));
}

export async function currentDraft(db: Executor): Promise<RiskRuleSetRow | null> {
  const [draft] = await db.select().from(riskRuleSets).where(eq(riskRuleSets.status, 'draft'));
  return draft ?? null;
}

export async function findRuleSet(db: Executor, id: number): Promise<RiskRuleSetRow | undefined> {
  const [set] = await db.select().from(riskRuleSets).where(eq(riskRuleSets.id, id));
  return set;
}

/** The highest version number given so far (0 before any). */
export async function latestVersion(db: Executor): Promise<number> {
  const [latest] = await db.select({ version: max(riskRuleSets.version) }).from(riskRuleSets);
  return latest?.version ?? 0;
}

/** Every edit of a draft bumps it: a back-test is current only for the revision it ran on. */
export async function bumpRevision(db: Executor, setId: number): Promise<void> {
  await db
    .update(riskRuleSets)
    .set({ revision: sql`${riskRuleSets.revision} + 1` })
    .where(eq(riskRuleSets.id, setId));
}

/** The version the rule list shows without a filter: the draft, else the published one. */
export async function defaultVersion(db: Executor): Promise<number | undefined> {
  const rows = await db
    .select({ version: riskRuleSets.version, status: riskRuleSets.status })
    .from(riskRuleSets)
    .where(inArray(riskRuleSets.status, ['draft', 'enabled']));
  return (rows.find((r) => r.status === 'draft') ?? rows[0])?.version;
}

/** The versions list; the API's `published` is the stored `enabled`. */
export function listRuleSets(db: Executor, body: z.output<typeof riskVersionListBodySchema>) {
  return runList(
    db,
    {
      select: () => db.select().from(riskRuleSets),
      where: {
        status: (status) =>
          eq(riskRuleSets.status, status === 'published' ? ('enabled' as const) : status),
      },
      sortColumns: { version: riskRuleSets.version },
      defaultSort: { field: 'version', order: 'desc' },
      id: riskRuleSets.id,
    },
    body,
  );
}

/** A version's rules (all, enabled) and the applications it decided. */
export async function ruleSetCounts(db: Executor, setId: number) {
  const [counts] = await db
    .select({
      rules: sql<number>`count(*)::int`,
      enabled: sql<number>`count(*) filter (where ${riskRules.enable})::int`,
    })
    .from(riskRules)
    .where(eq(riskRules.ruleSetId, setId));
  const [decided] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(riskDecisions)
    .where(eq(riskDecisions.ruleSetId, setId));
  return {
    rules: Number(counts?.rules ?? 0),
    enabled: Number(counts?.enabled ?? 0),
    decided: Number(decided?.count ?? 0),
  };
}

/** A draft, unless one exists already (the one-draft index): then undefined. */
export async function insertDraft(
  tx: Executor,
  values: Omit<typeof riskRuleSets.$inferInsert, 'status'>,
): Promise<RiskRuleSetRow | undefined> {
  const [draft] = await tx
    .insert(riskRuleSets)
    .values({ ...values, status: 'draft' })
    .onConflictDoNothing()
    .returning();
  return draft;
}

/** Copies a version's rules into another (codes kept). */
export async function copyRules(tx: Executor, fromSetId: number, toSetId: number): Promise<void> {
  const rules = await tx
    .select()
    .from(riskRules)
    .where(eq(riskRules.ruleSetId, fromSetId))
    .orderBy(asc(riskRules.id));
  if (rules.length > 0) {
    await tx
      .insert(riskRules)
      .values(rules.map(({ id: _id, ...rule }) => ({ ...rule, ruleSetId: toSetId })));
  }
}

/** A version and its rules (its back-tests go first: backtests.repository.ts). */
export async function deleteRuleSet(tx: Executor, setId: number): Promise<void> {
  await tx.delete(riskRules).where(eq(riskRules.ruleSetId, setId));
  await tx.delete(riskRuleSets).where(eq(riskRuleSets.id, setId));
}

export async function updateThresholds(
  tx: Executor,
  setId: number,
  values: Pick<
    typeof riskRuleSets.$inferInsert,
    'baseScore' | 'rejectBelow' | 'passAbove' | 'overrides'
  >,
): Promise<RiskRuleSetRow> {
  const [updated] = await tx
    .update(riskRuleSets)
    .set({ ...values, revision: sql`${riskRuleSets.revision} + 1` })
    .where(eq(riskRuleSets.id, setId))
    .returning();
  return updated!;
}

/** Which of the ids are loan products. */
export async function knownProductIds(tx: Executor, ids: readonly number[]): Promise<Set<number>> {
  const rows = await tx
    .select({ id: loanProducts.id })
    .from(loanProducts)
    .where(inArray(loanProducts.id, [...ids]));
  return new Set(rows.map((p) => p.id));
}

/** Sets the published version's overrides (by product and customer type) as they stand. */
export async function setPublishedOverrides(
  tx: Executor,
  overrides: NonNullable<(typeof riskRuleSets.$inferInsert)['overrides']>,
): Promise<void> {
  await tx.update(riskRuleSets).set({ overrides }).where(eq(riskRuleSets.status, 'enabled'));
}

export async function retirePublished(tx: Executor): Promise<void> {
  await tx
    .update(riskRuleSets)
    .set({ status: 'retired' })
    .where(eq(riskRuleSets.status, 'enabled'));
}

/** The draft becomes the published version; undefined when it is no longer a draft. */
export async function publishDraft(
  tx: Executor,
  setId: number,
  at: Date,
  actorId: number,
): Promise<RiskRuleSetRow | undefined> {
  const [published] = await tx
    .update(riskRuleSets)
    .set({ status: 'enabled', enabledAt: at, enabledBy: actorId })
    .where(and(eq(riskRuleSets.id, setId), eq(riskRuleSets.status, 'draft')))
    .returning();
  return published;
}

// ——— rules ———

export type RuleWithSet = { rule: typeof riskRules.$inferSelect; set: RiskRuleSetRow };

export function listRulesOfVersion(
  db: Executor,
  body: z.output<typeof riskRuleListBodySchema> & { filters: { version: number } },
) {
  return runList(
    db,
    {
      select: () =>
        db
          .select({ rule: riskRules, set: riskRuleSets })
          .from(riskRules)
          .innerJoin(riskRuleSets, eq(riskRuleSets.id, riskRules.ruleSetId)),
      where: {
        version: (v) => eq(riskRuleSets.version, v),
        ruleName: (name) => sql`${riskRules.ruleName} ilike ${containsPattern(name)}`,
        className: (name) => eq(riskRules.className, name),
        fieldName: (name) => eq(riskRules.fieldName, name),
        enable: (state) => eq(riskRules.enable, state === 'enabled'),
      },
      sortColumns: {
        id: riskRules.id,
        ruleCode: riskRules.ruleCode,
        score: riskRules.score,
        weight: riskRules.weight,
      },
      defaultSort: { field: 'ruleCode', order: 'asc' },
      id: riskRules.id,
    },
    body,
  );
}

export async function findRuleWithSet(db: Executor, id: number): Promise<RuleWithSet | undefined> {
  const [row] = await db
    .select({ rule: riskRules, set: riskRuleSets })
    .from(riskRules)
    .innerJoin(riskRuleSets, eq(riskRuleSets.id, riskRules.ruleSetId))
    .where(eq(riskRules.id, id));
  return row;
}

/** The highest rule code given in any version (codes are stable across versions). */
export async function highestRuleCode(tx: Executor): Promise<string | null> {
  const [last] = await tx.select({ code: max(riskRules.ruleCode) }).from(riskRules);
  return last?.code ?? null;
}

/** The id of the version's rule of that code, if it has one. */
export async function ruleIdOfCode(
  db: Executor,
  setId: number,
  code: string,
): Promise<number | undefined> {
  const [rule] = await db
    .select({ id: riskRules.id })
    .from(riskRules)
    .where(and(eq(riskRules.ruleSetId, setId), eq(riskRules.ruleCode, code)));
  return rule?.id;
}

export async function ruleCodeTaken(tx: Executor, setId: number, code: string): Promise<boolean> {
  const [taken] = await tx
    .select({ id: riskRules.id })
    .from(riskRules)
    .where(and(eq(riskRules.ruleSetId, setId), eq(riskRules.ruleCode, code)));
  return taken !== undefined;
}

export async function insertRule(tx: Executor, values: typeof riskRules.$inferInsert) {
  const [rule] = await tx.insert(riskRules).values(values).returning();
  return rule!;
}

export async function updateRule(
  tx: Executor,
  id: number,
  values: Partial<typeof riskRules.$inferInsert>,
) {
  const [rule] = await tx.update(riskRules).set(values).where(eq(riskRules.id, id)).returning();
  return rule!;
}

export async function deleteRule(tx: Executor, id: number): Promise<void> {
  await tx.delete(riskRules).where(eq(riskRules.id, id));
}
