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

/** A customer is old when an earlier order of theirs was disbursed; 'all' is new plus old. */
export type CustomerType = 'all' | 'new' | 'old';

/**
 * The daily order figures (/report/dailyOrderAnalysis): one row per India day and customer
 * type ('all' is the sum of 'new' and 'old'). A read model (read-models.ts): written by the
 * day-end for the day it closes and refreshed for today when a report asks, so a report reads
 * a few rows per day, never the book.
 */
export const reportDailyOrders = pgTable(
  'report_daily_orders',
  {
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    customerType: text('customer_type').$type<CustomerType>().notNull(),
    applications: integer('applications').notNull(),
    /** Machine review passed outright; `machineRefer`: passed on to people as a grey case. */
    machinePass: integer('machine_pass').notNull(),
    machineRefer: integer('machine_refer').notNull().default(0),
    machineReject: integer('machine_reject').notNull(),
    manualPass: integer('manual_pass').notNull(),
    manualReject: integer('manual_reject').notNull(),
    disbursedCount: integer('disbursed_count').notNull(),
    disbursedPaise: bigint('disbursed_paise', { mode: 'bigint' }).notNull(),
    netDisbursedPaise: bigint('net_disbursed_paise', { mode: 'bigint' }).notNull(),
    feePaise: bigint('fee_paise', { mode: 'bigint' }).notNull(),
    gstPaise: bigint('gst_paise', { mode: 'bigint' }).notNull(),
    repaymentCount: integer('repayment_count').notNull(),
    repaidPaise: bigint('repaid_paise', { mode: 'bigint' }).notNull(),
    cleared: integer('cleared').notNull(),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.businessDate, table.customerType] }),
    index('report_daily_orders_type_idx').on(table.customerType, table.businessDate),
  ],
);

/**
 * The due-date cohorts of /report/orderOverdue: loans due on a day, per customer type, and
 * how far they went overdue. A cohort keeps changing while its loans are open, so each night
 * recomputes the cohorts of its settling window (read-models.ts) as well as the closed day's.
 */
export const reportDueCohorts = pgTable(
  'report_due_cohorts',
  {
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    customerType: text('customer_type').$type<CustomerType>().notNull(),
    dueCount: integer('due_count').notNull(),
    dueAmountPaise: bigint('due_amount_paise', { mode: 'bigint' }).notNull(),
    firstDayOverdue: integer('first_day_overdue').notNull(),
    overdue1to7: integer('overdue_1_to_7').notNull(),
    overdue8plus: integer('overdue_8_plus').notNull(),
    recovered: integer('recovered').notNull(),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.dueDate, table.customerType] }),
    index('report_due_cohorts_type_idx').on(table.customerType, table.dueDate),
  ],
);
