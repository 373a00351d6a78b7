import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { loanOrders } from '../loan-book/tables.js';
import { staffUsers } from '../user/tables.js';

export type VerificationItemColumn = 'employment' | 'reference' | 'address' | 'identity';
export type VerificationResultColumn = 'passed' | 'failed';

/**
 * Each verification call made to the applicant of an order waiting for manual review
 * (decision 0078): the review stage it was made at, what it checked, its result, the notes
 * (required when it failed), who called and when. Append-only: every call is kept, and the
 * latest one's result is the order's checking status (none yet = not checked).
 */
export const verificationChecks = pgTable(
  'verification_checks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => loanOrders.id),
    stage: text('stage').$type<'first' | 'final'>().notNull(),
    items: text('items').array().$type<VerificationItemColumn[]>().notNull(),
    result: text('result').$type<VerificationResultColumn>().notNull(),
    notes: text('notes'),
    checkedBy: integer('checked_by')
      .notNull()
      .references(() => staffUsers.id),
    /** The India date of the call: the checked date range filters on it. */
    indiaDate: date('india_date', { mode: 'string' }).notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    check('verification_checks_stage', sql`${table.stage} in ('first', 'final')`),
    check('verification_checks_result', sql`${table.result} in ('passed', 'failed')`),
    check(
      'verification_checks_items',
      sql`cardinality(${table.items}) between 1 and 4
        and ${table.items} <@ array['employment', 'reference', 'address', 'identity']::text[]`,
    ),
    // A failed call says what did not match.
    check(
      'verification_checks_failed_notes',
      sql`${table.result} = 'passed' or coalesce(length(${table.notes}), 0) > 0`,
    ),
    // The order's latest call (its checking status) and its history.
    index('verification_checks_order_idx').on(table.orderId, table.at, table.id),
    index('verification_checks_date_idx').on(table.indiaDate),
  ],
);
