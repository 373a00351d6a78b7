import { and, asc, desc, eq, gte, inArray, isNull, max, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  riskExpressionProblem,
  riskFieldOf,
  type RiskBacktestResult,
  type blacklistAddBodySchema,
  type blacklistListBodySchema,
  type blacklistRemoveBodySchema,
  type riskBacktestBodySchema,
  type riskRuleEnableBodySchema,
  type riskRuleListBodySchema,
  type riskRuleSaveBodySchema,
  type riskSettingsSchema,
  type riskVersionListBodySchema,
  type riskVersionThresholdsBodySchema,
} from '@lending/contract';
import {
  addBlacklistEntry,
  enabledRulesOf,
  normaliseBlacklistValue,
  readRiskSettings,
  compareVersions,
  type BacktestVersion,
} from '../loan-book/index.js';
import {
  loanOrders,
  loanProducts,
  riskBacktests,
  riskBlacklist,
  riskDecisions,
  riskRuleSets,
  riskRules,
  riskSettings,
  type BlacklistKind,
  type RiskRuleSetRow,
} from '../loan-book/tables.js';
import { staffUsers } from '../user/tables.js';
import type { Database, Executor } from '../../plugins/db.js';
import { AppError } from '../../shared/app-error.js';
import type { Clock } from '../../shared/clock.js';
import { indiaDateOf } from '../../shared/india-date.js';
import { containsPattern, indiaDayRange, runList } from '../../shared/list-query.js';
import {
  readXlsxRows,
  runImport,
  textOf,
  xlsxBytesOf,
  type UploadedXlsx,
} from '../../shared/import/xlsx-import.js';
import { maskBankAccount, maskPan, maskPhone } from '../../shared/pii.js';
import { toIso, toIsoOrNull } from '../../shared/timestamps.js';
import { OverdueTally, worstOverdueDays } from './risk-outcome.js';

export interface RiskDeps {
  db: Database;
  clock: Clock;
}

type Body<S extends z.ZodType> = z.output<S>;

const apiStatus = (status: RiskRuleSetRow['status']) =>
  status === 'enabled' ? ('published' as const) : status;
const dbStatus = (status: 'draft' | 'published' | 'retired') =>
  status === 'published' ? ('enabled' as const) : status;

function notDraft(set: { version: number; status: string }): AppError {
  return new AppError('conflict', {
    field: `version ${set.version}`,
    detail: 'only a draft version can be changed; start a draft first',
  });
}

async function currentDraft(db: Executor) {
  const [draft] = await db.select().from(riskRuleSets).where(eq(riskRuleSets.status, 'draft'));
  return draft ?? null;
}

async function setOfId(db: Executor, id: number) {
  const [set] = await db.select().from(riskRuleSets).where(eq(riskRuleSets.id, id));
  if (!set) throw new AppError('notFound', { field: 'id', detail: String(id) });
  return set;
}

async function bumpRevision(db: Executor, setId: number) {
  await db
    .update(riskRuleSets)
    .set({ revision: sql`${riskRuleSets.revision} + 1` })
    .where(eq(riskRuleSets.id, setId));
}

// ——— rules (riskRuleList) ———

