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
import { loanOrders, payouts, repayments } from '../loan-book/tables.js';

/**
 * A file staff uploaded (a receipt photo). The bytes are a stored file in the database named
 * `storage_name` (decision 0091; before it, a file of that name in `<DATA_DIR>/uploads`, copied
 * in at start); this row says what they are (type sniffed from the bytes, size, SHA-256) and
 * who uploaded them. Served only through an endpoint that checks the grant.
 */
export const uploadedFiles = pgTable('uploaded_files', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  storageName: text('storage_name').notNull().unique(),
  fileName: text('file_name').notNull(),
  mimeType: text('mime_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  sha256: text('sha256').notNull(),
  uploadedBy: integer('uploaded_by').notNull(),
  at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
});

export type OfflineRepaymentStatus = 'pending' | 'invalid' | 'pass';

/**
 * An offline repayment (bank transfer or cash deposit) recorded by one staff member (maker)
 * and passed or refused by another (checker). Passing posts it through the loan book as of
 * its value date; `repayment_id` is the posted repayment. One live record per bank reference.
 */
export const offlineRepayments = pgTable(
  'offline_repayments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => loanOrders.id),
    channel: text('channel').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'bigint' }).notNull(),
    valueDate: date('value_date', { mode: 'string' }).notNull(),
    bankReference: text('bank_reference').notNull(),
    remark: text('remark'),
    receiptFileId: integer('receipt_file_id').references(() => uploadedFiles.id),
    status: text('status').$type<OfflineRepaymentStatus>().notNull().default('pending'),
    /** The maker's idempotency key: a retried recording returns the same row. */
    recordKey: text('record_key').notNull().unique(),
    batch: text('batch'),
    recordedBy: integer('recorded_by').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true, mode: 'date' }).notNull(),
    reviewedBy: integer('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
    reviewReason: text('review_reason'),
    repaymentId: integer('repayment_id').references(() => repayments.id),
    valueDateNote: text('value_date_note'),
  },
  (table) => [
    check('offline_repayments_status', sql`${table.status} in ('pending', 'invalid', 'pass')`),
    check('offline_repayments_channel', sql`${table.channel} in ('bankTransfer', 'cashDeposit')`),
    check('offline_repayments_amount_positive', sql`${table.amountPaise} > 0`),
    check(
      'offline_repayments_maker_checker',
      sql`${table.reviewedBy} is null or ${table.reviewedBy} <> ${table.recordedBy}`,
    ),
    uniqueIndex('offline_repayments_live_reference')
      .on(table.bankReference)
      .where(sql`${table.status} <> 'invalid'`),
    index('offline_repayments_status_idx').on(table.status, table.id),
    index('offline_repayments_recorded_at_idx').on(table.recordedAt, table.id),
    index('offline_repayments_order_idx').on(table.orderId),
  ],
);

export type OfflineRepaymentRow = typeof offlineRepayments.$inferSelect;

export type ExcessRefundStatus = 'awaitingApproval' | 'refunding' | 'refunded' | 'failed';

/**
 * The refund of an overpayment: asked for by one staff member, approved by another; approval
 * creates the loan book's refund payout (its own idempotency key) to the borrower's verified
 * account. The status follows the payout. One request per repayment.
 */
export const excessRefunds = pgTable(
  'excess_refunds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    repaymentId: integer('repayment_id')
      .notNull()
      .unique()
      .references(() => repayments.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => loanOrders.id),
    amountPaise: bigint('amount_paise', { mode: 'bigint' }).notNull(),
    reason: text('reason').notNull(),
    requestedBy: integer('requested_by').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'date' }).notNull(),
    approvedBy: integer('approved_by'),
    approvedAt: timestamp('approved_at', { withTimezone: true, mode: 'date' }),
    payoutId: integer('payout_id').references(() => payouts.id),
  },
  (table) => [
    check(
      'excess_refunds_maker_checker',
      sql`${table.approvedBy} is null or ${table.approvedBy} <> ${table.requestedBy}`,
    ),
    index('excess_refunds_order_idx').on(table.orderId),
  ],
);
