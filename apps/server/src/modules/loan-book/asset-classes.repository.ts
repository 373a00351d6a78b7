import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { addDays, type AssetClass } from '@lending/lending';
import type { Executor } from '../../plugins/db.js';
import { assetClassHistory, loanOrders } from './loan-orders.table.js';

/** One change of an order's asset class, as `asset_class_history` keeps it. */
export interface ClassHistoryEntry {
  orderId: number;
  customerId: number;
  businessDate: string;
  fromClass: AssetClass | null;
  toClass: AssetClass;
  daysPastDue: number;
  reason:
    | 'daysPastDue'
    | 'borrowerNpa'
    | 'arrearsPaid'
    | 'paid'
    | 'rescheduled'
    | 'valueDated'
    | 'repaymentReversed';
  causeOrderId?: number | null;
  at: Date;
}

export async function insertClassHistory(
  tx: Executor,
  entries: ClassHistoryEntry[],
): Promise<void> {
  if (entries.length === 0) return;
  await tx
    .insert(assetClassHistory)
    .values(entries.map((entry) => ({ ...entry, causeOrderId: entry.causeOrderId ?? null })));
}

/**
 * The first overdue day a loan had when it was last paid off (a payoff writes its days past
 * due on its history row), for a payment reversed after it: null when it was not past due.
 */
export async function overdueSinceAtPayoff(tx: Executor, orderId: number): Promise<string | null> {
  const [row] = await tx
    .select({ date: assetClassHistory.businessDate, days: assetClassHistory.daysPastDue })
    .from(assetClassHistory)
    .where(
      and(
        eq(assetClassHistory.orderId, orderId),
        eq(assetClassHistory.toClass, 'STANDARD'),
        inArray(assetClassHistory.reason, ['paid', 'valueDated']),
      ),
    )
    .orderBy(desc(assetClassHistory.id))
    .limit(1);
  return row && row.days > 0 ? addDays(row.date, -(row.days - 1)) : null;
}

const OWING = ['ACTIVE', 'DUE', 'OVERDUE'] as const;

/**
 * The owing loans of every borrower who has an owing NPA loan, locked: what the day-end's
 * borrower-level pass reads (through the partial index on class and customer, so the pass
 * reads only the NPA borrowers, however large the standard book).
 */
export function lockLoansOfNpaBorrowers(tx: Executor) {
  const npaBorrowers = tx
    .selectDistinct({ customerId: loanOrders.customerId })
    .from(loanOrders)
    .where(and(inArray(loanOrders.status, [...OWING]), eq(loanOrders.rbiClass, 'NPA')));
  return tx
    .select({
      id: loanOrders.id,
      customerId: loanOrders.customerId,
      rbiClass: loanOrders.rbiClass,
      overdueSince: loanOrders.overdueSince,
      interest: loanOrders.outstandingInterestPaise,
      penal: loanOrders.outstandingPenalPaise,
      suspenseInterest: loanOrders.suspenseInterestPaise,
      suspensePenal: loanOrders.suspensePenalPaise,
    })
    .from(loanOrders)
    .where(
      and(inArray(loanOrders.status, [...OWING]), inArray(loanOrders.customerId, npaBorrowers)),
    )
    .orderBy(loanOrders.id)
    .for('update');
}

/** A loan's new class from the borrower-level pass, with its suspense after it. */
export interface BorrowerClassUpdate {
  orderId: number;
  rbiClass: AssetClass;
  suspenseInterest: bigint;
  suspensePenal: bigint;
}

export async function saveBorrowerClasses(
  tx: Executor,
  date: string,
  at: Date,
  updates: BorrowerClassUpdate[],
): Promise<void> {
  if (updates.length === 0) return;
  const column = <T>(values: T[]) => sql.param(values);
  await tx.execute(sql`
    update loan_orders as o set
      rbi_class = v.rbi,
      classified_date = ${date}::date,
      suspense_interest_paise = v.suspense_interest,
      suspense_penal_paise = v.suspense_penal,
      updated_at = ${at.toISOString()}::timestamptz
    from unnest(
      ${column(updates.map((u) => u.orderId))}::int[],
      ${column(updates.map((u) => u.rbiClass))}::text[],
      ${column(updates.map((u) => u.suspenseInterest.toString()))}::bigint[],
      ${column(updates.map((u) => u.suspensePenal.toString()))}::bigint[]
    ) as v(id, rbi, suspense_interest, suspense_penal)
    where o.id = v.id`);
}
