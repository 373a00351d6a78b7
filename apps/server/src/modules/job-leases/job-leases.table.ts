import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** A lease per job name: the holder runs the job until `expires_at`; any instance may take it after. */
export const jobLeases = pgTable('job_leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});
