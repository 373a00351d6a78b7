import { sql } from 'drizzle-orm';
import type { Executor } from '../../plugins/db.js';
import { paiseFromDb } from '../../shared/paise.js';
import { queryRows } from '../../shared/sql-rows.js';

/**
 * The book in figures, read in SQL: orders by status, money paid out and collected, what is
 * owing, overdue loans by band and renewals (what the simulator prints and compares across
 * runs).
 */

/** How many orders the book holds in each status, by status. */
export async function orderStatusCounts(
  db: Executor,
): Promise<{ status: string; count: number }[]> {
  const rows = await queryRows(
    db,
    sql`select status, count(*) as n from loan_orders group by status order by status`,
  );
  return rows.map((row) => ({ status: String(row.status), count: Number(row.n) }));
}

export interface BookTotals {
  /** Disbursal payouts processed: how many, and their amount. */
  loans: number;
  disbursedPaise: bigint;
  /** Repayments that stand (not reversed). */
  collectedPaise: bigint;
  /** Owed on the loans with money owing (ACTIVE, DUE, OVERDUE). */
  outstandingPaise: bigint;
  /** Overdue loans in the 1–7 and the 8+ days band. */
  overdue1to7: number;
  overdue8plus: number;
  /** Renewals paid. */
  rollovers: number;
}

/** The book's money and loan counts, in one statement. */
export async function bookTotals(db: Executor): Promise<BookTotals> {
  const [money] = await queryRows(
    db,
    sql`select
      (select coalesce(sum(amount_paise), 0) from payouts where purpose = 'disbursal' and status = 'processed') as disbursed,
      (select count(*) from payouts where purpose = 'disbursal' and status = 'processed') as loans,
      (select coalesce(sum(amount_paise), 0) from repayments where not reversed) as collected,
      (select coalesce(sum(outstanding_principal_paise + outstanding_interest_paise + outstanding_fee_paise
         + outstanding_gst_paise + outstanding_penal_paise), 0)
         from loan_orders where status in ('ACTIVE', 'DUE', 'OVERDUE')) as outstanding,
      (select count(*) from loan_orders where status = 'OVERDUE' and overdue_band = '1-7') as band1,
      (select count(*) from loan_orders where status = 'OVERDUE' and overdue_band = '8+') as band8,
      (select count(*) from rollovers) as rollovers`,
  );
  return {
    loans: Number(money?.loans ?? 0),
    disbursedPaise: paiseFromDb(money?.disbursed),
    collectedPaise: paiseFromDb(money?.collected),
    outstandingPaise: paiseFromDb(money?.outstanding),
    overdue1to7: Number(money?.band1 ?? 0),
    overdue8plus: Number(money?.band8 ?? 0),
    rollovers: Number(money?.rollovers ?? 0),
  };
}
