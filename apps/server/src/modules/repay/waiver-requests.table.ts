import { sql } from 'drizzle-orm';
import {
  bigint,
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

/**
 * `lapsed`: the order stopped qualifying while the request waited (repaid, rolled over, written
 * off, ...): nobody decided it, and it can no longer be (decision 0054).
 */
export type WaiverRequestStatus = 'pending' | 'approved' | 'rejected' | 'lapsed';
/** What the maker asked to give away: a waiver (decision 0045) or a write-off (decision 0050). */
export type WaiverRequestKind = 'waiver' | 'writeOff';

/**
 * A waiver above the approval amount, or any write-off, waiting for a second person (decisions
 * 0045, 0050). The maker's call is kept as it was sent (a waiver's parts, or none for a
 * settlement or a write-off) and applied as that call when the checker approves; the checker
 * can never be the maker.
 */
export const waiverRequests = pgTable(
  'waiver_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').$type<WaiverRequestKind>().notNull().default('waiver'),
    orderId: integer('order_id')
      .notNull()
      .references(() => loanOrders.id),
    /** The maker's idempotency key: the same call again answers the same request. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** The parts asked for, paise per component as the API names them; null is a settlement. */
    amounts: jsonb('amounts').$type<Record<string, number>>(),
    /** What it waived when asked (a settlement or write-off: what clearing cost that day). */
    amountPaise: bigint('amount_paise', { mode: 'bigint' }).notNull(),
    reason: text('reason').notNull(),
    requestedBy: integer('requested_by').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'date' }).notNull(),
    status: text('status').$type<WaiverRequestStatus>().notNull().default('pending'),
    decidedBy: integer('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    /** Why it was rejected (the checker's words), or why it lapsed (the system's). */
    decisionReason: text('decision_reason'),
    /** The order event after which a lapsed request no longer qualified (decision 0054). */
    lapseEvent: text('lapse_event'),
    /** The checker's idempotency key: the same approval again answers the same result. */
    approvalKey: text('approval_key').unique(),
  },
  (table) => [
    check('waiver_requests_kind', sql`${table.kind} in ('waiver', 'writeOff')`),
    check(
      'waiver_requests_status',
      sql`${table.status} in ('pending', 'approved', 'rejected', 'lapsed')`,
    ),
    // A lapse is nobody's decision: no checker, and the event that ended it is named.
    check(
      'waiver_requests_lapse',
      sql`(${table.status} = 'lapsed') = (${table.lapseEvent} is not null) and (${table.status} <> 'lapsed' or ${table.decidedBy} is null)`,
    ),
    check(
      'waiver_requests_maker_checker',
      sql`${table.decidedBy} is null or ${table.decidedBy} <> ${table.requestedBy}`,
    ),
    // One request (waiver or write-off) waits per order at a time.
    uniqueIndex('waiver_requests_one_pending')
      .on(table.orderId)
      .where(sql`${table.status} = 'pending'`),
    index('waiver_requests_order_idx').on(table.orderId),
  ],
);
