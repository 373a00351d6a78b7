import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Staff and system actions of the loan book (who, when, what, before/after), written in the
 * same transaction as the change. The permissions issue will unify the audit trail.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    actorId: integer('actor_id'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('audit_events_target_idx').on(table.targetType, table.targetId)],
);

/**
 * Results of money-moving commands by idempotency key: a replay with the same key and payload
 * returns the stored result; the same key with another payload is refused.
 */
export const idempotencyRecords = pgTable('idempotency_records', {
  key: text('key').primaryKey(),
  command: text('command').notNull(),
  requestHash: text('request_hash').notNull(),
  result: jsonb('result'),
  at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
});
