import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { borrowerAccounts } from '../borrower-app/tables.js';
import { customers } from '../loan-book/tables.js';
import { staffUsers } from '../user/tables.js';

export type LeadSourceColumn = 'regNotLoan' | 'clearNotLoan' | 'rejectReapply' | 'imported';
export type CallOutcomeColumn = 'promise' | 'connected' | 'notConnected';
export type CallRefusalColumn = 'outsideHours' | 'callCap';

/**
 * One phone on the telemarketing call list (decision 0040): who it is (the app account or the
 * loan-book customer), why it is there, who holds it, and its calls summed up for the list.
 * The phone is copied in because a registered-only user has no customer yet; it is shown
 * masked and revealed only through the audited telemarketing.lead_phone.
 */
export const telemarketingLeads = pgTable(
  'telemarketing_leads',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    phone: text('phone').notNull(),
    source: text('source').$type<LeadSourceColumn>().notNull(),
    borrowerAccountId: integer('borrower_account_id').references(() => borrowerAccounts.id),
    customerId: integer('customer_id').references(() => customers.id),
    /**
     * Registration date (regNotLoan), the last loan's clearing date (clearNotLoan), or the first
     * day a rejected borrower may apply again (rejectReapply, decision 0075), or the India day
     * the phone was imported from .xlsx (imported, decision 0080).
     */
    sinceDate: date('since_date', { mode: 'string' }).notNull(),
    telemarketerId: integer('telemarketer_id').references(() => staffUsers.id),
    assignedAt: timestamp('assigned_at', { withTimezone: true, mode: 'date' }),
    /** The India date of the assignment: the rate report's cohort. */
    assignedDate: date('assigned_date', { mode: 'string' }),
    assignedBy: integer('assigned_by').references(() => staffUsers.id),
    lastOutcome: text('last_outcome').$type<CallOutcomeColumn>(),
    calls: integer('calls').notNull().default(0),
    lastCallAt: timestamp('last_call_at', { withTimezone: true, mode: 'date' }),
    nextCallDate: date('next_call_date', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    check(
      'telemarketing_leads_source',
      sql`${table.source} in ('regNotLoan', 'clearNotLoan', 'rejectReapply', 'imported')`,
    ),
    uniqueIndex('telemarketing_leads_phone_key').on(table.phone),
    index('telemarketing_leads_telemarketer_idx').on(table.telemarketerId, table.nextCallDate),
    index('telemarketing_leads_assigned_date_idx').on(table.assignedDate, table.telemarketerId),
    index('telemarketing_leads_customer_idx').on(table.customerId),
    index('telemarketing_leads_account_idx').on(table.borrowerAccountId),
    // leadList: newest leads first, its default order (decision 0092).
    index('telemarketing_leads_since_idx').on(table.sinceDate, table.id),
  ],
);

/**
 * Each call a telemarketer made to a lead, or an attempt the server refused: outside the
 * calling hours in force (no outcome, the refusal and the hours then in force; decision 0057)
 * or past the number's daily call cap (no outcome and no hours; decision 0063).
 * Append-only. A refused attempt is no call: the lead's summary and the rate report skip it.
 */
export const telemarketingCalls = pgTable(
  'telemarketing_calls',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    leadId: integer('lead_id')
      .notNull()
      .references(() => telemarketingLeads.id),
    telemarketerId: integer('telemarketer_id')
      .notNull()
      .references(() => staffUsers.id),
    outcome: text('outcome').$type<CallOutcomeColumn>(),
    remarks: text('remarks').notNull(),
    nextCallDate: date('next_call_date', { mode: 'string' }),
    refused: boolean('refused').notNull().default(false),
    refusal: text('refusal').$type<CallRefusalColumn>(),
    /** The calling hours in force when it was refused, "08:00–19:00". */
    refusalHours: text('refusal_hours'),
    indiaDate: date('india_date', { mode: 'string' }).notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    check(
      'telemarketing_calls_outcome',
      sql`(not ${table.refused} and ${table.outcome} in ('promise', 'connected', 'notConnected')
        and ${table.refusal} is null and ${table.refusalHours} is null)
        or (${table.refused} and ${table.outcome} is null
        and ((${table.refusal} = 'outsideHours' and ${table.refusalHours} is not null)
        or (${table.refusal} = 'callCap' and ${table.refusalHours} is null)))`,
    ),
    index('telemarketing_calls_lead_idx').on(table.leadId, table.at),
    index('telemarketing_calls_telemarketer_idx').on(table.telemarketerId, table.indiaDate),
    index('telemarketing_calls_date_idx').on(table.indiaDate),
    // checkList: newest calls first, its default order (decision 0092).
    index('telemarketing_calls_at_idx').on(table.at, table.id),
  ],
);
