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
import { collectionCredits } from '../collections/tables.js';

/**
 * requested (by one person) → approved (by another person; sent to the payout gateway) → paid |
 * failed; or rejected by the second person. Failed or rejected leaves the credit refundable again.
 */
export type CreditRefundStatus = 'requested' | 'approved' | 'paid' | 'failed' | 'rejected';
/** `payer`: the account the money came from; `borrower_account`: the borrower's verified one. */
export type CreditRefundDestination = 'payer' | 'borrower_account';

/**
 * The refund of an unapplied collection credit (no open loan, unknown payer, refused), under the
 * two-person rule, paid once through the payout gateway under the row's own key (decision on
 * unapplied credits). One live refund per credit at a time (the partial unique index).
 */
export const creditRefunds = pgTable(
  'credit_refunds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    creditId: integer('credit_id')
      .notNull()
      .references(() => collectionCredits.id),
    amountPaise: bigint('amount_paise', { mode: 'bigint' }).notNull(),
    status: text('status').$type<CreditRefundStatus>().notNull(),
    destination: text('destination').$type<CreditRefundDestination>().notNull(),
    beneficiaryName: text('beneficiary_name').notNull(),
    accountNumber: text('account_number').notNull(),
    ifsc: text('ifsc').notNull(),
    reason: text('reason').notNull(),
    /** The requester's key: the same request again answers the same refund. */
    requestKey: text('request_key').notNull(),
    requestedBy: integer('requested_by').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** The approver's key: the same approval again re-sends (same gateway key), never pays twice. */
    reviewKey: text('review_key'),
    reviewedBy: integer('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
    reviewReason: text('review_reason'),
    gatewayPayoutId: text('gateway_payout_id'),
    utr: text('utr'),
    failureReason: text('failure_reason'),
    settledAt: timestamp('settled_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    check(
      'credit_refunds_status',
      sql`${table.status} in ('requested', 'approved', 'paid', 'failed', 'rejected')`,
    ),
    check('credit_refunds_destination', sql`${table.destination} in ('payer', 'borrower_account')`),
    check('credit_refunds_amount_positive', sql`${table.amountPaise} > 0`),
    check(
      'credit_refunds_two_people',
      sql`${table.reviewedBy} is null or ${table.reviewedBy} <> ${table.requestedBy}`,
    ),
    uniqueIndex('credit_refunds_request_key').on(table.requestKey),
    uniqueIndex('credit_refunds_live_key')
      .on(table.creditId)
      .where(sql`${table.status} in ('requested', 'approved', 'paid')`),
    index('credit_refunds_approved_idx')
      .on(table.reviewedAt)
      .where(sql`${table.status} = 'approved'`),
  ],
);

export type CreditRefundRow = typeof creditRefunds.$inferSelect;
