import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../app-error.js';

/**
 * Files staff upload (receipt photos), kept outside the web root: `<DATA_DIR>/uploads` (the
 * console is served from its own build folder, never from here). A file is stored under a
 * random name and read back only through an endpoint that checks the caller's grant; its type
 * is sniffed from its first bytes, never taken from the name or the browser.
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

export interface StoredFile {
  storageName: string;
  sizeBytes: number;
  sha256: string;
}

export async function storeFile(dir: string, bytes: Buffer): Promise<StoredFile> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const storageName = randomBytes(16).toString('hex');
  await writeFile(path.join(dir, storageName), bytes, { mode: 0o600, flag: 'wx' });
  return {
    storageName,
    sizeBytes: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
}

export function readStoredFile(dir: string, storageName: string): Promise<Buffer> {
  if (!/^[0-9a-f]{32}$/.test(storageName)) throw new Error('not a stored file name');
  return readFile(path.join(dir, storageName));
}
