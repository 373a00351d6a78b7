import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { loanOrders } from './loan-orders.table.js';

export type PayoutStatus =
  'queued' | 'processing' | 'processed' | 'failed' | 'reversed' | 'unknown';
export type PayoutPurpose = 'disbursal' | 'refund';

/**
 * A payout through the gateway (docs/product.md §3 loan flow: disburse status, channel, fail count,
 * error message). One live disbursal per order (partial unique index); a retry after `failed` or
 * `reversed` is a new row with a new idempotency key; the same key never pays twice.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => loanOrders.id),
    purpose: text('purpose').$type<PayoutPurpose>().notNull().default('disbursal'),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    amountPaise: bigint('amount_paise', { mode: 'bigint' }).notNull(),
    /**
     * What the payout pays out against, fixed when it is made: a disbursal's principal, less the
     * processing fee and its GST withheld, is its amount; a refund withholds nothing. The
     * disbursement statement sums these from its index alone, without reading the orders.
     */
    grossPaise: bigint('gross_paise', { mode: 'bigint' }).notNull(),
    feeWithheldPaise: bigint('fee_withheld_paise', { mode: 'bigint' }).notNull(),
    gstWithheldPaise: bigint('gst_withheld_paise', { mode: 'bigint' }).notNull(),
    status: text('status').$type<PayoutStatus>().notNull(),
    channel: text('channel').notNull(),
    utr: text('utr'),
    processedDate: date('processed_date', { mode: 'string' }),
    /** Failed attempts of this order's disbursal before this one. */
    failCount: integer('fail_count').notNull().default(0),
    errorMessage: text('error_message'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    check(
      'payouts_status',
      sql`${table.status} in ('queued', 'processing', 'processed', 'failed', 'reversed', 'unknown')`,
    ),
    check('payouts_purpose', sql`${table.purpose} in ('disbursal', 'refund')`),
    check('payouts_amount_positive', sql`${table.amountPaise} > 0`),
    uniqueIndex('payouts_one_live_per_order')
      .on(table.orderId, table.purpose)
      .where(sql`${table.status} in ('queued', 'processing', 'processed', 'unknown')`),
    // An order's attempts, newest last: the /loan lists' "latest attempt" test and lookups by order.
    index('payouts_order_purpose_idx').on(table.orderId, table.purpose, table.id),
    // The /loan lists' filters and sorts (loanRecord by status and day; loanFlow by time).
    index('payouts_status_idx').on(table.status, table.id),
    index('payouts_created_at_idx').on(table.createdAt),
    index('payouts_processed_date_idx').on(table.processedDate),
    // The dashboard's disbursals per day, summed from the index alone (decision 0085).
    index('payouts_disbursed_by_date_idx')
      .on(table.processedDate, table.amountPaise)
      .where(sql`${table.purpose} = 'disbursal' and ${table.status} = 'processed'`),
    // The disbursement statement: its rows in its order (day, then id) with everything its
    // filters and totals read, so a page and the totals of any range come from the index alone.
    // Nulls first, as listOrder sorts a nullable column (its page is the index read backwards).
    index('payouts_statement_idx')
      .on(
        table.processedDate.asc().nullsFirst(),
        table.id,
        table.status,
        table.channel,
        table.amountPaise,
        table.grossPaise,
        table.feeWithheldPaise,
        table.gstWithheldPaise,
      )
      .where(
        sql`${table.purpose} = 'disbursal' and ${table.status} in ('processed', 'reversed') and ${table.processedDate} is not null`,
      ),
  ],
);

export type PayoutRow = typeof payouts.$inferSelect;
