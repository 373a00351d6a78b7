import type { z } from 'zod';
import type {
  dataStatisticsBodySchema,
  ruleAnalysisBodySchema,
  ruleHitDetailBodySchema,
  ruleHitRateBodySchema,
  singleRuleAnalysisBodySchema,
} from '@lending/contract';
import { AppError } from '../../shared/app-error.js';
import { indiaDateOf } from '../../shared/india-date.js';
import { maskName, maskPhone } from '../../shared/pii.js';
import { toIso } from '../../shared/timestamps.js';
import {
  decisionsWithOutcomes,
  HIT_RATE_SORTS,
  hitRatesPerDay,
  latestRuleOfCode,
  listRuleHits,
  ruleResultRows,
  type DecisionRange,
  type HitRateSort,
  type RuleResultRow,
} from './risk-analysis.repository.js';
import { OverdueTally, ppm } from './risk-outcome.js';
import type { RiskDeps } from './risk.deps.js';

type Body<S extends z.ZodType> = z.output<S>;

const DAY = 86_400_000;

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) + days * DAY).toISOString().slice(0, 10);
}

/**
 * An India date range, both ends inclusive; without one, the last 30 days. The contract refuses
 * a range given backwards; a `dateFrom` after today without `dateTo` (which defaults to today)
 * is refused here, naming `endField` (where the body holds `dateTo`).
 */
function rangeOf(
  deps: RiskDeps,
  filters: { dateFrom?: string; dateTo?: string } | undefined,
  endField: 'filters.dateTo' | 'dateTo' = 'filters.dateTo',
): DecisionRange & { today: string } {
  const today = indiaDateOf(deps.clock.now());
  const dateTo = filters?.dateTo ?? today;
  const dateFrom = filters?.dateFrom ?? addDays(dateTo, -29);
  if (dateFrom > dateTo) throw AppError.invalid(endField, 'must not be before dateFrom');
  return { dateFrom, dateTo, today };
}

/** ruleHitRate: per rule code and India date, evaluated and hit. */
export async function hitRate(deps: RiskDeps, body: Body<typeof ruleHitRateBodySchema>) {
  const range = { ...rangeOf(deps, body.filters), ruleCode: body.filters?.ruleCode };
  const sort = body.sort ?? { field: 'date', order: 'desc' as const };
  if (!Object.hasOwn(HIT_RATE_SORTS, sort.field)) {
    throw AppError.invalid(
      'sort.field',
      `must be one of ${Object.keys(HIT_RATE_SORTS).join(', ')}`,
    );
  }
  const { rows, total } = await hitRatesPerDay(deps.db, range, {
    sort: sort as HitRateSort,
    page: body.page,
    pageSize: body.pageSize,
  });
  return {
    list: rows.map((row) => ({
      id: `${row.ruleCode}:${row.day}`,
      ruleCode: row.ruleCode,
      ruleName: row.ruleName,
      date: row.day,
      evaluated: row.evaluated,
      hit: row.hit,
      hitRatePpm: ppm(row.hit, row.evaluated),
    })),
    total,
  };
}

/** ruleHitRateDetail: the applications a rule hit, customers masked. */
export async function hitRateDetail(deps: RiskDeps, body: Body<typeof ruleHitDetailBodySchema>) {
  const { list, total } = await listRuleHits(deps.db, body);
  return {
    list: list.map((row) => ({
      id: row.id,
      orderId: row.orderId,
      orderNo: row.orderNo,
      customerName: maskName(row.name),
      customerPhone: maskPhone(row.phone),
      ruleCode: row.ruleCode,
      ruleName: row.ruleName,
      version: row.version ?? 0,
      value: row.value,
      score: row.score,
      decision: row.decision,
      decidedAt: toIso(row.decidedAt),
    })),
    total,
  };
}

