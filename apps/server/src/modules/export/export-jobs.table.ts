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
import { storedFiles } from '../stored-files/tables.js';
import { staffUsers } from '../user/tables.js';

/**
 * Background exports of lists (decision 0033): what was asked (the list endpoint, its
 * filters and sort, the columns in the user's language), by whom, and how far the job got.
 * The file is a stored file in the database (`file_id`, decision 0091); `file_name` is the
 * name it is downloaded under. A running job is held by one server (`runner`) until
 * `lease_expires_at`, which it moves on as it writes; another server takes a job over whose
 * lease lapsed (`attempts` counts the runs begun).
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
    fileId: integer('file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    runner: text('runner'),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true, mode: 'date' }),
    attempts: integer('attempts').notNull().default(0),
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
    // The runners' claims (queued, or running with a lapsed lease) and the clean-up of expired files.
    index('export_jobs_status_idx').on(table.status, table.expiresAt),
  ],
);

export type ExportJobRow = typeof exportJobs.$inferSelect;