function ruleView(row: { rule: typeof riskRules.$inferSelect; set: RiskRuleSetRow }) {
  const { rule, set } = row;
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

/** The version the rule list shows without a filter: the draft, else the published one. */
async function defaultVersion(db: Executor): Promise<number | undefined> {
  const rows = await db
    .select({ version: riskRuleSets.version, status: riskRuleSets.status })
    .from(riskRuleSets)
    .where(inArray(riskRuleSets.status, ['draft', 'enabled']));
  return (rows.find((r) => r.status === 'draft') ?? rows[0])?.version;
}

export async function listRules(deps: RiskDeps, body: Body<typeof riskRuleListBodySchema>) {
  const version = body.filters?.version ?? (await defaultVersion(deps.db));
  if (version === undefined) return { list: [], total: 0 };
  const { list, total } = await runList(
    deps.db,
    {
      select: () =>
        deps.db
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
    { ...body, filters: { ...body.filters, version } },
  );
  return { list: list.map(ruleView), total };
}

async function ruleWithSet(db: Executor, id: number) {
  const [row] = await db
    .select({ rule: riskRules, set: riskRuleSets })
    .from(riskRules)
    .innerJoin(riskRuleSets, eq(riskRuleSets.id, riskRules.ruleSetId))
    .where(eq(riskRules.id, id));
  if (!row) throw new AppError('notFound', { field: 'id', detail: String(id) });
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
      const existing = await ruleWithSet(tx, body.id);
      if (existing.set.status !== 'draft') throw notDraft(existing.set);
      const [rule] = await tx
        .update(riskRules)
        .set(values)
        .where(eq(riskRules.id, body.id))
        .returning();
      await bumpRevision(tx, existing.set.id);
      return ruleView({ rule: rule!, set: existing.set });
    }
    const draft = await currentDraft(tx);
    if (!draft) {
      throw new AppError('conflict', { field: 'draft', detail: 'start a draft version first' });
    }
    const [last] = await tx.select({ code: max(riskRules.ruleCode) }).from(riskRules);
    const next = Number(/\d+$/.exec(last?.code ?? '')?.[0] ?? 0) + 1;
    const ruleCode = body.ruleCode ?? `R${String(next).padStart(3, '0')}`;
    const [taken] = await tx
      .select({ id: riskRules.id })
      .from(riskRules)
      .where(and(eq(riskRules.ruleSetId, draft.id), eq(riskRules.ruleCode, ruleCode)));
    if (taken) throw new AppError('duplicate', { field: 'ruleCode', detail: ruleCode });
    const [rule] = await tx
      .insert(riskRules)
      .values({ ...values, ruleCode, ruleSetId: draft.id })
      .returning();
    await bumpRevision(tx, draft.id);
    return ruleView({ rule: rule!, set: draft });
  });
}

export async function enableRule(deps: RiskDeps, body: Body<typeof riskRuleEnableBodySchema>) {
  return deps.db.transaction(async (tx) => {
    const existing = await ruleWithSet(tx, body.id);
    if (existing.set.status !== 'draft') throw notDraft(existing.set);
    const [rule] = await tx
      .update(riskRules)
      .set({ enable: body.enable })
      .where(eq(riskRules.id, body.id))
      .returning();
    await bumpRevision(tx, existing.set.id);
    return ruleView({ rule: rule!, set: existing.set });
  });
}

export async function deleteRule(deps: RiskDeps, id: number) {
  return deps.db.transaction(async (tx) => {
    const existing = await ruleWithSet(tx, id);
    if (existing.set.status !== 'draft') throw notDraft(existing.set);
    await tx.delete(riskRules).where(eq(riskRules.id, id));
    await bumpRevision(tx, existing.set.id);
    return { ok: true as const };
  });
}

// ——— versions (riskRuleConfig) ———

function backtestView(
  row: typeof riskBacktests.$inferSelect,
  set: RiskRuleSetRow,
): RiskBacktestResult {
  return {
    ...(row.result as Omit<RiskBacktestResult, 'id' | 'current' | 'ranAt'>),
    id: row.id,
    ruleSetId: set.id,
    version: set.version,
    revision: row.revision,
    current: set.status === 'draft' && row.revision === set.revision,
    days: row.days,
    ranAt: toIso(row.ranAt),
  };
}

async function versionView(db: Executor, set: RiskRuleSetRow) {
  const [counts] = await db
    .select({
      rules: sql<number>`count(*)::int`,
      enabled: sql<number>`count(*) filter (where ${riskRules.enable})::int`,
    })
    .from(riskRules)
    .where(eq(riskRules.ruleSetId, set.id));
  const [decided] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(riskDecisions)
    .where(eq(riskDecisions.ruleSetId, set.id));
  const [backtest] = await db
    .select()
    .from(riskBacktests)
    .where(eq(riskBacktests.ruleSetId, set.id))
    .orderBy(desc(riskBacktests.id))
    .limit(1);
  return {
    id: set.id,
    version: set.version,
    status: apiStatus(set.status),
    baseScore: set.baseScore,
    rejectBelow: set.rejectBelow,
    passAbove: set.passAbove,
    overrides: set.overrides,
    revision: set.revision,
    ruleCount: Number(counts?.rules ?? 0),
    enabledRuleCount: Number(counts?.enabled ?? 0),
    decidedOrders: Number(decided?.count ?? 0),
    createdAt: toIso(set.createdAt),
    publishedAt: toIsoOrNull(set.enabledAt),
    lastBacktest: backtest ? backtestView(backtest, set) : null,
  };
}

