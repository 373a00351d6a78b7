import path from 'node:path';
import { AppError } from '../app-error.js';

/**
 * Files staff upload (receipt photos): their type is sniffed from their first bytes, never
 * taken from the name or the browser; they are kept in the database (modules/stored-files,
 * decision 0091) and read back only through an endpoint that checks the caller's grant.
 * Before that they were kept in `<DATA_DIR>/uploads`, from where a start copies any left.
 */
export function uploadDirOf(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

const SIGNATURES: { mime: string; test: (b: Buffer) => boolean }[] = [
  {
    mime: 'image/jpeg',
    test: (b) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  },
  {
    mime: 'image/png',
    test: (b) =>
      b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  {
    mime: 'image/webp',
    test: (b) => b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP',
  },
  { mime: 'application/pdf', test: (b) => b.toString('latin1', 0, 5) === '%PDF-' },
];

/** The receipt's type by its bytes (JPEG, PNG, WebP, PDF), or a 400 naming the field. */
export function sniffReceiptType(bytes: Buffer, field: string): string {
  const found = SIGNATURES.find((s) => s.test(bytes));
  if (!found) throw AppError.invalid(field, 'must be a JPEG, PNG or WebP photo or a PDF');
  return found.mime;
}
