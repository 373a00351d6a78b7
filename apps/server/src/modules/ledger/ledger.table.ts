import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * The loan book's orders, named only for the foreign key of `ledger_journals.order_id`: the
 * ledger imports no business module (every module posts through it, the loan book included),
 * so it names the orders' table by its SQL name and key column instead of importing it. Not
 * exported: drizzle-kit sees the loan book's own `loan_orders`, and this key stays the one the
 * migrations made (`ledger_journals_order_id_loan_orders_id_fk`).
 */
const loanOrderKeys = pgTable('loan_orders', { id: integer('id').primaryKey() });

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
    orderId: integer('order_id').references(() => loanOrderKeys.id),
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
    /**
     * Why the journal is posted on another day than the one it belongs to: a value-dated
     * posting's "value date X, posted Y", or "belongs to closed day X" for a journal the ledger
     * booked on the first open day because its own was closed (`postJournals`). Null otherwise.
     */
    reason: text('reason'),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    /**
     * The id of the transaction that posted the journal: the daily totals' rollup sums the
     * journals below its horizon (decision 0086). An id of this cluster only: a copy restored
     * elsewhere is rebuilt by the rollup. Journals from before the column have 0.
     */
    xact: bigint('xact', { mode: 'bigint' })
      .notNull()
      .default(sql`(pg_current_xact_id()::text::bigint)`),
  },
  (table) => [
    // An order's journals, and those a value-dated posting replays from a value date on (by
    // the order; the day is `coalesce(value_date, business_date)`, which no index column is).
    index('ledger_journals_order_idx').on(table.orderId, table.id),
    // Statements, the trial balance and the reports' daily figures read journals by day.
    index('ledger_journals_business_date_idx').on(table.businessDate, table.id),
    // A reversal found from the journal it undoes (the repayment statement's reversal rows).
    // Only reversals are in it: the day-end posts a million journals a night that undo nothing
    // (issue #15, migration 0030).
    index('ledger_journals_reverses_idx')
      .on(table.reversesJournalId)
      .where(sql`${table.reversesJournalId} is not null`),
    // The journals above the rollup's horizon: the reports' tail and the next rollup.
    index('ledger_journals_xact_idx').on(table.xact),
    // The adjustments report: journals posted on a later day than the one they belong to, by
    // posting day. Partial: the night's accruals (nearly every journal) are not in it.
    index('ledger_journals_adjustments_idx')
      .on(table.businessDate, table.id)
      .where(sql`${table.valueDate} < ${table.businessDate}`),
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

/**
 * The ledger's sums per India business date, account, event and undone event: what the trial
 * balance, GST by month and cash flow read instead of every entry (decision 0086). Kept by
 * `rollUpLedger` for the journals below the horizon of `ledgerRollupState`; never by a trigger.
 */
export const ledgerDailyTotals = pgTable(
  'ledger_daily_totals',
  {
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    account: text('account').notNull(),
    eventType: text('event_type').notNull(),
    /** The journals' `reverses_event_type`, '' for none (a key column cannot be null). */
    reversesEventType: text('reverses_event_type').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'bigint' }).notNull(),
    /** How many entries the sum is of. */
    lines: integer('lines').notNull(),
  },
  (table) => [
    primaryKey({
      name: 'ledger_daily_totals_pk',
      columns: [table.businessDate, table.account, table.eventType, table.reversesEventType],
    }),
  ],
);

/**
 * One row (id 1, made by the migration): the rollup's horizon, a transaction id. Every journal posted by a transaction below
 * it is in `ledgerDailyTotals`; none at or above it is (decision 0086).
 */
export const ledgerRollupState = pgTable(
  'ledger_rollup_state',
  {
    id: integer('id').primaryKey(),
    horizon: bigint('horizon', { mode: 'bigint' }).notNull(),
    rolledUpAt: timestamp('rolled_up_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [check('ledger_rollup_state_one_row', sql`${table.id} = 1`)],
);

/**
 * One row (id 1, made by the migration): which business days the ledger takes no more
 * journals on. `closed_through` is the last business date whose day-end completed (the day-end
 * advances it in the transaction that completes the date); `postJournals` books a journal of
 * a closed day on the next open one. `locked_through` is the last day of the last month
 * finance locked: no journal may belong to a day up to it (its value date, or its business
 * date when it has none). Both only ever move forward; a trigger refuses what breaks either
 * (migration 0034).
 */
export const ledgerPeriod = pgTable(
  'ledger_period',
  {
    id: integer('id').primaryKey(),
    closedThrough: date('closed_through', { mode: 'string' }),
    lockedThrough: date('locked_through', { mode: 'string' }),
  },
  (table) => [
    check('ledger_period_one_row', sql`${table.id} = 1`),
    // A month is locked only once every day of it is closed.
    check(
      'ledger_period_locked_closed',
      sql`${table.lockedThrough} is null or (${table.closedThrough} is not null and ${table.lockedThrough} <= ${table.closedThrough})`,
    ),
  ],
);

export type LedgerJournalRow = typeof ledgerJournals.$inferSelect;
export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;