export async function listVersions(deps: RiskDeps, body: Body<typeof riskVersionListBodySchema>) {
  const { list, total } = await runList(
    deps.db,
    {
      select: () => deps.db.select().from(riskRuleSets),
      where: { status: (status) => eq(riskRuleSets.status, dbStatus(status)) },
      sortColumns: { version: riskRuleSets.version },
      defaultSort: { field: 'version', order: 'desc' },
      id: riskRuleSets.id,
    },
    body,
  );
  return { list: await Promise.all(list.map((set) => versionView(deps.db, set))), total };
}

/** A draft as a copy of the published version (rules keep their codes). */
export async function startDraft(deps: RiskDeps, actorId: number | null) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    if (await currentDraft(tx)) {
      throw new AppError('conflict', { field: 'draft', detail: 'a draft version exists already' });
    }
    const [published] = await tx
      .select()
      .from(riskRuleSets)
      .where(eq(riskRuleSets.status, 'enabled'));
    const [latest] = await tx.select({ version: max(riskRuleSets.version) }).from(riskRuleSets);
    const [draft] = await tx
      .insert(riskRuleSets)
      .values({
        version: (latest?.version ?? 0) + 1,
        status: 'draft',
        baseScore: published?.baseScore ?? 100,
        rejectBelow: published?.rejectBelow ?? 40,
        passAbove: published?.passAbove ?? 80,
        overrides: published?.overrides ?? [],
        createdAt: now,
        createdBy: actorId,
      })
      .onConflictDoNothing()
      .returning();
    if (!draft) {
      throw new AppError('conflict', { field: 'draft', detail: 'a draft version exists already' });
    }
    if (published) {
      const rules = await tx
        .select()
        .from(riskRules)
        .where(eq(riskRules.ruleSetId, published.id))
        .orderBy(asc(riskRules.id));
      if (rules.length > 0) {
        await tx
          .insert(riskRules)
          .values(rules.map(({ id: _id, ...rule }) => ({ ...rule, ruleSetId: draft.id })));
      }
    }
    return versionView(tx, draft);
  });
}

/**
 * Throws the draft away: its rules and back-tests go with it (a draft never decided an
 * application, so nothing else points at it). The operation log keeps who discarded it.
 */
export async function discardDraft(deps: RiskDeps, id: number) {
  return deps.db.transaction(async (tx) => {
    const set = await setOfId(tx, id);
    if (set.status !== 'draft') throw notDraft(set);
    await tx.delete(riskBacktests).where(eq(riskBacktests.ruleSetId, set.id));
    await tx.delete(riskRules).where(eq(riskRules.ruleSetId, set.id));
    await tx.delete(riskRuleSets).where(eq(riskRuleSets.id, set.id));
    return { ok: true as const };
  });
}

export async function saveThresholds(
  deps: RiskDeps,
  body: Body<typeof riskVersionThresholdsBodySchema>,
) {
  if (body.rejectBelow > body.passAbove) {
    throw AppError.invalid('passAbove', 'must not be below the reject threshold');
  }
  const seen = new Set<string>();
  for (const [index, override] of body.overrides.entries()) {
    if (override.rejectBelow > override.passAbove) {
      throw AppError.invalid(
        `overrides.${index}.passAbove`,
        'must not be below the reject threshold',
      );
    }
    const key = `${override.productId}:${override.customerType}`;
    if (seen.has(key)) {
      throw AppError.invalid(`overrides.${index}`, 'the same product and customer type twice');
    }
    seen.add(key);
  }
  return deps.db.transaction(async (tx) => {
    const set = await setOfId(tx, body.id);
    if (set.status !== 'draft') throw notDraft(set);
    const productIds = body.overrides.flatMap((o) => (o.productId === null ? [] : [o.productId]));
    if (productIds.length > 0) {
      const known = new Set(
        (
          await tx
            .select({ id: loanProducts.id })
            .from(loanProducts)
            .where(inArray(loanProducts.id, productIds))
        ).map((p) => p.id),
      );
      const index = body.overrides.findIndex(
        (o) => o.productId !== null && !known.has(o.productId),
      );
      if (index >= 0) throw AppError.invalid(`overrides.${index}.productId`, 'no such product');
    }
    const [updated] = await tx
      .update(riskRuleSets)
      .set({
        baseScore: body.baseScore,
        rejectBelow: body.rejectBelow,
        passAbove: body.passAbove,
        overrides: body.overrides,
        revision: sql`${riskRuleSets.revision} + 1`,
      })
      .where(eq(riskRuleSets.id, set.id))
      .returning();
    return versionView(tx, updated!);
  });
}

