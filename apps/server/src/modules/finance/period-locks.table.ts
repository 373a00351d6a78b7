import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { staffUsers } from '../user/tables.js';

/**
 * The months finance locked, one row each, in the order they were locked: who, when and why.
 * Locking month M locks every day up to M's last day (`locked_through`), months before it
 * included; the ledger keeps the day it is locked through (`ledger_period.locked_through`),
 * which refuses any journal belonging to a day up to it. A lock is permanent: nothing updates
 * or removes these rows.
 */
export const periodLocks = pgTable(
  'period_locks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The India month locked, `YYYY-MM`. */
    month: text('month').notNull().unique(),
    /** Its last day: the ledger is locked through it. */
    lockedThrough: date('locked_through', { mode: 'string' }).notNull(),
    reason: text('reason').notNull(),
    lockedBy: integer('locked_by').references(() => staffUsers.id, { onDelete: 'set null' }),
    lockedAt: timestamp('locked_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [check('period_locks_month', sql`${table.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`)],
);

export type PeriodLockRow = typeof periodLocks.$inferSelect;
