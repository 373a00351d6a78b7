import type { LoginFailureReason } from '@lending/contract';
import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { staffUsers } from './staff-users.table.js';

export type { LoginFailureReason };

/** Every sign-in attempt: the throttle counts from here and the login log screen lists it. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    userId: integer('user_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    success: boolean('success').notNull(),
    failureReason: text('failure_reason').$type<LoginFailureReason>(),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    index('login_attempts_email_at_idx').on(table.email, table.at),
    index('login_attempts_user_at_idx').on(table.userId, table.at),
    index('login_attempts_ip_at_idx').on(table.ip, table.at),
    index('login_attempts_at_idx').on(table.at),
  ],
);

export type LoginAttemptRow = typeof loginAttempts.$inferSelect;

/**
 * An administrator's unblock of an account's sign-in (decision 0023): the account's failed
 * attempts up to `at` no longer count, from any address. One row per account, the latest.
 */
export const loginUnblocks = pgTable('login_unblocks', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => staffUsers.id, { onDelete: 'cascade' }),
  at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
});
