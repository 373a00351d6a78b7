import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgSequence,
  pgTable,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { ledgerJournals } from '../ledger/tables.js';
import { loanOrders } from './loan-orders.table.js';

export const repaymentSerialSeq = pgSequence('repayment_serial_seq');

export type RepaymentType = 'normal' | 'renew' | 'full' | 'partial';

/**
 * Money received for an order (docs/product.md §3 repayment records: serial number, channel,
 * virtual account code, amounts; type normal, renew, full or partial). One credit per gateway
 * payment id and per idempotency key. The allocation is stored so a reversal restores exactly it.
 */
export const repayments = pgTable(
  'repayments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    serialNo: text('serial_no').notNull().unique(),
    orderId: integer('order_id')
      .notNull()
      .references(() => loanOrders.id),
    channel: text('channel').notNull(),
    virtualAccountCode: text('virtual_account_code'),
    amountPaise: bigint('amount_paise', { mode: 'bigint' }).notNull(),
    type: text('type').$type<RepaymentType>().notNull(),
    gatewayPaymentId: text('gateway_payment_id').unique(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    allocatedPrincipalPaise: bigint('allocated_principal_paise', { mode: 'bigint' }).notNull(),
    allocatedInterestPaise: bigint('allocated_interest_paise', { mode: 'bigint' }).notNull(),
    allocatedFeePaise: bigint('allocated_fee_paise', { mode: 'bigint' }).notNull(),
    allocatedGstPaise: bigint('allocated_gst_paise', { mode: 'bigint' }).notNull(),
    allocatedPenalPaise: bigint('allocated_penal_paise', { mode: 'bigint' }).notNull(),
    excessPaise: bigint('excess_paise', { mode: 'bigint' }).notNull(),
    journalId: bigint('journal_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerJournals.id),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    /** The day the money reached the lender (decision 0022); null: the business date. */
    valueDate: date('value_date', { mode: 'string' }),
    /** Set when the value date asked for was moved (to a fixed event's day). */
    requestedValueDate: date('requested_value_date', { mode: 'string' }),
    valueDateNote: text('value_date_note'),
    /** Overdue days on the value date with what was owed just before it (0: not overdue). */
    overdueDaysWhenPaid: integer('overdue_days_when_paid'),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull(),
    reversed: boolean('reversed').notNull().default(false),
    reversedAt: timestamp('reversed_at', { withTimezone: true, mode: 'date' }),
    reversalReason: text('reversal_reason'),
  },
  (table) => [
    check('repayments_type', sql`${table.type} in ('normal', 'renew', 'full', 'partial')`),
    check('repayments_amount_positive', sql`${table.amountPaise} > 0`),
    index('repayments_order_idx').on(table.orderId),
    // The repayment statement and the reports find a repayment from its ledger journal.
    index('repayments_journal_idx').on(table.journalId),
    // The repayment statement's reversal rows: only a reversed repayment's journal is undone.
    index('repayments_reversed_journal_idx')
      .on(table.journalId)
      .where(sql`${table.reversed}`),
    // Repayment records are filtered by value date and virtual account, and sorted by them.
    index('repayments_business_date_idx').on(table.businessDate, table.id),
    // The dashboard's repayments per day, summed from the index alone (decision 0085).
    index('repayments_standing_by_date_idx')
      .on(table.businessDate, table.amountPaise)
      .where(sql`not ${table.reversed}`),
    index('repayments_value_date_idx').on(table.valueDate, table.id),
    index('repayments_received_at_idx').on(table.receivedAt, table.id),
    index('repayments_virtual_account_idx').on(table.virtualAccountCode),
    // The overdue repayment list: repayments received on overdue orders, newest first.
    index('repayments_overdue_paid_idx')
      .on(table.valueDate, table.id)
      .where(sql`${table.overdueDaysWhenPaid} > 0`),
    // … and in its default order (newest id first): the index above serves a value-date range
    // or sort only, so the default page walked every repayment backwards (decision 0092).
    index('repayments_overdue_id_idx')
      .on(table.id)
      .where(sql`${table.overdueDaysWhenPaid} > 0`),
    // Overpayments: the excess over what cleared the order.
    index('repayments_excess_idx')
      .on(table.valueDate, table.id)
      .where(sql`${table.excessPaise} > 0`),
  ],
);

export type RepaymentRow = typeof repayments.$inferSelect;

/** Each renewal of a loan: what was paid and how the due date moved (spec: rollover data). */
export const rollovers = pgTable(
  'rollovers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => loanOrders.id),
    repaymentId: integer('repayment_id')
      .notNull()
      .references(() => repayments.id),
    rolloverNumber: integer('rollover_number').notNull(),
    fromDueDate: date('from_due_date', { mode: 'string' }).notNull(),
    toDueDate: date('to_due_date', { mode: 'string' }).notNull(),
    feePaise: bigint('fee_paise', { mode: 'bigint' }).notNull(),
    gstPaise: bigint('gst_paise', { mode: 'bigint' }).notNull(),
    interestPaise: bigint('interest_paise', { mode: 'bigint' }).notNull(),
    penalPaise: bigint('penal_paise', { mode: 'bigint' }).notNull(),
    totalPaise: bigint('total_paise', { mode: 'bigint' }).notNull(),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [unique('rollovers_order_number_key').on(table.orderId, table.rolloverNumber)],
);

export type RolloverRow = typeof rollovers.$inferSelect;
