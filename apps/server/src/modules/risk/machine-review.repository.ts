import { and, asc, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../plugins/db.js';
import { customers, loanOrders, type LoanOrderRow } from '../loan-book/tables.js';
import type { RuleOutcome } from './risk-rules.js';
import { riskDecisions, riskRuleResults, riskRules } from './risk.table.js';

// What machine review reads of the book (the applicant, their other orders, other customers)
// and what it records (each rule's result, the decision).

type Order = Pick<LoanOrderRow, 'id' | 'customerId'>;

export async function customerOf(tx: Executor, customerId: number) {
  const [customer] = await tx.select().from(customers).where(eq(customers.id, customerId));
  return customer;
}

/** The customer's other orders: how many cleared, and the worst overdue days any reached. */
export async function historyOf(tx: Executor, order: Order) {
  const [history] = await tx
    .select({
      cleared: sql<number>`count(*) filter (where ${loanOrders.status} = 'CLEARED')::int`,
      worst: sql<number>`coalesce(max(greatest(${loanOrders.overdueDays}, case when ${loanOrders.clearedDate} is not null and ${loanOrders.dueDate} is not null then ${loanOrders.clearedDate} - ${loanOrders.dueDate} else 0 end)), 0)::int`,
    })
    .from(loanOrders)
    .where(and(eq(loanOrders.customerId, order.customerId), ne(loanOrders.id, order.id)));
  return { cleared: Number(history?.cleared ?? 0), worst: Number(history?.worst ?? 0) };
}

/** The customer's other orders in one of the statuses. */
export async function otherOrdersIn(
  tx: Executor,
  order: Order,
  statuses: readonly LoanOrderRow['status'][],
): Promise<number> {
  const [open] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(loanOrders)
    .where(
      and(
        eq(loanOrders.customerId, order.customerId),
        ne(loanOrders.id, order.id),
        inArray(loanOrders.status, [...statuses]),
      ),
    );
  return Number(open?.count ?? 0);
}

/** Whether another order of the customer was rejected since `since`. */
export async function rejectedSince(tx: Executor, order: Order, since: Date): Promise<boolean> {
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
  return rejected !== undefined;
}

/** Whether another customer has the same phone, PAN (id number) or bank account. */
export async function anotherCustomerWith(
  tx: Executor,
  customerId: number,
  column: 'phone' | 'idNumber' | 'bankAccountNumber',
  value: string,
): Promise<boolean> {
  const [other] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers[column], value), ne(customers.id, customerId)))
    .limit(1);
  return other !== undefined;
}

/** Whether another customer applied from the same device. */
export async function deviceUsedByOthers(
  tx: Executor,
  customerId: number,
  deviceId: string,
): Promise<boolean> {
  const [shared] = await tx
    .select({ id: loanOrders.id })
    .from(loanOrders)
    .where(
      and(
        ne(loanOrders.customerId, customerId),
        sql`${loanOrders.applicantFeatures}->>'deviceId' = ${deviceId}`,
      ),
    )
    .limit(1);
  return shared !== undefined;
}

export async function insertRuleResults(
  tx: Executor,
  orderId: number,
  outcomes: RuleOutcome[],
): Promise<void> {
  if (outcomes.length === 0) return;
  await tx.insert(riskRuleResults).values(outcomes.map((o) => ({ orderId, ...o })));
}

export async function insertDecision(
  tx: Executor,
  values: typeof riskDecisions.$inferInsert,
): Promise<void> {
  await tx.insert(riskDecisions).values(values);
}

/** What each rule found for one order, as recorded. */
export function ruleResultsOf(db: Executor, orderId: number) {
  return db
    .select()
    .from(riskRuleResults)
    .where(eq(riskRuleResults.orderId, orderId))
    .orderBy(asc(riskRuleResults.id));
}

/** Each rule's result for one order with the rule itself, in the rules' order. */
export function ruleResultsWithRules(db: Executor, orderId: number) {
  return db
    .select({ result: riskRuleResults, rule: riskRules })
    .from(riskRuleResults)
    .innerJoin(riskRules, eq(riskRules.id, riskRuleResults.ruleId))
    .where(eq(riskRuleResults.orderId, orderId))
    .orderBy(asc(riskRules.id));
}

/** The machine decision of an order (version, score, thresholds, checks failed), if any. */
export async function riskDecisionOf(db: Executor, orderId: number) {
  const [row] = await db.select().from(riskDecisions).where(eq(riskDecisions.orderId, orderId));
  return row ?? null;
}
