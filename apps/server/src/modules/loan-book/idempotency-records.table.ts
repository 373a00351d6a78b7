import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
