import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ruleHitDetailBodySchema } from '@lending/contract';
import type { Executor } from '../../plugins/db.js';
import { startOfIndiaDate } from '../../shared/india-date.js';
import { indiaDayRange, runList } from '../../shared/list-query.js';
import { queryRows } from '../../shared/sql-rows.js';
import { customers, loanOrders } from '../loan-book/tables.js';
import { worstOverdueDays } from './risk-outcome.js';
import { riskDecisions, riskRuleResults, riskRules } from './risk.table.js';

// The analysis screens' reads: the recorded rule results and decisions, and how each loan went.

/** Machine decisions of an India date range, both ends inclusive; optionally one rule code. */
export interface DecisionRange {
  dateFrom: string;
  dateTo: string;
  ruleCode?: string | undefined;
}

const decidedDay = sql<string>`to_char(${riskDecisions.decidedAt} at time zone 'Asia/Kolkata', 'YYYY-MM-DD')`;

function nextDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) + 86_400_000).toISOString().slice(0, 10);
}

function decidedIn(range: DecisionRange): SQL {
  return and(
    gte(riskDecisions.decidedAt, startOfIndiaDate(range.dateFrom)),
    lt(riskDecisions.decidedAt, startOfIndiaDate(nextDay(range.dateTo))),
    range.ruleCode === undefined ? undefined : eq(riskRules.ruleCode, range.ruleCode),
  )!;
}

/** The columns the hit rates sort by. */
export const HIT_RATE_SORTS = {
  date: sql`day`,
  ruleCode: sql`rule_code`,
  evaluated: sql`evaluated`,
  hit: sql`hit`,
  hitRate: sql`hit::float / nullif(evaluated, 0)`,
};
export type HitRateSort = { field: keyof typeof HIT_RATE_SORTS; order: 'asc' | 'desc' };

/** Per rule code and India date: evaluated and hit, one page, with the count of rows. */
export async function hitRatesPerDay(
  db: Executor,
  range: DecisionRange,
  page: { sort: HitRateSort; page: number; pageSize: number },
) {
  const direction = page.sort.order === 'asc' ? sql`asc` : sql`desc`;
  const rows = await queryRows(
    db,
    sql`select rule_code, rule_name, day, evaluated, hit, count(*) over () as total from (
      select ${riskRules.ruleCode} as rule_code, max(${riskRules.ruleName}) as rule_name, ${decidedDay} as day,
        count(*)::int as evaluated, (count(*) filter (where ${riskRuleResults.hit}))::int as hit
      from ${riskRuleResults}
      join ${riskRules} on ${riskRules.id} = ${riskRuleResults.ruleId}
      join ${riskDecisions} on ${riskDecisions.orderId} = ${riskRuleResults.orderId}
      where ${decidedIn(range)}
      group by 1, 3) as per_day
      order by ${HIT_RATE_SORTS[page.sort.field]} ${direction} nulls last, day desc, rule_code asc
      limit ${page.pageSize} offset ${(page.page - 1) * page.pageSize}`,
  );
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && page.page > 1) {
    const [count] = await queryRows(
      db,
      sql`select count(*)::int as total from (select 1 from ${riskRuleResults}
        join ${riskRules} on ${riskRules.id} = ${riskRuleResults.ruleId}
        join ${riskDecisions} on ${riskDecisions.orderId} = ${riskRuleResults.orderId}
        where ${decidedIn(range)} group by ${riskRules.ruleCode}, ${decidedDay}) as per_day`,
    );
    total = Number(count?.total ?? 0);
  }
  return {
    rows: rows.map((row) => ({
      ruleCode: String(row.rule_code),
      ruleName: String(row.rule_name),
      day: String(row.day),
      evaluated: Number(row.evaluated),
      hit: Number(row.hit),
    })),
    total,
  };
}

/** ruleHitRateDetail's rows: the applications a rule hit. */
export function listRuleHits(db: Executor, body: z.output<typeof ruleHitDetailBodySchema>) {
  return runList(
    db,
    {
      select: () =>
        db
          .select({
            id: riskRuleResults.id,
            orderId: loanOrders.id,
            orderNo: loanOrders.orderNo,
            name: customers.name,
            phone: customers.phone,
            ruleCode: riskRules.ruleCode,
            ruleName: riskRules.ruleName,
            value: riskRuleResults.value,
            score: riskRuleResults.score,
            version: riskDecisions.version,
            decision: riskDecisions.decision,
            decidedAt: riskDecisions.decidedAt,
          })
          .from(riskRuleResults)
          .innerJoin(riskRules, eq(riskRules.id, riskRuleResults.ruleId))
          .innerJoin(riskDecisions, eq(riskDecisions.orderId, riskRuleResults.orderId))
          .innerJoin(loanOrders, eq(loanOrders.id, riskRuleResults.orderId))
          .innerJoin(customers, eq(customers.id, loanOrders.customerId)),
      scope: eq(riskRuleResults.hit, true),
      where: {
        ruleCode: (code) => eq(riskRules.ruleCode, code),
        ...indiaDayRange(riskDecisions.decidedAt, 'dateFrom', 'dateTo'),
      },
      sortColumns: { id: riskRuleResults.id, decidedAt: riskDecisions.decidedAt },
      defaultSort: { field: 'decidedAt', order: 'desc' },
      id: riskRuleResults.id,
    },
    body,
  );
}

/** One row per rule result in a range, with the decision and how the loan went. */
export function ruleResultRows(db: Executor, range: DecisionRange) {
  return db
    .select({
      ruleCode: riskRules.ruleCode,
      ruleName: riskRules.ruleName,
      fieldName: riskRules.fieldName,
      hit: riskRuleResults.hit,
      decision: riskDecisions.decision,
      day: decidedDay,
      disbursed: sql<boolean>`${loanOrders.disbursalDate} is not null`,
      dueDate: loanOrders.dueDate,
      worstOverdue: worstOverdueDays,
    })
    .from(riskRuleResults)
    .innerJoin(riskRules, eq(riskRules.id, riskRuleResults.ruleId))
    .innerJoin(riskDecisions, eq(riskDecisions.orderId, riskRuleResults.orderId))
    .innerJoin(loanOrders, eq(loanOrders.id, riskRuleResults.orderId))
    .where(decidedIn(range));
}

export type RuleResultRow = Awaited<ReturnType<typeof ruleResultRows>>[number];

/** The newest rule of a code (its name and field now). */
export async function latestRuleOfCode(db: Executor, ruleCode: string) {
  const [rule] = await db
    .select({ ruleName: riskRules.ruleName, fieldName: riskRules.fieldName })
    .from(riskRules)
    .where(eq(riskRules.ruleCode, ruleCode))
    .orderBy(sql`${riskRules.id} desc`)
    .limit(1);
  return rule;
}

/** The decisions of a range: the features decided on, the order's status and how it went. */
export function decisionsWithOutcomes(db: Executor, range: DecisionRange) {
  return db
    .select({
      features: riskDecisions.features,
      status: loanOrders.status,
      disbursed: sql<boolean>`${loanOrders.disbursalDate} is not null`,
      dueDate: loanOrders.dueDate,
      worstOverdue: worstOverdueDays,
    })
    .from(riskDecisions)
    .innerJoin(loanOrders, eq(loanOrders.id, riskDecisions.orderId))
    .where(decidedIn(range));
}
