import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../plugins/db.js';
import { intFromDb, paiseFromDb } from '../../shared/paise.js';
import { queryRows } from '../../shared/sql-rows.js';

export interface DayFigures {
  date: string;
  registrations: number;
  applications: number;
  approvals: number;
  disbursals: { count: number; amount: bigint };
  repayments: { count: number; amount: bigint };
  due: { count: number; amount: bigint };
  overdue: { count: number; amount: bigint };
}

/** The statement of `dailyFigures` (a test reads its plan). */
export function dailyFiguresStatement(range: {
  from: string;
  to: string;
  fromInstant: Date;
  toInstant: Date;
}): SQL {
  const { from, to } = range;
  const fromAt = range.fromInstant.toISOString();
  const toAt = range.toInstant.toISOString();
  return sql`
      with days as (
        select d::date as day
        from generate_series(${from}::date, ${to}::date, interval '1 day') as d
      ),
      registrations as (
        select registration_date as day, count(*) as n
        from (
          select b.registration_date from borrower_accounts b
          union all
          select c.registration_date from customers c
          where not exists (select 1 from borrower_accounts b where b.customer_id = c.id)
        ) as r
        where registration_date between ${from}::date and ${to}::date
        group by registration_date
      ),
      applications as (
        select (applied_at at time zone 'Asia/Kolkata')::date as day, count(*) as n
        from loan_orders
        where applied_at >= ${fromAt}::timestamptz and applied_at < ${toAt}::timestamptz
        group by 1
      ),
      approvals as (
        select ("at" at time zone 'Asia/Kolkata')::date as day, count(distinct order_id) as n
        from order_status_history
        where event = 'finalPass' and "at" >= ${fromAt}::timestamptz and "at" < ${toAt}::timestamptz
        group by 1
      ),
      disbursals as (
        select processed_date as day, count(*) as n, sum(amount_paise) as amount
        from payouts
        where purpose = 'disbursal' and status = 'processed'
          and processed_date between ${from}::date and ${to}::date
        group by processed_date
      ),
      repayments_in as (
        select business_date as day, count(*) as n, sum(amount_paise) as amount
        from repayments
        where not reversed and business_date between ${from}::date and ${to}::date
        group by business_date
      ),
      due as (
        select due_date as day,
          count(*) as n,
          sum(due_amount_paise) as amount,
          count(*) filter (where status = 'OVERDUE') as overdue_n
        from loan_orders
        where disbursal_date is not null and due_date between ${from}::date and ${to}::date
        group by due_date
      ),
      -- Apart from the counts: only the overdue loans' rows are read for what they still owe.
      overdue as (
        select due_date as day,
          sum(outstanding_principal_paise + outstanding_interest_paise + outstanding_fee_paise
            + outstanding_gst_paise + outstanding_penal_paise) as amount
        from loan_orders
        where status = 'OVERDUE' and due_date between ${from}::date and ${to}::date
        group by due_date
      )
      select to_char(days.day, 'YYYY-MM-DD') as day,
        coalesce(registrations.n, 0) as registrations,
        coalesce(applications.n, 0) as applications,
        coalesce(approvals.n, 0) as approvals,
        coalesce(disbursals.n, 0) as disbursal_count,
        coalesce(disbursals.amount, 0) as disbursal_amount,
        coalesce(repayments_in.n, 0) as repayment_count,
        coalesce(repayments_in.amount, 0) as repayment_amount,
        coalesce(due.n, 0) as due_count,
        coalesce(due.amount, 0) as due_amount,
        coalesce(due.overdue_n, 0) as overdue_count,
        coalesce(overdue.amount, 0) as overdue_amount
      from days
      left join registrations on registrations.day = days.day
      left join applications on applications.day = days.day
      left join approvals on approvals.day = days.day
      left join disbursals on disbursals.day = days.day
      left join repayments_in on repayments_in.day = days.day
      left join due on due.day = days.day
      left join overdue on overdue.day = days.day
      order by days.day
    `;
}

/**
 * The dashboard's figures per India date from `from` to `to`, read from the book in one
 * statement. Instants become India dates with AT TIME ZONE 'Asia/Kolkata'; business dates
 * (processed, received, due) already are. The instant bounds keep the index usable. Each part
 * is answered from an index of its own (decision 0085), so a month of a large book is read
 * without visiting its rows, bar the overdue loans' balances.
 */
export async function dailyFigures(
  db: Executor,
  range: { from: string; to: string; fromInstant: Date; toInstant: Date },
): Promise<DayFigures[]> {
  const rows = await queryRows(db, dailyFiguresStatement(range));
  return rows.map((row) => ({
    date: String(row.day),
    registrations: intFromDb(row.registrations),
    applications: intFromDb(row.applications),
    approvals: intFromDb(row.approvals),
    disbursals: {
      count: intFromDb(row.disbursal_count),
      amount: paiseFromDb(row.disbursal_amount),
    },
    repayments: {
      count: intFromDb(row.repayment_count),
      amount: paiseFromDb(row.repayment_amount),
    },
    due: { count: intFromDb(row.due_count), amount: paiseFromDb(row.due_amount) },
    overdue: { count: intFromDb(row.overdue_count), amount: paiseFromDb(row.overdue_amount) },
  }));
}

export interface AssetClassRow {
  /** Null for a loan that owes but no day-end or disbursal has classified (none should). */
  rbiClass: string | null;
  count: number;
  outstanding: bigint;
  suspense: bigint;
}

/**
 * The statement of `assetClassFigures` (a test reads its plan): the loans that owe, grouped by
 * their class, read through the partial index on (rbi_class, customer_id) of exactly those
 * loans (loan_orders_owing_class_idx), which hands them over in class order; the balances are
 * read from their rows.
 */
export function assetClassStatement(): SQL {
  return sql`
      select rbi_class,
        count(*) as n,
        coalesce(sum(outstanding_principal_paise + outstanding_interest_paise
          + outstanding_fee_paise + outstanding_gst_paise + outstanding_penal_paise), 0) as outstanding,
        coalesce(sum(suspense_interest_paise + suspense_penal_paise), 0) as suspense
      from loan_orders
      where status in ('ACTIVE', 'DUE', 'OVERDUE')
      group by rbi_class
      order by rbi_class
    `;
}

/** The loans that owe now, per asset class (as the last day-end left them), in one statement. */
export async function assetClassFigures(db: Executor): Promise<AssetClassRow[]> {
  const rows = await queryRows(db, assetClassStatement());
  return rows.map((row) => ({
    rbiClass: row.rbi_class === null ? null : String(row.rbi_class),
    count: intFromDb(row.n),
    outstanding: paiseFromDb(row.outstanding),
    suspense: paiseFromDb(row.suspense),
  }));
}
