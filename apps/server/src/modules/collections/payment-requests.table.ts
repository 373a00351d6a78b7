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
import { loanOrders } from '../loan-book/tables.js';
import { collectionCredits } from './collections.table.js';

/** What a borrower asked to pay for, besides a plain repayment. */
export type PaymentPurpose = 'rollover' | 'cooling_off_exit';
export type PaymentRequestStatus = 'open' | 'paid' | 'superseded';

/**
 * A borrower's request to renew (roll over) or to exit in the cooling-off period, at today's
 * price. Money reaches the book only as a credit to the borrower's virtual account or UPI id;
 * a credit of exactly this amount on this business date pays this request instead of being a
 * plain repayment. At most one open request per order: a new one supersedes the last.
 */
export const paymentRequests = pgTable(
  'payment_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => loanOrders.id),
    customerId: integer('customer_id').notNull(),
    purpose: text('purpose').$type<PaymentPurpose>().notNull(),
    amountPaise: bigint('amount_paise', { mode: 'bigint' }).notNull(),
    /** The India date the price holds for (interest accrues daily). */
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    status: text('status').$type<PaymentRequestStatus>().notNull(),
    creditId: integer('credit_id').references(() => collectionCredits.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    check('payment_requests_purpose', sql`${table.purpose} in ('rollover', 'cooling_off_exit')`),
    check('payment_requests_status', sql`${table.status} in ('open', 'paid', 'superseded')`),
    check('payment_requests_amount_positive', sql`${table.amountPaise} > 0`),
    uniqueIndex('payment_requests_one_open_per_order')
      .on(table.orderId)
      .where(sql`${table.status} = 'open'`),
    index('payment_requests_customer_idx').on(table.customerId, table.status),
  ],
);

export type PaymentRequestRow = typeof paymentRequests.$inferSelect;
