import { sql } from 'drizzle-orm';
import { bigint, boolean, check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export type LoanProductKind = 'first' | 'reloan';
export type LoanProductStatus = 'available' | 'unavailable';

/**
 * Loan configuration for first loans and re-loans (docs/product.md §3: period, limit min/max,
 * service fee rate, interest rate, overdue fee rate, config status), mapped 1:1 onto the engine's
 * `LoanProductTerms`. Each save bumps `version`; an order snapshots the terms it was made with.
 */
export const loanProducts = pgTable(
  'loan_products',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').$type<LoanProductKind>().notNull(),
    name: text('name').notNull(),
    version: integer('version').notNull().default(1),
    status: text('status').$type<LoanProductStatus>().notNull().default('available'),
    tenorDays: integer('tenor_days').notNull(),
    minPrincipalPaise: bigint('min_principal_paise', { mode: 'bigint' }).notNull(),
    maxPrincipalPaise: bigint('max_principal_paise', { mode: 'bigint' }).notNull(),
    processingFeePpm: integer('processing_fee_ppm').notNull(),
    gstPpm: integer('gst_ppm').notNull(),
    interestPerDayPpm: integer('interest_per_day_ppm').notNull(),
    penalPerDayPaise: bigint('penal_per_day_paise', { mode: 'bigint' }),
    penalPerDayPpm: integer('penal_per_day_ppm'),
    penalCapPpm: integer('penal_cap_ppm').notNull(),
    rolloverFeePpm: integer('rollover_fee_ppm').notNull(),
    rolloverDays: integer('rollover_days').notNull(),
    maxRollovers: integer('max_rollovers').notNull(),
    allowOverdueRollover: boolean('allow_overdue_rollover').notNull(),
    coolingOffDays: integer('cooling_off_days'),
    allocationOrder: text('allocation_order').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedBy: integer('updated_by'),
  },
  (table) => [
    check('loan_products_kind', sql`${table.kind} in ('first', 'reloan')`),
    check('loan_products_status', sql`${table.status} in ('available', 'unavailable')`),
    check(
      'loan_products_penal_one_of',
      sql`(${table.penalPerDayPaise} is null) <> (${table.penalPerDayPpm} is null)`,
    ),
    check(
      'loan_products_limits',
      sql`${table.minPrincipalPaise} > 0 and ${table.maxPrincipalPaise} >= ${table.minPrincipalPaise}`,
    ),
  ],
);

export type LoanProductRow = typeof loanProducts.$inferSelect;
