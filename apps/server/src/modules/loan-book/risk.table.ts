import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { loanOrders } from './loan-orders.table.js';

/**
 * Versioned rule sets: rules are edited in a draft version and enabled as a whole; one version
 * is enabled at a time and an order pins the version it was judged with.
 */
export const riskRuleSets = pgTable(
  'risk_rule_sets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    version: integer('version').notNull().unique(),
    status: text('status').$type<'draft' | 'enabled' | 'retired'>().notNull(),
    /** Total soft score above which machine review rejects. */
    rejectScoreAbove: integer('reject_score_above').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    enabledAt: timestamp('enabled_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    check('risk_rule_sets_status', sql`${table.status} in ('draft', 'enabled', 'retired')`),
    uniqueIndex('risk_rule_sets_one_enabled')
      .on(table.status)
      .where(sql`${table.status} = 'enabled'`),
  ],
);

export type RiskOperator = '>' | '>=' | '<' | '<=' | '==' | '!=' | 'in' | 'notIn';

/** Spec §3 risk rule labels: rule name, class name, field name, expression, comparison value, score, weight, level, enable. */
export const riskRules = pgTable(
  'risk_rules',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ruleSetId: integer('rule_set_id')
      .notNull()
      .references(() => riskRuleSets.id),
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
  (table) => [uniqueIndex('risk_rule_results_order_rule_key').on(table.orderId, table.ruleId)],
);

export type RiskRuleRow = typeof riskRules.$inferSelect;
export type RiskRuleSetRow = typeof riskRuleSets.$inferSelect;
