import { addDays } from '@lending/lending';
import { and, asc, eq, gte, inArray, isNull, max, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../plugins/db.js';
import { indiaDateOf, startOfIndiaDate } from '../../shared/india-date.js';
import { customers } from './customers.table.js';
import { loanOrders, type LoanOrderRow } from './loan-orders.table.js';
import {
  riskBlacklist,
  riskDecisions,
  riskRuleResults,
  riskRuleSets,
  riskRules,
  riskSettings,
  type BlacklistKind,
  type RiskOperator,
  type RiskRuleSetRow,
} from './risk.table.js';
import { evaluateRules, policyFor, type RuleOutcome, type RuleSetVerdict } from './risk-rules.js';

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
  const [latest] = await tx.select({ version: max(riskRuleSets.version) }).from(riskRuleSets);
  const version = (latest?.version ?? 0) + 1;
  await tx
    .update(riskRuleSets)
    .set({ status: 'retired' })
    .where(eq(riskRuleSets.status, 'enabled'));
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

export async function enabledRuleSet(db: Executor) {
  const [set] = await db.select().from(riskRuleSets).where(eq(riskRuleSets.status, 'enabled'));
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

/** The machine decision of an order (version, score, thresholds, checks failed), if any. */
export async function riskDecisionOf(db: Executor, orderId: number) {
  const [row] = await db.select().from(riskDecisions).where(eq(riskDecisions.orderId, orderId));
  return row ?? null;
}

/** What riskConfig holds; with no row yet, settings that refuse nothing beyond the rules. */
export const PERMISSIVE_RISK_SETTINGS = {
  blacklistCheck: true,
  maxOpenLoans: 10,
  reapplyDaysAfterRejection: 0,
  duplicateDeviceCheck: false,
  duplicatePhoneCheck: false,
  duplicatePanCheck: false,
  duplicateBankAccountCheck: false,
  minAge: 18,
  maxAge: 100,
  allowedRegions: [] as string[],
  updatedAt: null as Date | null,
  updatedBy: null as number | null,
};
export type RiskSettingsValues = typeof PERMISSIVE_RISK_SETTINGS;

export async function readRiskSettings(db: Executor): Promise<RiskSettingsValues> {
  const [row] = await db.select().from(riskSettings).where(eq(riskSettings.id, 1));
  if (!row) return PERMISSIVE_RISK_SETTINGS;
  const { id: _id, ...values } = row;
  return values;
}

/** Normalises a blacklist value of a kind: the form it is stored and matched in. */
export function normaliseBlacklistValue(kind: BlacklistKind, value: string): string {
  const trimmed = value.trim();
  switch (kind) {
    case 'phone':
      return trimmed
        .replace(/[\s\-()]/g, '')
        .replace(/^\+?91(?=\d{10}$)/, '')
        .replace(/^0(?=\d{10}$)/, '');
    case 'pan':
      return trimmed.toUpperCase();
    case 'bankAccount':
      return trimmed.replace(/[\s-]/g, '');
    case 'device':
      return trimmed;
  }
}

/** Adds an entry unless the same kind and value is already listed (then null). */
/** Entries already active stay as they were (the unique index on the active entries). */
export async function insertBlacklistEntriesUnlessActive(
  tx: Executor,
  entries: (typeof riskBlacklist.$inferInsert)[],
): Promise<void> {
  await tx.insert(riskBlacklist).values(entries).onConflictDoNothing();
}

export async function addBlacklistEntry(
  tx: Executor,
  input: {
    kind: BlacklistKind;
    value: string;
    reason: string;
    source: 'manual' | 'rejectionCode' | 'fraud';
  },
  actorId: number | null,
  at: Date,
) {
  const value = normaliseBlacklistValue(input.kind, input.value);
  const [row] = await tx
    .insert(riskBlacklist)
    .values({ ...input, value, addedBy: actorId, addedAt: at })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

const OPEN_STATUSES = [
  'APPLIED',
  'MACHINE_REVIEW',
  'FIRST_REVIEW',
  'FINAL_REVIEW',
  'PENDING_DISBURSEMENT',
  'DISBURSING',
  'ACTIVE',
  'DUE',
  'OVERDUE',
  'DISBURSEMENT_FAILED',
] as const;

function ageOn(birthDate: string, date: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/**
 * The catalogue's fields for one application: what the applicant sent, over what the book
 * knows (age from the birth date, history of earlier loans, the application itself).
 */
async function featuresOf(tx: Executor, order: LoanOrderRow) {
  const [customer] = await tx.select().from(customers).where(eq(customers.id, order.customerId));
  const [history] = await tx
    .select({
      cleared: sql<number>`count(*) filter (where ${loanOrders.status} = 'CLEARED')::int`,
      worst: sql<number>`coalesce(max(greatest(${loanOrders.overdueDays}, case when ${loanOrders.clearedDate} is not null and ${loanOrders.dueDate} is not null then ${loanOrders.clearedDate} - ${loanOrders.dueDate} else 0 end)), 0)::int`,
    })
    .from(loanOrders)
    .where(and(eq(loanOrders.customerId, order.customerId), ne(loanOrders.id, order.id)));
  const previousLoans = Number(history?.cleared ?? 0);
  const customerType: 'new' | 'old' =
    previousLoans > 0 || order.productKind === 'reloan' ? 'old' : 'new';
  const derived: Record<string, unknown> = {
    region: customer?.region || null,
    channel: customer?.channel || null,
    customerType,
    previousLoans,
    maxOverdueDaysEver: Number(history?.worst ?? 0),
    productKind: order.productKind,
    principalPaise: Number(order.principalPaise),
  };
  if (customer?.birthDate) derived.age = ageOn(customer.birthDate, indiaDateOf(order.appliedAt));
  return { features: { ...derived, ...order.applicantFeatures }, customerType, customer };
}

/** riskConfig checks, in the order the decision lists them. */
async function failedChecks(
  tx: Executor,
  order: LoanOrderRow,
  context: Awaited<ReturnType<typeof featuresOf>>,
  settings: RiskSettingsValues,
  now: Date,
): Promise<string[]> {
  const failed: string[] = [];
  const { customer, features } = context;
  const deviceId = typeof features.deviceId === 'string' ? features.deviceId : null;
  if (settings.blacklistCheck && customer) {
    const candidates: { kind: BlacklistKind; value: string }[] = [
      { kind: 'phone', value: customer.phone },
      ...(customer.idNumber ? [{ kind: 'pan' as const, value: customer.idNumber }] : []),
      ...(customer.bankAccountNumber
        ? [{ kind: 'bankAccount' as const, value: customer.bankAccountNumber }]
        : []),
      ...(deviceId ? [{ kind: 'device' as const, value: deviceId }] : []),
    ];
    for (const candidate of candidates) {
      const hits = await tx
        .update(riskBlacklist)
        .set({ hits: sql`${riskBlacklist.hits} + 1` })
        .where(
          and(
            eq(riskBlacklist.kind, candidate.kind),
            eq(riskBlacklist.value, normaliseBlacklistValue(candidate.kind, candidate.value)),
            isNull(riskBlacklist.removedAt),
          ),
        )
        .returning({ id: riskBlacklist.id });
      if (hits.length > 0) failed.push(`blacklist:${candidate.kind}`);
    }
  }
  const [open] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(loanOrders)
    .where(
      and(
        eq(loanOrders.customerId, order.customerId),
        ne(loanOrders.id, order.id),
        inArray(loanOrders.status, [...OPEN_STATUSES]),
      ),
    );
  if (Number(open?.count ?? 0) >= settings.maxOpenLoans) failed.push('maxOpenLoans');
  if (settings.reapplyDaysAfterRejection > 0) {
    // India days, as the borrower app counts its wait (decision 0071): a rejection on day d
    // holds the customer back until day d + N, whatever the hour of either.
    const since = startOfIndiaDate(
      addDays(indiaDateOf(now), 1 - settings.reapplyDaysAfterRejection),
    );
    const [rejected] = await tx
      .select({ id: loanOrders.id })
      .from(loanOrders)
      .where(
        and(
          eq(loanOrders.customerId, order.customerId),
          ne(loanOrders.id, order.id),
          eq(loanOrders.status, 'REJECTED'),
          gte(loanOrders.updatedAt, since),
        ),
      )
      .limit(1);
    if (rejected) failed.push('reapplyTooSoon');
  }
  if (customer) {
    const others = (condition: ReturnType<typeof eq>) =>
      tx
        .select({ id: customers.id })
        .from(customers)
        .where(and(condition, ne(customers.id, customer.id)))
        .limit(1);
    if (settings.duplicatePhoneCheck && (await others(eq(customers.phone, customer.phone))).length)
      failed.push('duplicate:phone');
    if (
      settings.duplicatePanCheck &&
      customer.idNumber &&
      (await others(eq(customers.idNumber, customer.idNumber))).length
    )
      failed.push('duplicate:pan');
    if (
      settings.duplicateBankAccountCheck &&
      customer.bankAccountNumber &&
      (await others(eq(customers.bankAccountNumber, customer.bankAccountNumber))).length
    )
      failed.push('duplicate:bankAccount');
  }
  if (settings.duplicateDeviceCheck && deviceId) {
    const [shared] = await tx
      .select({ id: loanOrders.id })
      .from(loanOrders)
      .where(
        and(
          ne(loanOrders.customerId, order.customerId),
          sql`${loanOrders.applicantFeatures}->>'deviceId' = ${deviceId}`,
        ),
      )
      .limit(1);
    if (shared) failed.push('duplicate:device');
  }
  const age = typeof features.age === 'number' ? features.age : null;
  if (age !== null && (age < settings.minAge || age > settings.maxAge)) failed.push('age');
  const region = typeof features.region === 'string' ? features.region : null;
  if (settings.allowedRegions.length > 0 && (!region || !settings.allowedRegions.includes(region)))
    failed.push('region');
  return failed;
}

export interface MachineVerdict extends RuleSetVerdict {
  set: RiskRuleSetRow | null;
  checksFailed: string[];
}

/**
 * Machine review's decision for one order, recorded: riskConfig's checks, then the published
 * version's rules and thresholds (for the order's product and new/old customer). A failed check
 * rejects whatever the rules say; every rule is still evaluated and recorded.
 */
export async function decideAndRecord(
  tx: Executor,
  order: LoanOrderRow,
  now: Date,
): Promise<MachineVerdict> {
  const ruleSet = await enabledRuleSet(tx);
  const settings = await readRiskSettings(tx);
  const context = await featuresOf(tx, order);
  const checksFailed = await failedChecks(tx, order, context, settings, now);
  const policy = ruleSet
    ? policyFor(ruleSet.set, order.productId, context.customerType)
    : { baseScore: 0, rejectBelow: 0, passAbove: 0 };
  const verdict = evaluateRules(ruleSet?.rules ?? [], context.features, policy);
  const decision = checksFailed.length > 0 ? 'reject' : verdict.decision;
  await insertRuleResults(tx, order.id, verdict.outcomes);
  await tx.insert(riskDecisions).values({
    orderId: order.id,
    ruleSetId: ruleSet?.set.id ?? null,
    version: ruleSet?.set.version ?? null,
    score: verdict.score,
    rejectBelow: policy.rejectBelow,
    passAbove: policy.passAbove,
    decision,
    checksFailed,
    firstRefusingRuleId: verdict.firstRefusingRuleId,
    features: context.features,
    productId: order.productId,
    customerType: context.customerType,
    decidedAt: now,
  });
  return {
    ...verdict,
    decision,
    result: decision === 'reject' ? 'reject' : 'pass',
    set: ruleSet?.set ?? null,
    checksFailed,
  };
}
