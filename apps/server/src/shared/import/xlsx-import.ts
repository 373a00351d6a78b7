import { createHash } from 'node:crypto';
import ExcelJS from 'exceljs';
import type { ImportReport } from '@lending/contract';
import { phoneSearchSchema, XLSX_MAX_BYTES } from '@lending/contract';
import { AppError } from '../app-error.js';
import { inspectXlsxZip, ZipRefused } from './zip-inspection.js';

/**
 * The import kit (docs/product.md §5/§9, decision 0036): one .xlsx upload, at most 10M, its zip
 * inspected before exceljs reads it, the first sheet's rows handed one by one to the screen's
 * handler, and a row-by-row report of what was accepted and refused and why. Every import (offline
 * repayments, blacklists, telemarketing lists) is a column list and a row handler.
 */

/** One column the sheet must or may have; a header matches any of its `headers` (any case). */
export interface ImportColumn<K extends string> {
  key: K;
  headers: readonly string[];
  required?: boolean;
}

export type CellValue = string | number | boolean | Date | null;

export interface ImportRow<K extends string> {
  /** The row number in the sheet (1 is the header). */
  row: number;
  values: Record<K, CellValue>;
}

export interface UploadedXlsx {
  fileName: string;
  contentBase64: string;
}

/** The bytes of an upload, checked: .xlsx by name, within the limit, a workbook's zip. */
export function xlsxBytesOf(upload: UploadedXlsx): Buffer {
  if (!/\.xlsx$/i.test(upload.fileName))
    throw AppError.invalid('fileName', 'only .xlsx files may be uploaded');
  const bytes = Buffer.from(upload.contentBase64, 'base64');
  if (bytes.length === 0) throw AppError.invalid('contentBase64', 'select a file');
  if (bytes.length > XLSX_MAX_BYTES)
    throw AppError.invalid('contentBase64', 'upload file size cannot exceed 10M');
  try {
    inspectXlsxZip(bytes);
  } catch (error) {
    if (error instanceof ZipRefused) throw AppError.invalid('contentBase64', error.message);
    throw error;
  }
  return bytes;
}

/** A stable name for the file's content: re-importing the same file replays the same rows. */
export function contentHashOf(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 32);
}

function plain(value: ExcelJS.CellValue): CellValue {
  if (value === null || value === undefined) return null;
  if (value instanceof Date || typeof value !== 'object') {
    return typeof value === 'string' ? value.trim() || null : value;
  }
  if ('result' in value) return plain(value.result as ExcelJS.CellValue);
  if ('richText' in value)
    return (
      value.richText
        .map((part) => part.text)
        .join('')
        .trim() || null
    );
  if ('text' in value) return String(value.text).trim() || null;
  return null;
}

/** The first sheet's rows by column key; a missing required header refuses the whole file. */
export async function readXlsxRows<K extends string>(
  bytes: Buffer,
  columns: readonly ImportColumn<K>[],
  maxRows = 5_000,
): Promise<ImportRow<K>[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw AppError.invalid('contentBase64', 'the file is not a readable .xlsx workbook');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw AppError.invalid('contentBase64', 'the workbook has no sheet');
  const header = sheet.getRow(1);
  const indexOf = new Map<K, number>();
  header.eachCell((cell, col) => {
    const text = String(plain(cell.value) ?? '').toLowerCase();
    const column = columns.find((c) => c.headers.some((h) => h.toLowerCase() === text));
    if (column && !indexOf.has(column.key)) indexOf.set(column.key, col);
  });
  const missing = columns.filter((c) => c.required && !indexOf.has(c.key));
  if (missing.length > 0) {
    throw AppError.invalid(
      'contentBase64',
      `missing column(s): ${missing.map((c) => c.headers[0]).join(', ')}`,
    );
  }
  if (sheet.rowCount - 1 > maxRows) {
    throw AppError.invalid('contentBase64', `at most ${maxRows} rows per file`);
  }
  const rows: ImportRow<K>[] = [];
  for (let number = 2; number <= sheet.rowCount; number += 1) {
    const row = sheet.getRow(number);
    const values = {} as Record<K, CellValue>;
    let empty = true;
    for (const column of columns) {
      const col = indexOf.get(column.key);
      const value = col === undefined ? null : plain(row.getCell(col).value);
      if (value !== null) empty = false;
      values[column.key] = value;
    }
    if (!empty) rows.push({ row: number, values });
  }
  return rows;
}

