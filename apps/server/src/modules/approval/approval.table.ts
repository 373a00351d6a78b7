import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { loanOrders } from '../loan-book/tables.js';

export type ReviewStage = 'first' | 'final';
export type ReviewDecision = 'pass' | 'reject' | 'sendBack';

/** /approve/reviewGroup: who reviews what (stage, products, new/old customers), with a daily cap. */
export const reviewGroups = pgTable(
  'review_groups',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull().unique(),
    stage: text('stage').$type<ReviewStage>().notNull(),
    /** Loan products the group reviews; empty = every product. */
    productIds: integer('product_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    customerType: text('customer_type').$type<'new' | 'old' | 'all'>().notNull().default('all'),
    /** Orders one reviewer of the group is given per India day. */
    dailyCap: integer('daily_cap').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    check('review_groups_stage', sql`${table.stage} in ('first', 'final')`),
    check('review_groups_customer_type', sql`${table.customerType} in ('new', 'old', 'all')`),
  ],
);

/** /approve/reviewerManage: a staff account that reviews, its group, duty and own cap. */
export const reviewers = pgTable(
  'reviewers',
  {
    /** The staff account (staff_users.id). */
    userId: integer('user_id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => reviewGroups.id),
    onDuty: boolean('on_duty').notNull().default(true),
    /** The reviewer's own daily cap; null = the group's. */
    dailyCap: integer('daily_cap'),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('reviewers_group_idx').on(table.groupId)],
);

/** /approve/approvalRejection: rejection codes and what a rejection with one does. */
export const rejectionCodes = pgTable(
  'rejection_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull().unique(),
    textEn: text('text_en').notNull(),
    textZh: text('text_zh').notNull(),
    stage: text('stage').$type<'machine' | 'first' | 'final' | 'any'>().notNull(),
    /** Days before the customer may apply again (0 = at once). */
    reapplyAfterDays: integer('reapply_after_days').notNull().default(0),
    /** Adds the customer to the blacklist (the risk screens' list reads this flag). */
    blacklist: boolean('blacklist').notNull().default(false),
    borrowerMessage: text('borrower_message').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    check('rejection_codes_stage', sql`${table.stage} in ('machine', 'first', 'final', 'any')`),
  ],
);

/**
 * One piece of review work: an order at a stage, its assigned reviewer, and (once decided) the
 * decision. At most one open task per order and stage; a decided task is the decision record
 * reviewList reads.
 */
export const reviewTasks = pgTable(
  'review_tasks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => loanOrders.id),
    stage: text('stage').$type<ReviewStage>().notNull(),
    reviewerId: integer('reviewer_id'),
    queuedAt: timestamp('queued_at', { withTimezone: true, mode: 'date' }).notNull(),
    assignedAt: timestamp('assigned_at', { withTimezone: true, mode: 'date' }),
    /** How the task reached its reviewer: auto, manual (reassigned), picked (by the first reviewer). */
    assignedBy: text('assigned_by').$type<'auto' | 'manual' | 'picked'>(),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    decidedBy: integer('decided_by'),
    decision: text('decision').$type<ReviewDecision>(),
    rejectionCodeId: integer('rejection_code_id').references(() => rejectionCodes.id),
    remarks: text('remarks'),
    checklist: jsonb('checklist').$type<Record<string, boolean>>(),
    /** Final pass: the amount approved (≤ applied). */
    approvedPrincipalPaise: bigint('approved_principal_paise', { mode: 'bigint' }),
  },
  (table) => [
    check('review_tasks_stage', sql`${table.stage} in ('first', 'final')`),
    uniqueIndex('review_tasks_one_open')
      .on(table.orderId, table.stage)
      .where(sql`${table.decidedAt} is null`),
    index('review_tasks_reviewer_open_idx').on(table.reviewerId, table.decidedAt),
    // The decided reviews of a stage by decision, newest first, nulls first in listOrder's order.
    index('review_tasks_stage_decided_idx').on(
      table.stage,
      table.decision,
      table.decidedAt.asc().nullsFirst(),
      table.id,
    ),
    index('review_tasks_order_idx').on(table.orderId),
    // The review queue's default order (oldest queued first), and the decision list's (newest
    // decided first, listOrder's nulls-last read backwards) over every stage (decision 0092).
    index('review_tasks_queued_idx').on(table.queuedAt, table.id),
    // The reviewer list's figures per reviewer: decided and passed ever, decided today, from
    // the index alone instead of every task of the book (1.5 s a page at 200,000 orders).
    index('review_tasks_decided_by_idx').on(table.decidedBy, table.decision),
    index('review_tasks_decided_by_at_idx').on(table.decidedBy, table.decidedAt),
    index('review_tasks_open_queued_idx')
      .on(table.queuedAt, table.id)
      .where(sql`${table.decidedAt} is null`),
    index('review_tasks_decided_idx')
      .on(table.decidedAt.asc().nullsFirst(), table.id)
      .where(sql`${table.decidedAt} is not null`),
  ],
);

/** A machine rejection referred to people: who, why (a rejection code as the reason), when. */
export const machineReferrals = pgTable('machine_referrals', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  orderId: integer('order_id')
    .notNull()
    .references(() => loanOrders.id)
    .unique(),
  reasonCode: text('reason_code').notNull(),
  remarks: text('remarks').notNull(),
  referredBy: integer('referred_by').notNull(),
  at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
});

export type ReviewTaskRow = typeof reviewTasks.$inferSelect;
export type ReviewGroupRow = typeof reviewGroups.$inferSelect;
export type RejectionCodeRow = typeof rejectionCodes.$inferSelect;
