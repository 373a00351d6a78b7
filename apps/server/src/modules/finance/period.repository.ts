import { eq, sql, type SQL } from 'drizzle-orm';
import type { adjustmentBodySchema, periodLockBodySchema } from '@lending/contract';
import type { z } from 'zod';
import { ledgerEntries, ledgerJournals } from '../ledger/tables.js';
import { loanOrders } from '../loan-book/tables.js';
import { staffUsers } from '../user/tables.js';
import type { Executor } from '../../plugins/db.js';
import { inclusiveRange, type ListWhere, orderNoIs, runList } from '../../shared/list-query.js';
import { conditionsOf } from './finance.repository.js';
import { periodLocks } from './period-locks.table.js';

// --- Adjustments ----------------------------------------------------------------------------

type AdjustmentFilters = NonNullable<z.output<typeof adjustmentBodySchema>['filters']>;

/**
 * Journals posted on a business day later than the day they belong to. The same predicate as
 * the partial index `ledger_journals_adjustments_idx`, which serves the range by posting day
 * (the nightly accruals are not in it).
 */
const adjusting = sql`${ledgerJournals.valueDate} < ${ledgerJournals.businessDate}`;

const adjustmentWhere: ListWhere<AdjustmentFilters> = {
  ...inclusiveRange<'dateFrom', 'dateTo', string>(
    ledgerJournals.businessDate,
    'dateFrom',
    'dateTo',
  ),
  // The order by its number in a subquery, not through the join: the totals read journals alone.
  orderNo: (orderNo) =>
    eq(
      ledgerJournals.orderId,
      sql`(select ${loanOrders.id} from ${loanOrders} where ${orderNoIs(loanOrders.orderNo, orderNo)})`,
    ),
};

/**
 * A journal's net per kind of account (debit positive), from its entries, by the account's
 * prefix: the columns of the contract's adjustment row. Every account of the chart has one of
 * these prefixes, so a journal's kinds sum to zero.
 */
const KIND_PREFIXES = {
  receivable: 'loans_receivable:%',
  income: 'income:%',
  suspense: 'suspense:%',
  cash: 'cash:%',
  liability: 'liability:%',
  expense: 'expense:%',
} as const;
export type KindAmounts = Record<keyof typeof KIND_PREFIXES, string>;

function kindSums(amount: SQL, account: SQL): SQL {
  return sql.join(
    Object.entries(KIND_PREFIXES).map(
      ([kind, prefix]) =>
        sql`${kind}::text, coalesce(sum(${amount}) filter (where ${account} like ${prefix}), 0)::text`,
    ),
    sql`, `,
  );
}

// Written out qualified: the subquery names the outer journal.
const journalKinds = sql<KindAmounts>`(select json_build_object(${kindSums(
  sql`e.amount_paise`,
  sql`e.account`,
)}) from ledger_entries e where e.journal_id = "ledger_journals"."id")`;

/** The page of adjusting journals, newest first; `total` is the count of the totals' pass. */
export function listAdjustments(
  db: Executor,
  body: z.output<typeof adjustmentBodySchema>,
  total: number,
) {
  return runList(
    db,
    {
      select: () =>
        db
          .select({
            id: ledgerJournals.id,
            postedDate: ledgerJournals.businessDate,
            valueDate: ledgerJournals.valueDate,
            orderId: ledgerJournals.orderId,
            orderNo: loanOrders.orderNo,
            event: ledgerJournals.eventType,
            reverses: ledgerJournals.reversesEventType,
            reason: ledgerJournals.reason,
            kinds: journalKinds,
          })
          .from(ledgerJournals)
          .leftJoin(loanOrders, eq(loanOrders.id, ledgerJournals.orderId)),
      scope: adjusting,
      where: adjustmentWhere,
      sortColumns: {
        id: ledgerJournals.id,
        postedDate: ledgerJournals.businessDate,
        valueDate: ledgerJournals.valueDate,
      },
      defaultSort: { field: 'id', order: 'desc' },
      id: ledgerJournals.id,
    },
    body,
    { total },
  );
}

/** The filtered journals' count and their net per kind of account, in one pass. */
export async function adjustmentTotals(
  db: Executor,
  filters: AdjustmentFilters | undefined,
): Promise<{ count: number; kinds: KindAmounts }> {
  const where = conditionsOf(adjustmentWhere, filters, adjusting);
  const [row] = await db
    .select({
      count: sql<number>`count(distinct ${ledgerJournals.id})::int`,
      kinds: sql<KindAmounts>`json_build_object(${kindSums(
        sql`${ledgerEntries.amountPaise}`,
        sql`${ledgerEntries.account}`,
      )})`,
    })
    .from(ledgerJournals)
    .leftJoin(ledgerEntries, eq(ledgerEntries.journalId, ledgerJournals.id))
    .where(where);
  return row!;
}

// --- Month locks ----------------------------------------------------------------------------

/** The locks, newest first, with the name of who locked each. */
export function listPeriodLocks(db: Executor, body: z.output<typeof periodLockBodySchema>) {
  return runList(
    db,
    {
      select: () =>
        db
          .select({ lock: periodLocks, lockedBy: staffUsers.name })
          .from(periodLocks)
          .leftJoin(staffUsers, eq(staffUsers.id, periodLocks.lockedBy)),
      where: {},
      sortColumns: { id: periodLocks.id },
      defaultSort: { field: 'id', order: 'desc' },
      id: periodLocks.id,
    },
    body,
  );
}

export async function insertPeriodLock(db: Executor, values: typeof periodLocks.$inferInsert) {
  const [row] = await db.insert(periodLocks).values(values).returning();
  return row!;
}

export async function periodLockById(db: Executor, id: number) {
  const [row] = await db
    .select({ lock: periodLocks, lockedBy: staffUsers.name })
    .from(periodLocks)
    .leftJoin(staffUsers, eq(staffUsers.id, periodLocks.lockedBy))
    .where(eq(periodLocks.id, id));
  return row!;
}
