import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { borrowerAccounts } from '../borrower-app/tables.js';
import { loanOrders } from '../loan-book/tables.js';

/**
 * /coupon/list: a coupon template. What it takes off (interest or charges), a fixed amount or a
 * capped percent, how many may be sent (`sent_number` counts up, never past `total_number`),
 * how long a sent one lasts, the loan amount it needs and the last day it may be sent.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    target: text('target').$type<'interest' | 'charges'>().notNull(),
    faceKind: text('face_kind').$type<'amount' | 'percent'>().notNull(),
    /** The reduction of an `amount` coupon; the cap of a `percent` one. */
    amountPaise: bigint('amount_paise', { mode: 'bigint' }).notNull(),
    percentBasisPoints: integer('percent_basis_points'),
    totalNumber: integer('total_number').notNull(),
    sentNumber: integer('sent_number').notNull().default(0),
    validDays: integer('valid_days').notNull(),
    thresholdPaise: bigint('threshold_paise', { mode: 'bigint' }).notNull(),
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    status: text('status').$type<'available' | 'unavailable'>().notNull().default('available'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    check('coupons_target', sql`${table.target} in ('interest', 'charges')`),
    check(
      'coupons_face',
      sql`(${table.faceKind} = 'amount' and ${table.percentBasisPoints} is null)
       or (${table.faceKind} = 'percent' and ${table.percentBasisPoints} between 1 and 10000)`,
    ),
    check('coupons_amount', sql`${table.amountPaise} > 0 and ${table.thresholdPaise} >= 0`),
    check('coupons_stock', sql`${table.sentNumber} between 0 and ${table.totalNumber}`),
    check('coupons_status', sql`${table.status} in ('available', 'unavailable')`),
    index('coupons_created_idx').on(table.createdAt, table.id),
  ],
);

/** One send of a coupon to an audience; the caller's idempotency key makes it happen once. */
export const couponBatches = pgTable(
  'coupon_batches',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull(),
    sent: integer('sent').notNull().default(0),
    alreadyHeld: integer('already_held').notNull().default(0),
    blacklisted: integer('blacklisted').notNull().default(0),
    /** Null: sent by the demo book's simulator. */
    sentBy: integer('sent_by'),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('coupon_batches_coupon_idx').on(table.couponId)],
);

/**
 * /coupon/couponSendingRecord: a coupon a borrower holds. One per borrower and coupon. Used at
 * most once (`status` goes unused → used under a row lock, with the order and the journal);
 * expired is read from `expires_on`, not stored.
 */
export const issuedCoupons = pgTable(
  'issued_coupons',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id),
    batchId: integer('batch_id')
      .notNull()
      .references(() => couponBatches.id),
    borrowerAccountId: integer('borrower_account_id')
      .notNull()
      .references(() => borrowerAccounts.id),
    /** The last India day it can be used. */
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    status: text('status').$type<'unused' | 'used'>().notNull().default('unused'),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    orderId: integer('order_id').references(() => loanOrders.id),
    reducedPaise: bigint('reduced_paise', { mode: 'bigint' }),
    journalId: bigint('journal_id', { mode: 'number' }),
  },
  (table) => [
    check('issued_coupons_status', sql`${table.status} in ('unused', 'used')`),
    check(
      'issued_coupons_used',
      sql`(${table.status} = 'unused' and ${table.orderId} is null) or (${table.status} = 'used' and ${table.orderId} is not null and ${table.usedAt} is not null)`,
    ),
    uniqueIndex('issued_coupons_holder_key').on(table.couponId, table.borrowerAccountId),
    // One coupon per loan.
    uniqueIndex('issued_coupons_order_key').on(table.orderId),
    index('issued_coupons_borrower_idx').on(table.borrowerAccountId, table.id),
    index('issued_coupons_sent_idx').on(table.sentAt, table.id),
    index('issued_coupons_state_idx').on(table.status, table.expiresOn),
    index('issued_coupons_batch_idx').on(table.batchId),
  ],
);

export type CouponRow = typeof coupons.$inferSelect;
export type IssuedCouponRow = typeof issuedCoupons.$inferSelect;
