import { z } from 'zod';
import { idSchema } from '../common/fields.js';
import { listRequestSchema, listResultSchema, sortSchema } from '../common/pagination.js';

/**
 * How a column's value is written into the .xlsx: `money` is integer paise written as a ₹
 * number, `date` an India date, `instant` an ISO instant written in India time, `values` maps
 * a status or choice to its label in the user's language; anything else is written as it is.
 */
/** `share` is a true fraction (0.125 is 12.5 %), as the reports send rates. */
export const exportColumnKindSchema = z.enum([
  'text',
  'money',
  'count',
  'ppm',
  'share',
  'date',
  'instant',
]);
export type ExportColumnKind = z.infer<typeof exportColumnKindSchema>;

const exportLabelSchema = z.string().trim().min(1).max(120);

export const exportColumnSchema = z.strictObject({
  /** The row field of the list's answer. */
  field: z.string().min(1).max(64),
  /** The header as the user reads it (already in their language). */
  header: exportLabelSchema,
  kind: exportColumnKindSchema,
  /** Labels of a status or choice field's values, in the user's language. */
  values: z.record(z.string().max(64), exportLabelSchema).optional(),
});
export type ExportColumn = z.infer<typeof exportColumnSchema>;

/** Starts a background export of one list: its endpoint id, filters and sort, and its columns. */
export const startExportBodySchema = z.strictObject({
  /** The interface id of a list endpoint (one built with listRequestSchema), e.g. `order.list`. */
  endpoint: z.string().min(1).max(64),
  /** The screen's route name: names the file and the row on the download page. */
  route: z.string().min(1).max(64),
  /** The screen's title in the user's language (the sheet name and the download page). */
  title: exportLabelSchema,
  /** The list's filters as the list itself takes them (checked with the list's own schema). */
  filters: z.record(z.string().max(64), z.unknown()).optional(),
  sort: sortSchema.optional(),
  columns: z.array(exportColumnSchema).min(1).max(60),
});
export type StartExportBody = z.input<typeof startExportBodySchema>;

export const exportStatusSchema = z.enum(['queued', 'running', 'done', 'failed', 'expired']);
export type ExportStatus = z.infer<typeof exportStatusSchema>;

export const startExportRetSchema = z.object({ id: z.int(), status: exportStatusSchema });

/** One of the signed-in user's exports on the download page. */
export const exportJobRowSchema = z.object({
  id: z.int(),
  route: z.string(),
  title: z.string(),
  fileName: z.string(),
  status: exportStatusSchema,
  /** Rows written so far. */
  rowsWritten: z.int(),
  /** Rows the list held when the export started (null before it started). */
  totalRows: z.int().nullable(),
  /** 0–100. */
  progressPercent: z.int().min(0).max(100),
  sizeBytes: z.int().nullable(),
  /** Instants (ISO). */
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** Why it failed (a message in English for the log; the page shows its own text). */
  error: z.string().nullable(),
});
export type ExportJobRow = z.infer<typeof exportJobRowSchema>;

export const exportListFiltersSchema = z.strictObject({
  status: exportStatusSchema.optional(),
});
export const exportListBodySchema = listRequestSchema(exportListFiltersSchema, ['id']);
export const exportListRetSchema = listResultSchema(exportJobRowSchema);

/** The download of one finished export: the file itself, not the JSON envelope. */
export const downloadExportQuerySchema = z.strictObject({
  id: z.coerce.number().pipe(idSchema),
});

/**
 * `GET /admin-api/export/download?id=` answers the .xlsx itself (not an endpoint of the JSON
 * API): only to the user who made the export, and audited as `export.download`.
 */
export const EXPORT_DOWNLOAD_PATH = '/export/download';
export const EXPORT_DOWNLOAD_INTERFACE = 'export.download';
