import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One row per business date the day-end has started; `completed` dates are never run again. */
export const dayEndRuns = pgTable(
  'day_end_runs',
  {
    businessDate: date('business_date', { mode: 'string' }).primaryKey(),
    status: text('status').$type<'running' | 'completed'>().notNull(),
    ordersProcessed: integer('orders_processed').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [check('day_end_runs_status', sql`${table.status} in ('running', 'completed')`)],
);