/** Why a row was refused, in words a user can act on: `field: reason`. */
export function refusalOf(error: unknown): string {
  if (error instanceof AppError) {
    const { field, detail } = error.params;
    const fieldError = error.params.errors?.[0];
    if (fieldError) return `${fieldError.field}: ${fieldError.message}`;
    return [field, detail].filter(Boolean).join(': ') || error.key;
  }
  throw error;
}

/**
 * Hands each row to `handle` (in its own savepoint, so a refused row leaves nothing behind)
 * and reports every row: accepted with what it became, or refused with why.
 */
export async function runImport<K extends string>(
  fileName: string,
  rows: readonly ImportRow<K>[],
  handle: (row: ImportRow<K>) => Promise<{ id: number }>,
): Promise<ImportReport> {
  const report: ImportReport = { fileName, accepted: 0, refused: 0, rows: [] };
  for (const row of rows) {
    try {
      const { id } = await handle(row);
      report.accepted += 1;
      report.rows.push({ row: row.row, status: 'accepted', reason: null, id });
    } catch (error) {
      report.refused += 1;
      report.rows.push({ row: row.row, status: 'refused', reason: refusalOf(error), id: null });
    }
  }
  return report;
}

/** Text of a cell (numbers as typed), or null. */
export function textOf(value: CellValue): string | null {
  if (value === null) return null;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).trim() || null;
}

/** An India date of a cell: a date cell (Excel stores it as UTC midnight) or YYYY-MM-DD text. */
export function dateOf(value: CellValue): string | null {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  const text = textOf(value);
  return text && /^\d{4}-\d{2}-\d{2}$/.test(text) ? text : null;
}

/** Rupees (a number cell or text like 4,563.00) to paise; null when not a money amount. */
export function paiseOfRupees(value: CellValue): number | null {
  const text = typeof value === 'number' ? value.toFixed(2) : textOf(value)?.replace(/,/g, '');
  if (!text || !/^-?\d+(\.\d{1,2})?$/.test(text)) return null;
  const [whole, fraction = ''] = text.replace('-', '').split('.');
  const paise = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return text.startsWith('-') ? -paise : paise;
}

/** The one column of a list of phones, by the names staff give it. */
const PHONE_LIST_COLUMNS = [
  { key: 'phone', headers: ['phone', 'mobile', 'phone number', '手机号', '电话'], required: true },
] as const;

/**
 * A list of phones (one column "phone"; marketing audiences, telemarketing call lists): each
 * row's number as staff type it (+91, a leading 0, spaces, a number cell) read as a 10-digit
 * mobile number, or refused in `report` as not one or as a repeat of an earlier row.
 */
export async function readPhoneList(
  upload: UploadedXlsx,
  maxRows: number,
): Promise<{ phones: { row: number; phone: string }[]; report: ImportReport }> {
  const rows = await readXlsxRows(xlsxBytesOf(upload), PHONE_LIST_COLUMNS, maxRows);
  const report: ImportReport = { fileName: upload.fileName, accepted: 0, refused: 0, rows: [] };
  const phones: { row: number; phone: string }[] = [];
  const seen = new Set<string>();
  for (const { row, values } of rows) {
    const parsed = phoneSearchSchema.safeParse(textOf(values.phone) ?? '');
    const phone = parsed.success ? parsed.data : '';
    const reason =
      phone === ''
        ? 'phone: must be a 10-digit Indian mobile number'
        : seen.has(phone)
          ? 'phone: repeats an earlier row'
          : null;
    if (reason) {
      report.refused += 1;
      report.rows.push({ row, status: 'refused', reason, id: null });
    } else {
      seen.add(phone);
      phones.push({ row, phone });
    }
  }
  return { phones, report };
}
