import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { payouts } from '../loan-book/tables.js';

/**
 * What the server knows of a payout at the gateway: the reference it was sent under, the
 * gateway's payout id and last reported status, how often it was sent, and when the sweep
 * should look at it again. Written before each gateway call, so a crash right after the call
 * still leaves a row the sweep resolves by status lookup (docs/security.md: never by paying again).
 * The payout itself (status, UTR, ledger) stays the loan book's.
 */
export const payoutDispatches = pgTable(
  'payout_dispatches',
  {
    payoutId: integer('payout_id')
      .primaryKey()
      .references(() => payouts.id),
    provider: text('provider').notNull(),
    /** Sent as the gateway's reference id; also names the payout in webhooks. */
    reference: text('reference').notNull(),
    gatewayPayoutId: text('gateway_payout_id'),
    gatewayStatus: text('gateway_status'),
    attempts: integer('attempts').notNull().default(0),
    lookups: integer('lookups').notNull().default(0),
    lastError: text('last_error'),
    nextCheckAt: timestamp('next_check_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    uniqueIndex('payout_dispatches_reference_key').on(table.provider, table.reference),
    uniqueIndex('payout_dispatches_gateway_payout_key').on(table.provider, table.gatewayPayoutId),
    index('payout_dispatches_next_check_idx').on(table.nextCheckAt),
  ],
);

export type PayoutDispatchRow = typeof payoutDispatches.$inferSelect;
