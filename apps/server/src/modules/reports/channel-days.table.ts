import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * The channel reports' daily figures (decision 0039), one row per India day and acquisition
 * channel ('' for registrations that named none). Four families share the row, each counted
 * on its own day:
 * - the registrants of the day and how far they got by now (KYC, applied, machine pass,
 *   approved, disbursed);
 * - what the channel's borrowers did that day (applications, approvals, payouts);
 * - the channel's loans due that day and those not cleared by it;
 * - the channel's loans cleared that day and those whose borrower borrowed again in 3/7/30 days.
 * A read model (read-models.ts): cohorts keep moving after their day, so each night
 * recomputes its settling window of days; a report recomputes today when its range includes it.
 */
export const reportChannelDays = pgTable(
  'report_channel_days',
  {
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    channel: text('channel').notNull(),
    registrations: integer('registrations').notNull().default(0),
    kycCompleted: integer('kyc_completed').notNull().default(0),
    appliedSameDay: integer('applied_same_day').notNull().default(0),
    applied: integer('applied').notNull().default(0),
    machinePassed: integer('machine_passed').notNull().default(0),
    approved: integer('approved').notNull().default(0),
    disbursed: integer('disbursed').notNull().default(0),
    applications: integer('applications').notNull().default(0),
    approvals: integer('approvals').notNull().default(0),
    disbursedCount: integer('disbursed_count').notNull().default(0),
    disbursedPaise: bigint('disbursed_paise', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    dueCount: integer('due_count').notNull().default(0),
    firstDayOverdue: integer('first_day_overdue').notNull().default(0),
    cleared: integer('cleared').notNull().default(0),
    reborrowed3: integer('reborrowed_3').notNull().default(0),
    reborrowed7: integer('reborrowed_7').notNull().default(0),
    reborrowed30: integer('reborrowed_30').notNull().default(0),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.businessDate, table.channel] }),
    // The reports filter by a date range, and by one channel within it.
    index('report_channel_days_channel_idx').on(table.channel, table.businessDate),
  ],
);

export type ChannelDayRow = typeof reportChannelDays.$inferSelect;