async function backtestVersionOf(db: Executor, set: RiskRuleSetRow): Promise<BacktestVersion> {
  return {
    baseScore: set.baseScore,
    rejectBelow: set.rejectBelow,
    passAbove: set.passAbove,
    overrides: set.overrides,
    rules: await enabledRulesOf(db, set.id),
  };
}

/**
 * Runs a version (normally the draft) and the published version over the feature snapshots of
 * the last `days` days' machine decisions, and reports what would change and how the disbursed
 * loans it would newly reject went later. The run is stored; publishing needs a current one.
 */
export async function backtest(
  deps: RiskDeps,
  body: Body<typeof riskBacktestBodySchema>,
  actorId: number,
) {
  const now = deps.clock.now();
  const today = indiaDateOf(now);
  return deps.db.transaction(async (tx) => {
    const set = await setOfId(tx, body.id);
    if (set.status === 'retired') {
      throw new AppError('conflict', {
        field: `version ${set.version}`,
        detail: 'a retired version cannot be back-tested',
      });
    }
    const [published] = await tx
      .select()
      .from(riskRuleSets)
      .where(eq(riskRuleSets.status, 'enabled'));
    const since = new Date(now.getTime() - body.days * 86_400_000);
    const rows = await tx
      .select({
        features: riskDecisions.features,
        productId: riskDecisions.productId,
        customerType: riskDecisions.customerType,
        checksFailed: riskDecisions.checksFailed,
        disbursed: sql<boolean>`${loanOrders.disbursalDate} is not null`,
        dueDate: loanOrders.dueDate,
        worstOverdue: worstOverdueDays,
      })
      .from(riskDecisions)
      .innerJoin(loanOrders, eq(loanOrders.id, riskDecisions.orderId))
      .where(gte(riskDecisions.decidedAt, since))
      .orderBy(asc(riskDecisions.id));
    const comparison = compareVersions(
      await backtestVersionOf(tx, set),
      published ? await backtestVersionOf(tx, published) : null,
      rows,
    );
    const newlyRejected = new OverdueTally();
    const all = new OverdueTally();
    rows.forEach((row, index) => {
      const outcome = {
        disbursed: Boolean(row.disbursed),
        dueDate: row.dueDate,
        worstOverdue: Number(row.worstOverdue),
      };
      all.add(outcome, today);
      const { published: before, draft: after } = comparison.decisions[index]!;
      if (after === 'reject' && before !== 'reject') newlyRejected.add(outcome, today);
    });
    const result = {
      evaluated: comparison.evaluated,
      changed: comparison.changed,
      transitions: comparison.transitions,
      draftDecisions: comparison.draftDecisions,
      publishedDecisions: comparison.publishedDecisions,
      newlyRejectedLoans: newlyRejected.loans,
      newlyRejectedFpdPpm: newlyRejected.rate('fpd'),
      newlyRejectedDpd7Ppm: newlyRejected.rate('dpd7'),
      newlyRejectedDpd30Ppm: newlyRejected.rate('dpd30'),
      allLoans: all.loans,
      allLoansFpdPpm: all.rate('fpd'),
    };
    const [stored] = await tx
      .insert(riskBacktests)
      .values({
        ruleSetId: set.id,
        revision: set.revision,
        days: body.days,
        ranAt: now,
        ranBy: actorId,
        evaluated: result.evaluated,
        changed: result.changed,
        result,
      })
      .returning();
    return backtestView(stored!, set);
  });
}

