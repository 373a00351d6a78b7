import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** One virtual account (number + IFSC) and UPI id per customer at the collection gateway. */
export const virtualAccounts = pgTable(
  'virtual_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer('customer_id').notNull(),
    provider: text('provider').notNull(),
    providerAccountId: text('provider_account_id').notNull(),
    accountNumber: text('account_number').notNull(),
    ifsc: text('ifsc').notNull(),
    upiId: text('upi_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    uniqueIndex('virtual_accounts_customer_provider_key').on(table.customerId, table.provider),
    uniqueIndex('virtual_accounts_provider_account_key').on(
      table.provider,
      table.providerAccountId,
    ),
    uniqueIndex('virtual_accounts_account_number_key').on(table.provider, table.accountNumber),
    uniqueIndex('virtual_accounts_upi_key').on(table.provider, table.upiId),
  ],
);

export type VirtualAccountRow = typeof virtualAccounts.$inferSelect;

/**
 * `unmatched`: no loan took it (the money is owed back, `liability:unapplied_credit`);
 * `refunding`: a refund of it is requested or in payment (nothing else may take it);
 * `refunded`: paid back; `applied`: a loan took it (on arrival, or later by agreement).
 */
export type CollectionCreditStatus = 'applied' | 'unmatched' | 'refunding' | 'refunded';

/**
 * Money credited to a virtual account or UPI id, as the gateway reported it. One row per
 * gateway payment id (whatever the event id), so a credit is applied once; `unmatched` credits
 * (no open loan, or the loan refused it) wait for reconciliation or a refund.
 */
export const collectionCredits = pgTable(
  'collection_credits',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    provider: text('provider').notNull(),
    paymentId: text('payment_id').notNull(),
    virtualAccountId: integer('virtual_account_id').references(() => virtualAccounts.id),
    method: text('method').$type<'bank_transfer' | 'upi'>().notNull(),
    amountPaise: bigint('amount_paise', { mode: 'bigint' }).notNull(),
    payerReference: text('payer_reference').notNull().default(''),
    creditedAt: timestamp('credited_at', { withTimezone: true, mode: 'date' }).notNull(),
    status: text('status').$type<CollectionCreditStatus>().notNull(),
    orderId: integer('order_id'),
    repaymentId: integer('repayment_id'),
    note: text('note'),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    check(
      'collection_credits_status',
      sql`${table.status} in ('applied', 'unmatched', 'refunding', 'refunded')`,
    ),
    check('collection_credits_method', sql`${table.method} in ('bank_transfer', 'upi')`),
    check('collection_credits_amount_positive', sql`${table.amountPaise} > 0`),
    uniqueIndex('collection_credits_payment_key').on(table.provider, table.paymentId),
    index('collection_credits_credited_idx').on(table.creditedAt),
    // The ageing list of credits not applied nor returned (finance).
    index('collection_credits_unapplied_idx')
      .on(table.creditedAt, table.id)
      .where(sql`${table.status} in ('unmatched', 'refunding')`),
  ],
);

export type CollectionCreditRow = typeof collectionCredits.$inferSelect;