class RuleTally {
  evaluated = 0;
  hit = 0;
  hitPassed = 0;
  withHit = new OverdueTally();
  withoutHit = new OverdueTally();
  constructor(
    readonly ruleName: string,
    readonly fieldName: string,
  ) {}
  add(row: RuleResultRow, today: string) {
    this.evaluated += 1;
    const outcome = {
      disbursed: Boolean(row.disbursed),
      dueDate: row.dueDate,
      worstOverdue: Number(row.worstOverdue),
    };
    if (row.hit) {
      this.hit += 1;
      if (row.decision !== 'reject') this.hitPassed += 1;
      this.withHit.add(outcome, today);
    } else this.withoutHit.add(outcome, today);
  }
}

/** riskRuleAnalysis: per rule code, hit and pass rates and overdue of loans hit vs not hit. */
export async function ruleAnalysis(deps: RiskDeps, body: Body<typeof ruleAnalysisBodySchema>) {
  const range = rangeOf(deps, body.filters);
  const tallies = new Map<string, RuleTally>();
  for (const row of await ruleResultRows(deps.db, range)) {
    let tally = tallies.get(row.ruleCode);
    if (!tally) tallies.set(row.ruleCode, (tally = new RuleTally(row.ruleName, row.fieldName)));
    tally.add(row, range.today);
  }
  const rows = [...tallies].map(([ruleCode, t]) => ({
    id: ruleCode,
    ruleCode,
    ruleName: t.ruleName,
    fieldName: t.fieldName,
    evaluated: t.evaluated,
    hit: t.hit,
    hitRatePpm: ppm(t.hit, t.evaluated),
    passRatePpm: ppm(t.hitPassed, t.hit),
    loansHit: t.withHit.loans,
    loansNotHit: t.withoutHit.loans,
    fpdHitPpm: t.withHit.rate('fpd'),
    fpdNotHitPpm: t.withoutHit.rate('fpd'),
    dpd7HitPpm: t.withHit.rate('dpd7'),
    dpd7NotHitPpm: t.withoutHit.rate('dpd7'),
    dpd30HitPpm: t.withHit.rate('dpd30'),
    dpd30NotHitPpm: t.withoutHit.rate('dpd30'),
  }));
  const sortable = { ruleCode: 'ruleCode', hitRate: 'hitRatePpm', fpdHit: 'fpdHitPpm' } as const;
  const sort = body.sort ?? { field: 'ruleCode', order: 'asc' as const };
  if (!Object.hasOwn(sortable, sort.field)) {
    // The same 400 as every list (`sort.field` naming the choices).
    throw AppError.invalid('sort.field', `must be one of ${Object.keys(sortable).join(', ')}`);
  }
  const key = sortable[sort.field as keyof typeof sortable];
  const sign = sort.order === 'asc' ? 1 : -1;
  rows.sort((a, b) => {
    const x = a[key] ?? -1;
    const y = b[key] ?? -1;
    return (x < y ? -1 : x > y ? 1 : a.ruleCode.localeCompare(b.ruleCode)) * sign;
  });
  const start = (body.page - 1) * body.pageSize;
  return { list: rows.slice(start, start + body.pageSize), total: rows.length };
}

/** singleRiskRuleAnalysis: one rule code per India date. */
export async function singleRuleAnalysis(
  deps: RiskDeps,
  body: Body<typeof singleRuleAnalysisBodySchema>,
) {
  const range = rangeOf(deps, body, 'dateTo');
  const rule = await latestRuleOfCode(deps.db, body.ruleCode);
  if (!rule) throw new AppError('notFound', { field: 'ruleCode', detail: body.ruleCode });
  const byDay = new Map<string, RuleTally>();
  for (const row of await ruleResultRows(deps.db, { ...range, ruleCode: body.ruleCode })) {
    let tally = byDay.get(row.day);
    if (!tally) byDay.set(row.day, (tally = new RuleTally(row.ruleName, row.fieldName)));
    tally.add(row, range.today);
  }
  const days = [];
  for (let day = range.dateFrom; day <= range.dateTo; day = addDays(day, 1)) {
    const t = byDay.get(day);
    days.push({
      date: day,
      evaluated: t?.evaluated ?? 0,
      hit: t?.hit ?? 0,
      hitRatePpm: t ? ppm(t.hit, t.evaluated) : null,
      passRatePpm: t ? ppm(t.hitPassed, t.hit) : null,
      loansHit: t?.withHit.loans ?? 0,
      fpdHitPpm: t ? t.withHit.rate('fpd') : null,
      fpdNotHitPpm: t ? t.withoutHit.rate('fpd') : null,
    });
  }
  return { ruleCode: body.ruleCode, ruleName: rule.ruleName, fieldName: rule.fieldName, days };
}