/** The back-tested draft becomes the published version; the previous one retires. */
export async function publish(deps: RiskDeps, id: number, actorId: number) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const set = await setOfId(tx, id);
    if (set.status !== 'draft') {
      throw new AppError('conflict', {
        field: `version ${set.version}`,
        detail: 'only a draft can be published',
      });
    }
    const [backtestRow] = await tx
      .select({ revision: riskBacktests.revision })
      .from(riskBacktests)
      .where(eq(riskBacktests.ruleSetId, set.id))
      .orderBy(desc(riskBacktests.id))
      .limit(1);
    if (!backtestRow || backtestRow.revision !== set.revision) {
      throw new AppError('conflict', {
        field: `version ${set.version}`,
        detail: 'back-test the draft as it is now before publishing',
      });
    }
    await tx
      .update(riskRuleSets)
      .set({ status: 'retired' })
      .where(eq(riskRuleSets.status, 'enabled'));
    const [published] = await tx
      .update(riskRuleSets)
      .set({ status: 'enabled', enabledAt: now, enabledBy: actorId })
      .where(and(eq(riskRuleSets.id, set.id), eq(riskRuleSets.status, 'draft')))
      .returning();
    if (!published) {
      throw new AppError('conflict', {
        field: `version ${set.version}`,
        detail: 'published already',
      });
    }
    return versionView(tx, published);
  });
}

// ——— riskConfig ———

export async function getSettings(deps: RiskDeps) {
  const settings = await readRiskSettings(deps.db);
  const { updatedBy: _by, ...values } = settings;
  return { ...values, updatedAt: toIsoOrNull(settings.updatedAt) };
}

export async function saveSettings(
  deps: RiskDeps,
  body: Body<typeof riskSettingsSchema>,
  actorId: number,
) {
  const values = {
    ...body,
    allowedRegions: [...new Set(body.allowedRegions.map((r) => r.trim()))],
    updatedAt: deps.clock.now(),
    updatedBy: actorId,
  };
  await deps.db
    .insert(riskSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: riskSettings.id, set: values });
  return getSettings(deps);
}

// ——— blacklist ———

const BLACKLIST_SHAPES = {
  phone: { pattern: /^[6-9]\d{9}$/, message: 'must be a 10-digit Indian mobile number' },
  pan: { pattern: /^[A-Z]{5}[0-9]{4}[A-Z]$/, message: 'must be a PAN (ABCDE1234F)' },
  bankAccount: {
    pattern: /^\d{6,18}$/,
    message: 'must be a bank account number of 6 to 18 digits',
  },
  device: {
    pattern: /^[\w\-:.]{4,64}$/,
    message: 'must be a device id of 4 to 64 letters or digits',
  },
} as const;

function maskedValue(kind: keyof typeof BLACKLIST_SHAPES, value: string): string {
  switch (kind) {
    case 'phone':
      return maskPhone(value);
    case 'pan':
      return maskPan(value);
    case 'bankAccount':
      return maskBankAccount(value);
    case 'device':
      return value;
  }
}

function blacklistView(row: { entry: typeof riskBlacklist.$inferSelect; addedBy: string | null }) {
  return {
    id: row.entry.id,
    kind: row.entry.kind,
    value: maskedValue(row.entry.kind, row.entry.value),
    reason: row.entry.reason,
    source: row.entry.source,
    addedBy: row.addedBy,
    addedAt: toIso(row.entry.addedAt),
    hits: row.entry.hits,
  };
}

export async function listBlacklist(deps: RiskDeps, body: Body<typeof blacklistListBodySchema>) {
  const { list, total } = await runList(
    deps.db,
    {
      select: () =>
        deps.db
          .select({ entry: riskBlacklist, addedBy: staffUsers.name })
          .from(riskBlacklist)
          .leftJoin(staffUsers, eq(staffUsers.id, riskBlacklist.addedBy)),
      scope: isNull(riskBlacklist.removedAt),
      where: {
        kind: (kind) => eq(riskBlacklist.kind, kind),
        source: (source) => eq(riskBlacklist.source, source),
        value: (value, filters) => {
          const kinds = filters.kind
            ? [filters.kind]
            : (['phone', 'pan', 'bankAccount', 'device'] as const);
          const forms = [...new Set(kinds.map((kind) => normaliseBlacklistValue(kind, value)))];
          return inArray(riskBlacklist.value, forms);
        },
        ...indiaDayRange(riskBlacklist.addedAt, 'dateFrom', 'dateTo'),
      },
      sortColumns: {
        id: riskBlacklist.id,
        addedAt: riskBlacklist.addedAt,
        hits: riskBlacklist.hits,
      },
      defaultSort: { field: 'addedAt', order: 'desc' },
      id: riskBlacklist.id,
    },
    body,
  );
  return { list: list.map(blacklistView), total };
}

