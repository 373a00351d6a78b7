import { sql } from 'drizzle-orm';
import {
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

/** A threshold override of one version: for one product (null: all) and new/old customers. */
export interface RiskThresholdOverrideJson {
  productId: number | null;
  customerType: 'any' | 'new' | 'old';
  rejectBelow: number;
  passAbove: number;
}

/**
 * Versioned rule sets: rules are edited in a draft version and published as a whole; one
 * version is published (`enabled`) at a time and an order pins the version it was judged with.
 * The machine score is `baseScore` minus the weighted scores of the rules hit; below
 * `rejectBelow` rejects, above `passAbove` passes, between refers (decision 0037).
 */
export const riskRuleSets = pgTable(
  'risk_rule_sets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    version: integer('version').notNull().unique(),
    status: text('status').$type<'draft' | 'enabled' | 'retired'>().notNull(),
    baseScore: integer('base_score').notNull().default(100),
    rejectBelow: integer('reject_below').notNull(),
    passAbove: integer('pass_above').notNull(),
    overrides: jsonb('overrides').$type<RiskThresholdOverrideJson[]>().notNull().default([]),
    /** Bumped by every edit of a draft; a back-test is current only for the revision it ran on. */
    revision: integer('revision').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdBy: integer('created_by'),
    enabledAt: timestamp('enabled_at', { withTimezone: true, mode: 'date' }),
    enabledBy: integer('enabled_by'),
  },
  (table) => [
    check('risk_rule_sets_status', sql`${table.status} in ('draft', 'enabled', 'retired')`),
    check('risk_rule_sets_thresholds', sql`${table.rejectBelow} <= ${table.passAbove}`),
    uniqueIndex('risk_rule_sets_one_enabled')
      .on(table.status)
      .where(sql`${table.status} = 'enabled'`),
    uniqueIndex('risk_rule_sets_one_draft')
      .on(table.status)
      .where(sql`${table.status} = 'draft'`),
  ],
);

export type RiskOperator = '>' | '>=' | '<' | '<=' | '==' | '!=' | 'in' | 'notIn';

/** Risk rule labels: rule name, class name, field name, expression, comparison value, score, weight, level, enable. */
export const riskRules = pgTable(
  'risk_rules',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ruleSetId: integer('rule_set_id')
      .notNull()
      .references(() => riskRuleSets.id),
    /** Stable across versions (a copied rule keeps it): hit rates and analysis group by it. */
    ruleCode: text('rule_code').notNull(),
    ruleName: text('rule_name').notNull(),
    className: text('class_name').notNull(),
    fieldName: text('field_name').notNull(),
    expression: text('expression').$type<RiskOperator>().notNull(),
    comparisonValue: text('comparison_value').notNull(),
    score: integer('score').notNull(),
    weight: integer('weight').notNull().default(1),
    level: text('level').$type<'hard' | 'soft'>().notNull(),
    enable: boolean('enable').notNull().default(true),
  },
  (table) => [
    check('risk_rules_level', sql`${table.level} in ('hard', 'soft')`),
    check(
      'risk_rules_expression',
      sql`${table.expression} in ('>', '>=', '<', '<=', '==', '!=', 'in', 'notIn')`,
    ),
    index('risk_rules_set_idx').on(table.ruleSetId),
    uniqueIndex('risk_rules_set_code_key').on(table.ruleSetId, table.ruleCode),
    index('risk_rules_code_idx').on(table.ruleCode),
  ],
);

/** What each rule of the pinned version found for one order. */
export const riskRuleResults = pgTable(
  'risk_rule_results',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => loanOrders.id),
    ruleId: integer('rule_id')
      .notNull()
      .references(() => riskRules.id),
    value: text('value'),
    hit: boolean('hit').notNull(),
    score: integer('score').notNull(),
  },
  (table) => [
    uniqueIndex('risk_rule_results_order_rule_key').on(table.orderId, table.ruleId),
    index('risk_rule_results_rule_idx').on(table.ruleId, table.hit),
  ],
);

/**
 * One machine decision per order: the version and thresholds it used, the score, the checks of
 * riskConfig that refused it, and the features the rules read (a back-test replays these).
 */
