import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { Language, StaffStatus } from '@lending/contract';

export const staffUsers = pgTable(
  'staff_users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Stored lower-case (the contract lower-cases on input), unique. */
    email: text('email').notNull().unique(),
    name: text('name').notNull(),
    avatar: text('avatar').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    language: text('language').$type<Language>().notNull().default('en'),
    status: text('status').$type<StaffStatus>().notNull().default('enabled'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    check('staff_users_email_lower', sql`${table.email} = lower(${table.email})`),
    check('staff_users_language', sql`${table.language} in ('bur', 'en', 'zh')`),
    check('staff_users_status', sql`${table.status} in ('enabled', 'disabled')`),
  ],
);

export type StaffUserRow = typeof staffUsers.$inferSelect;