export async function addToBlacklist(
  deps: RiskDeps,
  body: Body<typeof blacklistAddBodySchema>,
  actorId: number,
) {
  const value = normaliseBlacklistValue(body.kind, body.value);
  const shape = BLACKLIST_SHAPES[body.kind];
  if (!shape.pattern.test(value)) throw AppError.invalid('value', shape.message);
  const row = await addBlacklistEntry(deps.db, { ...body, value }, actorId, deps.clock.now());
  if (!row)
    throw new AppError('duplicate', { field: 'value', detail: maskedValue(body.kind, value) });
  const [user] = await deps.db
    .select({ name: staffUsers.name })
    .from(staffUsers)
    .where(eq(staffUsers.id, actorId));
  return blacklistView({ entry: row, addedBy: user?.name ?? null });
}

/** The columns of a blacklist file (English or Chinese headers); the source defaults to manual. */
const BLACKLIST_COLUMNS = [
  { key: 'kind', headers: ['type', 'kind', '类型'], required: true },
  { key: 'value', headers: ['value', '值'], required: true },
  { key: 'reason', headers: ['reason', '原因'], required: true },
  { key: 'source', headers: ['source', '来源'] },
] as const;

const KIND_WORDS: Record<string, BlacklistKind> = {
  phone: 'phone',
  手机号: 'phone',
  pan: 'pan',
  device: 'device',
  设备: 'device',
  'bank account': 'bankAccount',
  bankaccount: 'bankAccount',
  银行账户: 'bankAccount',
};
const SOURCE_WORDS: Record<string, 'manual' | 'fraud'> = {
  manual: 'manual',
  手动: 'manual',
  fraud: 'fraud',
  欺诈: 'fraud',
};

/**
 * Entries from .xlsx, each row checked as the add dialog checks it and added in its own
 * savepoint; a value already listed is refused with the reason, so importing the same file
 * again adds nothing. Rejection-code entries come only from rejections, never from a file.
 */
export async function importToBlacklist(deps: RiskDeps, upload: UploadedXlsx, actorId: number) {
  const rows = await readXlsxRows(xlsxBytesOf(upload), BLACKLIST_COLUMNS);
  return runImport(upload.fileName, rows, ({ values }) =>
    deps.db.transaction(async (tx) => {
      const kind = KIND_WORDS[textOf(values.kind)?.toLowerCase() ?? ''];
      if (!kind) throw AppError.invalid('type', 'must be phone, PAN, device or bank account');
      const raw = textOf(values.value);
      if (!raw) throw AppError.invalid('value', 'value cannot be empty');
      const value = normaliseBlacklistValue(kind, raw);
      const shape = BLACKLIST_SHAPES[kind];
      if (!shape.pattern.test(value)) throw AppError.invalid('value', shape.message);
      const reason = textOf(values.reason);
      if (!reason || reason.length > 500)
        throw AppError.invalid('reason', 'must be 1 to 500 characters');
      const sourceText = textOf(values.source);
      const source = sourceText ? SOURCE_WORDS[sourceText.toLowerCase()] : 'manual';
      if (!source) throw AppError.invalid('source', 'must be manual or fraud');
      const row = await addBlacklistEntry(
        tx,
        { kind, value, reason, source },
        actorId,
        deps.clock.now(),
      );
      if (!row) throw AppError.invalid('value', 'already on the blacklist');
      return { id: row.id };
    }),
  );
}

export async function removeFromBlacklist(
  deps: RiskDeps,
  body: Body<typeof blacklistRemoveBodySchema>,
  actorId: number,
) {
  const [existing] = await deps.db
    .select()
    .from(riskBlacklist)
    .where(eq(riskBlacklist.id, body.id));
  if (!existing) throw new AppError('notFound', { field: 'id', detail: String(body.id) });
  const [removed] = await deps.db
    .update(riskBlacklist)
    .set({ removedAt: deps.clock.now(), removedBy: actorId, removeReason: body.reason })
    .where(and(eq(riskBlacklist.id, body.id), isNull(riskBlacklist.removedAt)))
    .returning({ id: riskBlacklist.id });
  if (!removed) throw new AppError('conflict', { field: 'id', detail: 'removed already' });
  return { ok: true as const };
}
