import { z } from 'zod';

/**
 * The upload kit every import shares (offline repayments, the blacklist, SMS audiences): the
 * file travels as base64 inside the JSON body, and the answer is a row-by-row report.
 */

/** .xlsx only, 10M at most. */
export const XLSX_MAX_BYTES = 10 * 1024 * 1024;
/** The body limit of an upload call: base64 of the largest file plus room for the rest. */
export const UPLOAD_BODY_LIMIT_BYTES = Math.ceil((XLSX_MAX_BYTES * 4) / 3) + 64 * 1024;

const base64Schema = (maxBytes: number) =>
  z
    .string()
    .min(1, 'select a file')
    .max(
      Math.ceil((maxBytes * 4) / 3) + 4,
      `upload file size cannot exceed ${maxBytes / (1024 * 1024)}M`,
    )
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'must be base64');

export const uploadFileSchema = (maxBytes: number) =>
  z.strictObject({
    fileName: z.string().trim().min(1, 'select a file').max(200),
    contentBase64: base64Schema(maxBytes),
  });

export const xlsxUploadBodySchema = uploadFileSchema(XLSX_MAX_BYTES);

/** The row-by-row report of an import (the kit every import uses). */
export const importReportSchema = z.object({
  fileName: z.string(),
  accepted: z.int(),
  refused: z.int(),
  rows: z.array(
    z.object({
      /** The row number in the sheet (1 = the header). */
      row: z.int(),
      status: z.enum(['accepted', 'refused']),
      /** Why it was refused: `column: reason`. */
      reason: z.string().nullable(),
      /** What the row became (the id of the row it made), if accepted. */
      id: z.int().nullable(),
    }),
  ),
});
export type ImportReport = z.infer<typeof importReportSchema>;