const APPROVED = new Set([
  'PENDING_DISBURSEMENT',
  'DISBURSING',
  'ACTIVE',
  'DUE',
  'OVERDUE',
  'CLEARED',
  'WRITTEN_OFF',
  'OVERPAID',
  'DISBURSEMENT_FAILED',
]);

function band(value: unknown, edges: readonly number[], prefix = ''): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  for (let i = 0; i < edges.length; i += 1) {
    if (value < edges[i]!) {
      return i === 0
        ? `< ${prefix}${edges[0]}`
        : `${prefix}${edges[i - 1]}–${prefix}${edges[i]! - 1}`;
    }
  }
  return `≥ ${prefix}${edges[edges.length - 1]}`;
}

/** Bands in their numeric order ("< a", "a–b", …, "≥ z"), other values alphabetically. */
function bucketOrder(bucket: string): number | null {
  if (bucket.startsWith('<')) return -Infinity;
  const number = /\d+/.exec(bucket);
  return number ? Number(number[0]) : null;
}

/** The fields the statistics show and how each is bucketed (income in rupees a month). */
const STATISTIC_FIELDS: readonly [string, (features: Record<string, unknown>) => string | null][] =
  [
    ['age', (f) => band(f.age, [21, 26, 31, 41, 51])],
    [
      'monthlyIncomePaise',
      (f) =>
        band(
          typeof f.monthlyIncomePaise === 'number' ? f.monthlyIncomePaise / 100 : null,
          [10_000, 20_000, 40_000, 70_000],
        ),
    ],
    ['region', (f) => (typeof f.region === 'string' && f.region ? f.region : null)],
    ['deviceOs', (f) => (typeof f.deviceOs === 'string' ? f.deviceOs : null)],
    ['customerType', (f) => (typeof f.customerType === 'string' ? f.customerType : null)],
    ['bureauScore', (f) => band(f.bureauScore, [600, 650, 700, 750])],
  ];

/** dataStatistics: applications, approvals and later overdue loans per bucket of each field. */
export async function dataStatistics(deps: RiskDeps, body: Body<typeof dataStatisticsBodySchema>) {
  const range = rangeOf(deps, body, 'dateTo');
  if (Date.parse(range.dateTo) - Date.parse(range.dateFrom) > 366 * DAY) {
    throw AppError.invalid('dateFrom', 'a range of at most a year');
  }
  const rows = await decisionsWithOutcomes(deps.db, range);
  const fields = STATISTIC_FIELDS.map(([field, bucketOf]) => {
    const buckets = new Map<string, { applications: number; approvals: number; overdue: number }>();
    for (const row of rows) {
      const bucket = bucketOf(row.features) ?? '—';
      const entry = buckets.get(bucket) ?? { applications: 0, approvals: 0, overdue: 0 };
      entry.applications += 1;
      if (APPROVED.has(row.status)) entry.approvals += 1;
      if (row.disbursed && Number(row.worstOverdue) >= 1) entry.overdue += 1;
      buckets.set(bucket, entry);
    }
    return {
      field,
      buckets: [...buckets]
        .map(([bucket, counts]) => ({ bucket, ...counts }))
        .sort((a, b) => {
          const x = bucketOrder(a.bucket);
          const y = bucketOrder(b.bucket);
          return x !== null && y !== null && x !== y ? x - y : a.bucket.localeCompare(b.bucket);
        }),
    };
  });
  return { dateFrom: range.dateFrom, dateTo: range.dateTo, fields };
}
