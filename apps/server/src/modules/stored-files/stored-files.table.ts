import {
  bigint,
  customType,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/** PostgreSQL bytea as a Buffer: node-postgres answers a Buffer, PGlite a Uint8Array. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * A file kept in the database (decision 0091): export files and uploaded receipt photos, so
 * every server behind the balancer reads what any of them wrote. The bytes are in
 * `stored_file_chunks`; `completed_at` is set once the last chunk is written, and only a
 * completed file is read. `name` is random and unique: what an uploaded file's row names it by.
 */
export const storedFiles = pgTable('stored_files', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull().unique(),
  sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull().default(0),
  chunks: integer('chunks').notNull().default(0),
  /** Of the whole content, once complete. */
  sha256: text('sha256'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
});

/** The bytes of a stored file in order, at most STORED_FILE_CHUNK_BYTES each. */
export const storedFileChunks = pgTable(
  'stored_file_chunks',
  {
    fileId: integer('file_id')
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (table) => [primaryKey({ columns: [table.fileId, table.seq] })],
);

export type StoredFileRow = typeof storedFiles.$inferSelect;
