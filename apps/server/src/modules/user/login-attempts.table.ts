import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { staffUsers } from './staff-users.table.js';

export const loginFailureReasons = [
  'unknown_email',
  'bad_password',
  'account_disabled',
  'throttled',
] as const;
export type LoginFailureReason = (typeof loginFailureReasons)[number];

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
    index('login_attempts_ip_at_idx').on(table.ip, table.at),
    index('login_attempts_at_idx').on(table.at),
  ],
);

export type LoginAttemptRow = typeof loginAttempts.$inferSelect;
