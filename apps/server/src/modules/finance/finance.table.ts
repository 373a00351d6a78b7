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

export type ReconciliationSide = 'payout' | 'collection';
export type CheckingStatus = 'not_checked' | 'failed' | 'passed';

/**
 * One India day of one side (payouts or collections) and channel (the gateway), as last reconciled:
 * the book's and the third party's amounts and counts (docs/product.md §3) and the checking status
 * (docs/product.md §4): not checked (no statement to compare with), failed (a break is open),
 * passed (no break, or every break resolved).
 */
export const reconciliationDays = pgTable(
  'reconciliation_days',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    side: text('side').$type<ReconciliationSide>().notNull(),
    channel: text('channel').notNull(),
    systemAmountPaise: bigint('system_amount_paise', { mode: 'bigint' }).notNull(),
    systemCount: integer('system_count').notNull(),
    thirdPartyAmountPaise: bigint('third_party_amount_paise', { mode: 'bigint' }),
    thirdPartyCount: integer('third_party_count'),
    status: text('status').$type<CheckingStatus>().notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    check('reconciliation_days_side', sql`${table.side} in ('payout', 'collection')`),
    check(
      'reconciliation_days_status',
      sql`${table.status} in ('not_checked', 'failed', 'passed')`,
    ),
    uniqueIndex('reconciliation_days_key').on(table.businessDate, table.side, table.channel),
    index('reconciliation_days_status_idx').on(table.status, table.businessDate),
  ],
);

export type ReconciliationDayRow = typeof reconciliationDays.$inferSelect;

export type BreakKind = 'amount_mismatch' | 'ours_only' | 'gateway_only';
/** `refunding`: an unapplied credit's two-person refund is under way (credit_refunds). */
export type BreakStatus = 'open' | 'accepted' | 'refunding' | 'refunded' | 'ignored';

/**
 * A difference between the book and a gateway's statement, left for a person: never changed
 * by the reconciliation itself. The gateway's record is kept so that accepting it posts
 * exactly what the statement showed. Resolution: who, when, how, why, and what it posted.
 */
export const reconciliationBreaks = pgTable(
  'reconciliation_breaks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    dayId: integer('day_id')
      .notNull()
      .references(() => reconciliationDays.id),
    kind: text('kind').$type<BreakKind>().notNull(),
    /** The gateway's payment id (or our payout reference). */
    reference: text('reference').notNull(),
    orderId: integer('order_id'),
    /** The book's credit (collection_credits) when it has one. */
    creditId: integer('credit_id'),
    oursPaise: bigint('ours_paise', { mode: 'bigint' }),
    gatewayPaise: bigint('gateway_paise', { mode: 'bigint' }),
    gatewayAccount: text('gateway_account'),
    gatewayMethod: text('gateway_method'),
    gatewayAt: timestamp('gateway_at', { withTimezone: true, mode: 'date' }),
    status: text('status').$type<BreakStatus>().notNull().default('open'),
    note: text('note'),
    resolvedBy: integer('resolved_by'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
    /** What the resolution posted: a repayment, its reversal, or a refund payout. */
    repaymentId: integer('repayment_id'),
    payoutId: integer('payout_id'),
    /** An unapplied credit's refund this break started (credit_refunds). */
    creditRefundId: integer('credit_refund_id'),
  },
  (table) => [
    check(
      'reconciliation_breaks_kind',
      sql`${table.kind} in ('amount_mismatch', 'ours_only', 'gateway_only')`,
    ),
    check(
      'reconciliation_breaks_status',
      sql`${table.status} in ('open', 'accepted', 'refunding', 'refunded', 'ignored')`,
    ),
    uniqueIndex('reconciliation_breaks_key').on(table.dayId, table.kind, table.reference),
    index('reconciliation_breaks_status_idx').on(table.status, table.id),
  ],
);

export type ReconciliationBreakRow = typeof reconciliationBreaks.$inferSelect;
