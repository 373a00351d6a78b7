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
} from 'drizzle-orm/pg-core';
import { staffUsers } from '../user/tables.js';

/**
 * Background exports of lists (decision 0033): what was asked (the list endpoint, its
 * filters and sort, the columns in the user's language), by whom, and how far the job got.
 * The file lives under the data directory; `file_name` is its name there.
 */
export const exportJobs = pgTable(
  'export_jobs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => staffUsers.id),
    /** Interface id of the list endpoint paged through (`order.list`). */
    endpointId: text('endpoint_id').notNull(),
    route: text('route').notNull(),
    title: text('title').notNull(),
    /** `{filters, sort}` as the list takes them (already checked by its schema). */
    request: jsonb('request').notNull(),
    /** The columns: field, header, kind, value labels. */
    columns: jsonb('columns').notNull(),
    status: text('status')
      .$type<'queued' | 'running' | 'done' | 'failed' | 'expired'>()
      .notNull()
      .default('queued'),
    rowsWritten: integer('rows_written').notNull().default(0),
    totalRows: integer('total_rows'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    fileName: text('file_name').notNull(),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    check(
      'export_jobs_status',
      sql`${table.status} in ('queued', 'running', 'done', 'failed', 'expired')`,
    ),
    // The download page: one user's exports, newest first.
    index('export_jobs_user_idx').on(table.userId, table.id),
    // Start-up (interrupted jobs) and the clean-up of expired files.
    index('export_jobs_status_idx').on(table.status, table.expiresAt),
  ],
);

export type ExportJobRow = typeof exportJobs.$inferSelect;
