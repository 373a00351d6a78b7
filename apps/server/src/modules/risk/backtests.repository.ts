import { asc, desc, eq, gte, sql } from 'drizzle-orm';
import type { Executor } from '../../plugins/db.js';
import { loanOrders } from '../loan-book/tables.js';
import { worstOverdueDays } from './risk-outcome.js';
import { riskBacktests, riskDecisions } from './risk.table.js';

// Back-tests of a version: the machine decisions they replay and the runs they store.

export type BacktestRow = typeof riskBacktests.$inferSelect;

/** The latest back-test of a version, if any. */
export async function latestBacktest(
  db: Executor,
  setId: number,
): Promise<BacktestRow | undefined> {
  const [backtest] = await db
    .select()
    .from(riskBacktests)
    .where(eq(riskBacktests.ruleSetId, setId))
    .orderBy(desc(riskBacktests.id))
    .limit(1);
  return backtest;
}

/**
 * The machine decisions since `since`, oldest first: the features and checks a back-test
 * replays, and how each loan went later.
 */
export function decisionsToReplay(tx: Executor, since: Date) {
  return tx
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
}

export async function insertBacktest(
  tx: Executor,
  values: typeof riskBacktests.$inferInsert,
): Promise<BacktestRow> {
  const [stored] = await tx.insert(riskBacktests).values(values).returning();
  return stored!;
}

export async function deleteBacktestsOf(tx: Executor, setId: number): Promise<void> {
  await tx.delete(riskBacktests).where(eq(riskBacktests.ruleSetId, setId));
}
