import type { z } from 'zod';
import type {
  RiskBacktestResult,
  riskBacktestBodySchema,
  riskVersionListBodySchema,
  riskVersionThresholdsBodySchema,
} from '@lending/contract';
import type { Executor } from '../../plugins/db.js';
import { AppError } from '../../shared/app-error.js';
import { indiaDateOf } from '../../shared/india-date.js';
import { toIso, toIsoOrNull } from '../../shared/timestamps.js';
import {
  decisionsToReplay,
  deleteBacktestsOf,
  insertBacktest,
  latestBacktest,
  type BacktestRow,
} from './backtests.repository.js';
import { OverdueTally } from './risk-outcome.js';
import { compareVersions, type BacktestVersion } from './risk-rules.js';
import type { RiskDeps } from './risk.deps.js';
import type { RiskRuleSetRow } from './risk.table.js';
import {
  copyRules,
  currentDraft,
  deleteRuleSet,
  enabledRulesOf,
  findRuleSet,
  insertDraft,
  knownProductIds,
  latestVersion,
  listRuleSets,
  publishDraft,
  publishedSet,
  retirePublished,
  ruleSetCounts,
  updateThresholds,
} from './rule-sets.repository.js';

// Rule-set versions (riskRuleConfig): draft → back-test → publish, and the draft's thresholds.

type Body<S extends z.ZodType> = z.output<S>;

/** The API calls the stored `enabled` version `published`. */
export const apiStatus = (status: RiskRuleSetRow['status']) =>
  status === 'enabled' ? ('published' as const) : status;

export function notDraft(set: { version: number; status: string }): AppError {
  return new AppError('conflict', {
    field: `version ${set.version}`,
    detail: 'only a draft version can be changed; start a draft first',
  });
}

async function ruleSetOf(db: Executor, id: number): Promise<RiskRuleSetRow> {
  const set = await findRuleSet(db, id);
  if (!set) throw new AppError('notFound', { field: 'id', detail: String(id) });
  return set;
}

function backtestView(row: BacktestRow, set: RiskRuleSetRow): RiskBacktestResult {
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
  const counts = await ruleSetCounts(db, set.id);
  const backtest = await latestBacktest(db, set.id);
  return {
    id: set.id,
    version: set.version,
    status: apiStatus(set.status),
    baseScore: set.baseScore,
    rejectBelow: set.rejectBelow,
    passAbove: set.passAbove,
    overrides: set.overrides,
    revision: set.revision,
    ruleCount: counts.rules,
    enabledRuleCount: counts.enabled,
    decidedOrders: counts.decided,
    createdAt: toIso(set.createdAt),
    publishedAt: toIsoOrNull(set.enabledAt),
    lastBacktest: backtest ? backtestView(backtest, set) : null,
  };
}

export async function listVersions(deps: RiskDeps, body: Body<typeof riskVersionListBodySchema>) {
  const { list, total } = await listRuleSets(deps.db, body);
  return { list: await Promise.all(list.map((set) => versionView(deps.db, set))), total };
}

/** A draft as a copy of the published version (rules keep their codes). */
export async function startDraft(deps: RiskDeps, actorId: number | null) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    if (await currentDraft(tx)) {
      throw new AppError('conflict', { field: 'draft', detail: 'a draft version exists already' });
    }
    const published = await publishedSet(tx);
    const draft = await insertDraft(tx, {
      version: (await latestVersion(tx)) + 1,
      baseScore: published?.baseScore ?? 100,
      rejectBelow: published?.rejectBelow ?? 40,
      passAbove: published?.passAbove ?? 80,
      overrides: published?.overrides ?? [],
      createdAt: now,
      createdBy: actorId,
    });
    if (!draft) {
      throw new AppError('conflict', { field: 'draft', detail: 'a draft version exists already' });
    }
    if (published) await copyRules(tx, published.id, draft.id);
    return versionView(tx, draft);
  });
}

/**
 * Throws the draft away: its rules and back-tests go with it (a draft never decided an
 * application, so nothing else points at it). The operation log keeps who discarded it.
 */
export async function discardDraft(deps: RiskDeps, id: number) {
  return deps.db.transaction(async (tx) => {
    const set = await ruleSetOf(tx, id);
    if (set.status !== 'draft') throw notDraft(set);
    await deleteBacktestsOf(tx, set.id);
    await deleteRuleSet(tx, set.id);
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
    const set = await ruleSetOf(tx, body.id);
    if (set.status !== 'draft') throw notDraft(set);
    const productIds = body.overrides.flatMap((o) => (o.productId === null ? [] : [o.productId]));
    if (productIds.length > 0) {
      const known = await knownProductIds(tx, productIds);
      const index = body.overrides.findIndex(
        (o) => o.productId !== null && !known.has(o.productId),
      );
      if (index >= 0) throw AppError.invalid(`overrides.${index}.productId`, 'no such product');
    }
    const updated = await updateThresholds(tx, set.id, {
      baseScore: body.baseScore,
      rejectBelow: body.rejectBelow,
      passAbove: body.passAbove,
      overrides: body.overrides,
    });
    return versionView(tx, updated);
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
    const set = await ruleSetOf(tx, body.id);
    if (set.status === 'retired') {
      throw new AppError('conflict', {
        field: `version ${set.version}`,
        detail: 'a retired version cannot be back-tested',
      });
    }
    const published = await publishedSet(tx);
    const rows = await decisionsToReplay(tx, new Date(now.getTime() - body.days * 86_400_000));
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
    const stored = await insertBacktest(tx, {
      ruleSetId: set.id,
      revision: set.revision,
      days: body.days,
      ranAt: now,
      ranBy: actorId,
      evaluated: result.evaluated,
      changed: result.changed,
      result,
    });
    return backtestView(stored, set);
  });
}

/** The back-tested draft becomes the published version; the previous one retires. */
export async function publish(deps: RiskDeps, id: number, actorId: number) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const set = await ruleSetOf(tx, id);
    if (set.status !== 'draft') {
      throw new AppError('conflict', {
        field: `version ${set.version}`,
        detail: 'only a draft can be published',
      });
    }
    const lastRun = await latestBacktest(tx, set.id);
    if (!lastRun || lastRun.revision !== set.revision) {
      throw new AppError('conflict', {
        field: `version ${set.version}`,
        detail: 'back-test the draft as it is now before publishing',
      });
    }
    await retirePublished(tx);
    const published = await publishDraft(tx, set.id, now, actorId);
    if (!published) {
      throw new AppError('conflict', {
        field: `version ${set.version}`,
        detail: 'published already',
      });
    }
    return versionView(tx, published);
  });
}
