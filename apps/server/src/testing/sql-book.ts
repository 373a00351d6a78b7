import { sql } from 'drizzle-orm';
import * as lending from '@lending/lending';
import type { Database } from '../plugins/db.js';
import { createCustomer, DEV_AADHAAR_HASH_KEY, saveProduct } from '../modules/loan-book/index.js';
import { termsToJson } from '../modules/loan-book/paise-json.js';

/**
 * `loans` active loans of the worked example (₹4,500 for 14 days) disbursed on `disbursedOn`,
 * each with its disbursal journal, made by set-based SQL in a second rather than one command
 * per loan: a book for tests whose subject is the day-end's work across servers, not how the
 * loans came to be. Their day-end has not run yet (its first date is `disbursedOn`). Order
 * numbers are `prefix` and a number.
 */
export async function seedActiveLoans(
  db: Database,
  options: { loans: number; disbursedOn: string; prefix: string },
): Promise<void> {
  const { loans, disbursedOn, prefix } = options;
  const at = new Date(`${disbursedOn}T04:30:00Z`);
  const product = await saveProduct(
    db,
    {
      kind: 'first',
      name: `${prefix} product`,
      status: 'available',
      terms: lending.WORKED_EXAMPLE_TERMS,
    },
    null,
    at,
  );
  const customer = await createCustomer(
    db,
    DEV_AADHAAR_HASH_KEY,
    {
      name: 'Book Test',
      idType: 'pan',
      idNumber: 'ABCDE1234F',
      phone: '9876543210',
      registrationDate: disbursedOn,
    },
    at,
  );
  const terms = JSON.stringify(termsToJson(lending.WORKED_EXAMPLE_TERMS));
  await db.execute(sql`
    insert into loan_orders (order_no, customer_id, product_id, product_version, product_kind, terms,
      principal_paise, processing_fee_paise, gst_on_fee_paise, net_disbursed_paise, due_amount_paise,
      tenor_days, status, key_facts, apr_basis_points, kfs_accepted_at, kfs_channel, kfs_otp_reference,
      applicant_features, disbursal_date, due_date, accrued_through_date, day_end_date,
      principal_disbursed_paise, outstanding_principal_paise, applied_at, updated_at)
    select ${prefix} || g, ${customer.id}, ${product.id}, 1, 'first', ${terms}::jsonb, 450000, 31500,
      5670, 412830, 456300, 14, 'ACTIVE', '{}'::jsonb, 27453, now(), 'app', 'otp', '{}'::jsonb,
      ${disbursedOn}::date, ${disbursedOn}::date + 14, ${disbursedOn}::date - 1,
      ${disbursedOn}::date - 1, 450000, 450000, now(), now()
    from generate_series(1, ${loans}) g`);
  await db.execute(sql`
    insert into ledger_journals (order_id, event_type, idempotency_key, business_date, at)
    select id, 'disbursal', ${prefix} || ':disbursal:' || id, ${disbursedOn}::date, now()
    from loan_orders where product_id = ${product.id}`);
  await db.execute(sql`
    insert into ledger_entries (journal_id, account, component, amount_paise)
    select j.id, v.account, v.component, v.amount from ledger_journals j
    join loan_orders o on o.id = j.order_id and o.product_id = ${product.id}
    cross join (values ('loans_receivable:principal', 'principal', 450000),
      ('cash:payout_clearing', null, -412830), ('income:processing_fee', null, -31500),
      ('liability:gst_payable', null, -5670)) as v(account, component, amount)
    where j.event_type = 'disbursal'`);
}
