import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { AssetClass, ClosureType, OrderEvent, OrderStatus } from '@lending/lending';
import { customers } from './customers.table.js';
import { loanProducts, type LoanProductKind } from './loan-products.table.js';
import type { KeyFactStatementJson, TermsJson } from './paise-json.js';

/** `LN` + India date + this sequence, zero-padded: human readable and unique. */
export const loanOrderNumberSeq = pgSequence('loan_order_number_seq');

/**
 * One loan application and, once disbursed, the loan. The status is the only state
 * (docs/domain.md); the money columns mirror the engine's `LoanBalances` and always equal the
 * ledger's receivable postings (the ledger check proves it). Overdue days, band and RBI class are
 * derived at day-end.
 */
export const loanOrders = pgTable(
  'loan_orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderNo: text('order_no').notNull().unique(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    productId: integer('product_id')
      .notNull()
      .references(() => loanProducts.id),
    productVersion: integer('product_version').notNull(),
    productKind: text('product_kind').$type<LoanProductKind>().notNull(),
    /** The engine's LoanProductTerms as they were when the order was made (paise as strings). */
    terms: jsonb('terms').$type<TermsJson>().notNull(),
    principalPaise: bigint('principal_paise', { mode: 'bigint' }).notNull(),
    processingFeePaise: bigint('processing_fee_paise', { mode: 'bigint' }).notNull(),
    gstOnFeePaise: bigint('gst_on_fee_paise', { mode: 'bigint' }).notNull(),
    netDisbursedPaise: bigint('net_disbursed_paise', { mode: 'bigint' }).notNull(),
    dueAmountPaise: bigint('due_amount_paise', { mode: 'bigint' }).notNull(),
    tenorDays: integer('tenor_days').notNull(),
    status: text('status').$type<OrderStatus>().notNull(),
    closureType: text('closure_type').$type<ClosureType>(),
    lastEvent: text('last_event').$type<OrderEvent>(),
    /** Key fact statement shown before acceptance, and the evidence of acceptance. */
    keyFacts: jsonb('key_facts').$type<KeyFactStatementJson>().notNull(),
    aprBasisPoints: integer('apr_basis_points').notNull(),
    kfsAcceptedAt: timestamp('kfs_accepted_at', { withTimezone: true, mode: 'date' }).notNull(),
    kfsChannel: text('kfs_channel').notNull(),
    kfsOtpReference: text('kfs_otp_reference').notNull(),
    /**
     * Set when the final review approved less than applied for: the key fact statement was
     * recomputed and the borrower has to accept it (OTP) before any payout; cleared then.
     */
    revisedKfsPendingSince: timestamp('revised_kfs_pending_since', {
      withTimezone: true,
      mode: 'date',
    }),
    /** Applicant features the risk rules read (device, bureau, app data…). */
    applicantFeatures: jsonb('applicant_features').$type<Record<string, unknown>>().notNull(),
    ruleSetVersion: integer('rule_set_version'),
    machineScore: integer('machine_score'),
    machineResult: text('machine_result').$type<'pass' | 'reject'>(),
    machineReviewedAt: timestamp('machine_reviewed_at', { withTimezone: true, mode: 'date' }),
    firstReviewerId: integer('first_reviewer_id'),
    firstReviewedAt: timestamp('first_reviewed_at', { withTimezone: true, mode: 'date' }),
    finalReviewerId: integer('final_reviewer_id'),
    finalReviewedAt: timestamp('final_reviewed_at', { withTimezone: true, mode: 'date' }),
    reason: text('reason'),
    // The loan, from the payout's processed date on (LoanBalances).
    disbursalDate: date('disbursal_date', { mode: 'string' }),
    dueDate: date('due_date', { mode: 'string' }),
    accruedThroughDate: date('accrued_through_date', { mode: 'string' }),
    /** Last business date whose day-end has processed this order (day-end progress). */
    dayEndDate: date('day_end_date', { mode: 'string' }),
    principalDisbursedPaise: bigint('principal_disbursed_paise', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    outstandingPrincipalPaise: bigint('outstanding_principal_paise', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    outstandingInterestPaise: bigint('outstanding_interest_paise', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    outstandingFeePaise: bigint('outstanding_fee_paise', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    outstandingGstPaise: bigint('outstanding_gst_paise', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    outstandingPenalPaise: bigint('outstanding_penal_paise', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    penalChargedPaise: bigint('penal_charged_paise', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** Paid beyond what was owed and not yet refunded (liability:customer_overpayment). */
    overpaidPaise: bigint('overpaid_paise', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    rolloverCount: integer('rollover_count').notNull().default(0),
    overdueDays: integer('overdue_days').notNull().default(0),
    overdueBand: text('overdue_band'),
    /** The asset class of the last day-end (RBI; asset-classification.ts), null before disbursal. */
    rbiClass: text('rbi_class').$type<AssetClass>(),
    /** The business date the order entered `rbiClass`. */
    classifiedDate: date('classified_date', { mode: 'string' }),
    /** First day past due, kept while anything is owed, through a rescheduling (RBI days past due). */
    overdueSince: date('overdue_since', { mode: 'string' }),
    /** Rolled over while already past due: a rescheduling (asset classification is not reset). */
    rescheduled: boolean('rescheduled').notNull().default(false),
    /** Interest and penal owed but held out of income (an NPA's, RBI income recognition). */
    suspenseInterestPaise: bigint('suspense_interest_paise', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    suspensePenalPaise: bigint('suspense_penal_paise', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    clearedDate: date('cleared_date', { mode: 'string' }),
    appliedAt: timestamp('applied_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    check(
      'loan_orders_outstanding_non_negative',
      sql`${table.outstandingPrincipalPaise} >= 0 and ${table.outstandingInterestPaise} >= 0 and ${table.outstandingFeePaise} >= 0 and ${table.outstandingGstPaise} >= 0 and ${table.outstandingPenalPaise} >= 0 and ${table.overpaidPaise} >= 0`,
    ),
    index('loan_orders_status_idx').on(table.status, table.id),
    // machinerReviewPass / Reject: the machine's decisions by result, newest first. Like the
    // due-date indexes below, nulls first, in listOrder's order (migration 0026).
    index('loan_orders_machine_result_idx').on(
      table.machineResult,
      table.machineReviewedAt.asc().nullsFirst(),
      table.id,
    ),
    // waitLoanList: the orders of one status in order of approval (nulls first, as above).
    index('loan_orders_status_final_reviewed_idx').on(
      table.status,
      table.finalReviewedAt.asc().nullsFirst(),
      table.id,
    ),
    // A customer's orders, in order: with the id in it, "a later order of this customer" (the
    // clearNotLoan list's test of each cleared order) is answered from the index alone.
    index('loan_orders_customer_idx').on(table.customerId, table.id),
    // machinerReviewPass / Reject without a result filter: every machine decision, newest
    // first (the index above leads with the result, so the list sorted the whole book: 5 s a
    // page at 200,000 orders, decision 0092).
    index('loan_orders_machine_decided_idx')
      .on(table.machineReviewedAt.asc().nullsFirst(), table.id)
      .where(sql`${table.machineResult} is not null`),
    // Nulls first, as listOrder sorts a nullable column ascending (and nulls last descending, this
    // index read backwards): a list sorted by due date reads its page from the index in order
    // instead of sorting every order (an order has no due date until it is disbursed).
    index('loan_orders_due_date_idx').on(table.dueDate.asc().nullsFirst(), table.id),
    // /order/orderList: its default order (newest applied first), each filter with that order,
    // and the other sorts and ranges (decision 0024: a list is backed by indexes for its filters).
    index('loan_orders_applied_at_idx').on(table.appliedAt, table.id),
    index('loan_orders_status_applied_idx').on(table.status, table.appliedAt),
    index('loan_orders_product_applied_idx').on(table.productId, table.appliedAt),
    index('loan_orders_kind_applied_idx').on(table.productKind, table.appliedAt),
    index('loan_orders_disbursal_date_idx').on(table.disbursalDate),
    // The reports' daily figures count the loans cleared on a day.
    index('loan_orders_cleared_date_idx').on(table.clearedDate),
    // /order/clearNotLoan: cleared orders, newest clearing first (listOrder's order read
    // backwards), so a page reads its rows in order instead of grouping the book (decision 0092).
    index('loan_orders_cleared_list_idx')
      .on(table.clearedDate.asc().nullsFirst(), table.id)
      .where(sql`${table.status} = 'CLEARED'`),
    // /order/collectionOrder: overdue orders by overdue days (band filters are day ranges).
    index('loan_orders_status_overdue_days_idx').on(table.status, table.overdueDays),
    index('loan_orders_principal_idx').on(table.principalPaise),
    // The repayment plan lists only orders with money owing, by due date or overdue days.
    index('loan_orders_owing_due_idx')
      .on(table.dueDate.asc().nullsFirst(), table.id)
      .where(sql`${table.status} in ('ACTIVE', 'DUE', 'OVERDUE')`),
    index('loan_orders_owing_overdue_idx')
      .on(table.overdueDays, table.id)
      .where(sql`${table.status} in ('ACTIVE', 'DUE', 'OVERDUE')`),
    // Lists filtered by asset class, and the borrower-level pass of the day-end (the NPA
    // borrowers' loans): only the loans that owe, so the standard book's updates stay heap-only.
    index('loan_orders_owing_class_idx')
      .on(table.rbiClass, table.customerId)
      .where(sql`${table.status} in ('ACTIVE', 'DUE', 'OVERDUE')`),
    index('loan_orders_rescheduled_idx')
      .on(table.id)
      .where(sql`${table.rescheduled}`),
    // The dashboard's loans due per day and how many are overdue, from the index alone (decision
    // 0085). No outstanding amount in it: the day-end changes those on every loan every night.
    index('loan_orders_disbursed_due_idx')
      .on(table.dueDate, table.status, table.dueAmountPaise)
      .where(sql`${table.disbursalDate} is not null`),
  ],
);

export type LoanOrderRow = typeof loanOrders.$inferSelect;

/** Every status change of an order: from, to, event, who (null = the system), when, why. */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => loanOrders.id),
    fromStatus: text('from_status').$type<OrderStatus>(),
    toStatus: text('to_status').$type<OrderStatus>().notNull(),
    event: text('event').notNull(),
    actorId: integer('actor_id'),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    reason: text('reason'),
  },
  (table) => [
    index('order_status_history_order_idx').on(table.orderId, table.id),
    // The reports' daily figures count the day's review decisions.
    index('order_status_history_at_idx').on(table.at),
    // The dashboard's approvals per day, counted from the index alone (decision 0085).
    index('order_status_history_final_pass_idx')
      .on(table.at, table.orderId)
      .where(sql`${table.event} = 'finalPass'`),
  ],
);

export type OrderStatusHistoryRow = typeof orderStatusHistory.$inferSelect;

/**
 * Every change of an order's asset class (RBI SMA/NPA): from, to, the business date of the
 * day-end (or command) that made it, the days past due then, and why.
 */
export const assetClassHistory = pgTable(
  'asset_class_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => loanOrders.id),
    customerId: integer('customer_id').notNull(),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    fromClass: text('from_class').$type<AssetClass>(),
    toClass: text('to_class').$type<AssetClass>().notNull(),
    daysPastDue: integer('days_past_due').notNull(),
    /**
     * daysPastDue, borrowerNpa (another loan of the borrower), arrearsPaid, paid, rescheduled,
     * valueDated (the contract's assetClassReasonSchema).
     */
    reason: text('reason').notNull(),
    /** The order whose NPA pulled this one in (reason borrowerNpa). */
    causeOrderId: integer('cause_order_id'),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    index('asset_class_history_order_idx').on(table.orderId, table.id),
    index('asset_class_history_date_idx').on(table.businessDate),
  ],
);

export type AssetClassHistoryRow = typeof assetClassHistory.$inferSelect;
