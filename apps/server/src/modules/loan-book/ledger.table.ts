import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { loanOrders } from './loan-orders.table.js';

/**
 * The append-only double-entry ledger. A journal is one money event of one order (from the
 * engine's `postingsFor`); its entries sum to zero. The idempotency key makes every posting
 * happen once (a command's key, or `accrual:<order>:<date>:<event>` for day-end accruals).
 */
export const ledgerJournals = pgTable(
  'ledger_journals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Null for a wallet or payout-account journal, which is of no order (decision 0043). */
    orderId: integer('order_id').references(() => loanOrders.id),
    eventType: text('event_type').notNull(),
    /** For a reversal: the event type it undoes. */
    reversesEventType: text('reverses_event_type'),
    reversesJournalId: bigint('reverses_journal_id', { mode: 'number' }),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    /**
     * The day a value-dated posting restates (decision 0022): reversals, payments and replays
     * are booked today (`business_date`) but belong to this day. Null: the business date.
     */
    valueDate: date('value_date', { mode: 'string' }),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    index('ledger_journals_order_idx').on(table.orderId, table.id),
    // Statements, the trial balance and the reports' daily figures read journals by day.
    index('ledger_journals_business_date_idx').on(table.businessDate, table.id),
    // Value-dated postings replay an order's journals from a value date on.
    index('ledger_journals_order_value_date_idx').on(table.orderId, table.valueDate),
    // A reversal found from the journal it undoes (the repayment statement's reversal rows).
    index('ledger_journals_reverses_idx').on(table.reversesJournalId),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    journalId: bigint('journal_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerJournals.id),
    account: text('account').notNull(),
    component: text('component'),
    /** Debit positive, credit negative. */
    amountPaise: bigint('amount_paise', { mode: 'bigint' }).notNull(),
  },
  (table) => [
    index('ledger_entries_journal_idx').on(table.journalId),
    check('ledger_entries_non_zero', sql`${table.amountPaise} <> 0`),
  ],
);

export type LedgerJournalRow = typeof ledgerJournals.$inferSelect;
export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;
