import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { loanOrders } from '../loan-book/tables.js';
import { staffUsers } from '../user/tables.js';

export type CaseKind = 'pre' | 'collection';
export type CaseStatus = 'open' | 'finished' | 'closed';
export type DispatchMode = 'leastLoaded' | 'roundRobin' | 'ratio';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A collection (or pre-collection) group: the stages it takes and how it deals cases out. */
export const recoveryGroups = pgTable(
  'recovery_groups',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').$type<CaseKind>().notNull(),
    name: text('name').notNull(),
    stages: jsonb('stages').$type<string[]>().notNull(),
    dailyCap: integer('daily_cap').notNull(),
    dispatchMode: text('dispatch_mode').$type<DispatchMode>().notNull(),
    keepDays: integer('keep_days').notNull(),
    active: boolean('active').notNull().default(true),
    /** Round-robin: the member that took the last case. */
    lastCollectorId: integer('last_collector_id'),
    /**
     * After this many of the holder's promises on a case broke, the day-end re-dispatches it
     * (0: never); null: the operations setting `recovery_broken_promise_limit` (decision 0066).
     */
    brokenPromiseLimit: integer('broken_promise_limit'),
    createdAt: ts('created_at').notNull(),
  },
  (table) => [
    check('recovery_groups_kind', sql`${table.kind} in ('pre', 'collection')`),
    check(
      'recovery_groups_broken_promise_limit',
      sql`${table.brokenPromiseLimit} between 0 and 10`,
    ),
    uniqueIndex('recovery_groups_name_idx').on(table.kind, table.name),
  ],
);

/** A staff member working cases: one group, on duty or not, a daily cap and a ratio weight. */
export const recoveryCollectors = pgTable(
  'recovery_collectors',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => staffUsers.id),
    groupId: integer('group_id')
      .notNull()
      .references(() => recoveryGroups.id),
    onDuty: boolean('on_duty').notNull().default(true),
    dailyCap: integer('daily_cap'),
    weight: integer('weight').notNull().default(1),
    createdAt: ts('created_at').notNull(),
  },
  (table) => [index('recovery_collectors_group_idx').on(table.groupId)],
);

/** One case: an order worked before its due date (pre) or while overdue (collection). */
export const recoveryCases = pgTable(
  'recovery_cases',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').$type<CaseKind>().notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => loanOrders.id),
    status: text('status').$type<CaseStatus>().notNull().default('open'),
    outcome: text('outcome'),
    stage: text('stage').notNull(),
    /** The order's due date when the case opened: a rollover moves it and closes a pre case. */
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    collectorId: integer('collector_id').references(() => staffUsers.id),
    groupId: integer('group_id').references(() => recoveryGroups.id),
    undispatchedReason: text('undispatched_reason'),
    assignedAt: ts('assigned_at'),
    /** India date the assignment lapses (the group's keep days); then the case is re-dispatched. */
    keepUntil: date('keep_until', { mode: 'string' }),
    owedAtAssignmentPaise: bigint('owed_at_assignment_paise', { mode: 'bigint' }).notNull(),
    followStatus: text('follow_status'),
    lastContactAt: ts('last_contact_at'),
    followUps: integer('follow_ups').notNull().default(0),
    /** The collector's order of work: 0 promise due today, 1 broken promise not yet followed up, 2 the rest. */
    priority: integer('priority').notNull().default(2),
    openedDate: date('opened_date', { mode: 'string' }).notNull(),
    openedAt: ts('opened_at').notNull(),
    closedAt: ts('closed_at'),
    /** Money received on the order while the case was open, fixed when it closes. */
    recoveredPaise: bigint('recovered_paise', { mode: 'bigint' }),
    version: integer('version').notNull().default(0),
  },
  (table) => [
    check('recovery_cases_kind', sql`${table.kind} in ('pre', 'collection')`),
    check('recovery_cases_status', sql`${table.status} in ('open', 'finished', 'closed')`),
    // One open case per order and kind.
    uniqueIndex('recovery_cases_open_idx')
      .on(table.orderId, table.kind)
      .where(sql`${table.status} = 'open'`),
    index('recovery_cases_kind_status_idx').on(table.kind, table.status, table.id),
    index('recovery_cases_collector_idx').on(table.collectorId, table.status, table.priority),
    index('recovery_cases_group_idx').on(table.groupId, table.status),
    index('recovery_cases_order_idx').on(table.orderId),
  ],
);

/** Every move of a case: opened, dispatched, taken back, moved, re-staged, closed. */
export const recoveryCaseMoves = pgTable(
  'recovery_case_moves',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    caseId: integer('case_id')
      .notNull()
      .references(() => recoveryCases.id),
    reason: text('reason').notNull(),
    fromCollectorId: integer('from_collector_id'),
    toCollectorId: integer('to_collector_id'),
    fromStage: text('from_stage'),
    toStage: text('to_stage'),
    actorId: integer('actor_id'),
    note: text('note'),
    /** What the order owed when the case entered `toStage` (opened, stageChange): the stage flow's base. */
    owedPaise: bigint('owed_paise', { mode: 'bigint' }),
    at: ts('at').notNull(),
  },
  (table) => [
    index('recovery_case_moves_case_idx').on(table.caseId, table.id),
    index('recovery_case_moves_to_idx').on(table.toCollectorId, table.at),
  ],
);

/** A contact with the borrower, or an attempt the conduct guard refused. */
export const recoveryFollowUps = pgTable(
  'recovery_follow_ups',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    caseId: integer('case_id')
      .notNull()
      .references(() => recoveryCases.id),
    collectorId: integer('collector_id'),
    channel: text('channel').notNull(),
    result: text('result'),
    detailCode: text('detail_code'),
    promiseDate: date('promise_date', { mode: 'string' }),
    promisePaise: bigint('promise_paise', { mode: 'bigint' }),
    remarks: text('remarks'),
    refused: boolean('refused').notNull().default(false),
    refusal: text('refusal'),
    indiaDate: date('india_date', { mode: 'string' }).notNull(),
    at: ts('at').notNull(),
  },
  (table) => [
    index('recovery_follow_ups_case_idx').on(table.caseId, table.indiaDate),
    index('recovery_follow_ups_collector_idx').on(table.collectorId, table.indiaDate),
  ],
);

/** A promise to pay (one per promise follow-up, 2–4 for an instalment plan). */
export const recoveryPromises = pgTable(
  'recovery_promises',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    caseId: integer('case_id')
      .notNull()
      .references(() => recoveryCases.id),
    followUpId: integer('follow_up_id').references(() => recoveryFollowUps.id),
    collectorId: integer('collector_id'),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    amountPaise: bigint('amount_paise', { mode: 'bigint' }).notNull(),
    /** Money the order must have received since `madeAt` for this promise to be kept. */
    cumulativePaise: bigint('cumulative_paise', { mode: 'bigint' }).notNull(),
    instalment: integer('instalment'),
    status: text('status').notNull().default('open'),
    madeAt: ts('made_at').notNull(),
    settledAt: ts('settled_at'),
  },
  (table) => [
    index('recovery_promises_case_idx').on(table.caseId),
    index('recovery_promises_open_idx').on(table.status, table.dueDate),
  ],
);
