import { sql } from 'drizzle-orm';
import type { Executor } from '../../plugins/db.js';
import { intFromDb, paiseFromDb } from '../../shared/paise.js';
import { queryRows } from '../../shared/sql-rows.js';
import { ledgerEntries, ledgerJournals } from '../ledger/tables.js';

export interface OrdersAgainstPostings {
  ordersChecked: number;
  mismatchedOrders: {
    orderId: number;
    orderNo: string;
    component: string;
    storedPaise: bigint;
    ledgerPaise: bigint;
  }[];
}

const LIMIT = 100;

/**
 * The book's half of the ledger check, in SQL over every order: its outstanding per component
 * equals the sum of its receivable postings, its unrefunded overpayment equals its
 * customer-overpayment liability, its income held in suspense equals its suspense postings
 * (the ledger's entries, joined through its tables.ts).
 */
export async function ordersAgainstPostings(db: Executor): Promise<OrdersAgainstPostings> {
  const [count] = await queryRows(db, sql`select count(*) as orders from loan_orders`);
  const mismatched = await queryRows(
    db,
    sql`
    with ledger as (
      select j.order_id,
        sum(case when e.component = 'principal' then e.amount_paise else 0 end) as principal,
        sum(case when e.component = 'interest' then e.amount_paise else 0 end) as interest,
        sum(case when e.component = 'fee' then e.amount_paise else 0 end) as fee,
        sum(case when e.component = 'gst' then e.amount_paise else 0 end) as gst,
        sum(case when e.component = 'penal' then e.amount_paise else 0 end) as penal,
        -sum(case when e.account = 'liability:customer_overpayment' then e.amount_paise else 0 end) as overpaid,
        -sum(case when e.account = 'suspense:interest' then e.amount_paise else 0 end) as suspense_interest,
        -sum(case when e.account = 'suspense:penal' then e.amount_paise else 0 end) as suspense_penal
      from ${ledgerEntries} e join ${ledgerJournals} j on j.id = e.journal_id
      group by j.order_id
    ),
    pairs as (
      select o.id as order_id, o.order_no, c.component, c.stored, coalesce(c.ledger, 0) as ledger
      from loan_orders o left join ledger l on l.order_id = o.id
      cross join lateral (values
        ('principal', o.outstanding_principal_paise, l.principal),
        ('interest', o.outstanding_interest_paise, l.interest),
        ('fee', o.outstanding_fee_paise, l.fee),
        ('gst', o.outstanding_gst_paise, l.gst),
        ('penal', o.outstanding_penal_paise, l.penal),
        ('overpaid', o.overpaid_paise, l.overpaid),
        ('suspense:interest', o.suspense_interest_paise, l.suspense_interest),
        ('suspense:penal', o.suspense_penal_paise, l.suspense_penal)
      ) as c(component, stored, ledger)
    )
    select * from pairs where stored <> ledger order by order_id, component limit ${LIMIT}`,
  );
  return {
    ordersChecked: intFromDb(count?.orders),
    mismatchedOrders: mismatched.map((row) => ({
      orderId: intFromDb(row.order_id),
      orderNo: String(row.order_no),
      component: String(row.component),
      storedPaise: paiseFromDb(row.stored),
      ledgerPaise: paiseFromDb(row.ledger),
    })),
  };
}