export const riskDecisions = pgTable(
  'risk_decisions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .unique()
      .references(() => loanOrders.id),
    ruleSetId: integer('rule_set_id').references(() => riskRuleSets.id),
    version: integer('version'),
    score: integer('score').notNull(),
    rejectBelow: integer('reject_below').notNull(),
    passAbove: integer('pass_above').notNull(),
    decision: text('decision').$type<'pass' | 'refer' | 'reject'>().notNull(),
    /** riskConfig checks that refused the application (`blacklist:phone`, `maxOpenLoans`…). */
    checksFailed: jsonb('checks_failed').$type<string[]>().notNull().default([]),
    /** The id of the first hard rule that hit, if any. */
    firstRefusingRuleId: integer('first_refusing_rule_id'),
    features: jsonb('features').$type<Record<string, unknown>>().notNull(),
    productId: integer('product_id').notNull(),
    customerType: text('customer_type').$type<'new' | 'old'>().notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    check('risk_decisions_decision', sql`${table.decision} in ('pass', 'refer', 'reject')`),
    index('risk_decisions_decided_at_idx').on(table.decidedAt, table.id),
    index('risk_decisions_rule_set_idx').on(table.ruleSetId),
  ],
);

/** A draft run over past applications' feature snapshots (`result` is the contract's shape). */
export const riskBacktests = pgTable(
  'risk_backtests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ruleSetId: integer('rule_set_id')
      .notNull()
      .references(() => riskRuleSets.id),
    revision: integer('revision').notNull(),
    days: integer('days').notNull(),
    ranAt: timestamp('ran_at', { withTimezone: true, mode: 'date' }).notNull(),
    ranBy: integer('ran_by'),
    evaluated: integer('evaluated').notNull(),
    changed: integer('changed').notNull(),
    result: jsonb('result').$type<Record<string, unknown>>().notNull(),
  },
  (table) => [index('risk_backtests_set_idx').on(table.ruleSetId, table.id)],
);

/** riskConfig: one row (id 1) of global settings machine review applies before the rules. */
export const riskSettings = pgTable('risk_settings', {
  id: integer('id').primaryKey(),
  blacklistCheck: boolean('blacklist_check').notNull().default(true),
  maxOpenLoans: integer('max_open_loans').notNull().default(1),
  reapplyDaysAfterRejection: integer('reapply_days_after_rejection').notNull().default(0),
  duplicateDeviceCheck: boolean('duplicate_device_check').notNull().default(false),
  duplicatePhoneCheck: boolean('duplicate_phone_check').notNull().default(true),
  duplicatePanCheck: boolean('duplicate_pan_check').notNull().default(true),
  duplicateBankAccountCheck: boolean('duplicate_bank_account_check').notNull().default(false),
  minAge: integer('min_age').notNull().default(21),
  maxAge: integer('max_age').notNull().default(60),
  allowedRegions: jsonb('allowed_regions').$type<string[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }),
  updatedBy: integer('updated_by'),
});

export type BlacklistKind = 'phone' | 'pan' | 'device' | 'bankAccount';

/**
 * /toolMage/blacklist: a phone, PAN, device id or bank account that machine review refuses.
 * Removal keeps the row (removed_at, by whom, why); one active entry per kind and value.
 */
export const riskBlacklist = pgTable(
  'risk_blacklist',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').$type<BlacklistKind>().notNull(),
    /** Normalised: 10-digit phone, upper-case PAN, device id as sent, account digits. */
    value: text('value').notNull(),
    reason: text('reason').notNull(),
    source: text('source').$type<'manual' | 'rejectionCode' | 'fraud'>().notNull(),
    addedBy: integer('added_by'),
    addedAt: timestamp('added_at', { withTimezone: true, mode: 'date' }).notNull(),
    removedAt: timestamp('removed_at', { withTimezone: true, mode: 'date' }),
    removedBy: integer('removed_by'),
    removeReason: text('remove_reason'),
    hits: integer('hits').notNull().default(0),
  },
  (table) => [
    check('risk_blacklist_kind', sql`${table.kind} in ('phone', 'pan', 'device', 'bankAccount')`),
    check('risk_blacklist_source', sql`${table.source} in ('manual', 'rejectionCode', 'fraud')`),
    uniqueIndex('risk_blacklist_active_key')
      .on(table.kind, table.value)
      .where(sql`${table.removedAt} is null`),
    index('risk_blacklist_added_idx').on(table.addedAt, table.id),
  ],
);

export type RiskRuleRow = typeof riskRules.$inferSelect;
export type RiskRuleSetRow = typeof riskRuleSets.$inferSelect;
export type RiskDecisionRow = typeof riskDecisions.$inferSelect;
export type RiskSettingsRow = typeof riskSettings.$inferSelect;
