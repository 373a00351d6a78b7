import { inflateRawSync } from 'node:zlib';

/**
 * Limits of an .xlsx archive, checked before anything parses it (decision 0036: a zip bomb is
 * refused in milliseconds). A real workbook of 10 MB has a few dozen entries and expands a
 * few times; these leave ample room for that.
 */
export const ZIP_LIMITS = {
  maxEntries: 1_000,
  /** All entries expanded together. */
  maxTotalUncompressedBytes: 200 * 1024 * 1024,
  /** Expanded / compressed of any one entry larger than `ratioFloorBytes`. */
  maxRatio: 100,
  ratioFloorBytes: 1024 * 1024,
} as const;

export type ZipRefusal =
  | 'notAZip'
  | 'notAWorkbook'
  | 'tooManyEntries'
  | 'tooLargeExpanded'
  | 'ratioTooHigh'
  | 'unsupported'
  | 'sizeMismatch';

export class ZipRefused extends Error {
  constructor(
    readonly reason: ZipRefusal,
    detail: string,
  ) {
    super(detail);
    this.name = 'ZipRefused';
  }
}

export interface ZipEntryInfo {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const ZIP64_MARK = 0xffffffff;

/** The central directory of a zip, read from its end record; nothing is expanded. */
export function readCentralDirectory(buffer: Buffer): ZipEntryInfo[] {
  if (buffer.length < 22 || buffer.readUInt32LE(0) !== LOCAL_SIGNATURE) {
    throw new ZipRefused('notAZip', 'the file is not an .xlsx workbook');
  }
  let eocd = -1;
  const lowest = Math.max(0, buffer.length - 22 - 65_535);
  for (let at = buffer.length - 22; at >= lowest; at -= 1) {
    if (buffer.readUInt32LE(at) === EOCD_SIGNATURE) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) throw new ZipRefused('notAZip', 'the file is not an .xlsx workbook');
  const count = buffer.readUInt16LE(eocd + 10);
  const size = buffer.readUInt32LE(eocd + 12);
  const offset = buffer.readUInt32LE(eocd + 16);
  if (count === 0xffff || size === ZIP64_MARK || offset === ZIP64_MARK) {
    throw new ZipRefused('unsupported', 'ZIP64 archives are not accepted');
  }
  if (count > ZIP_LIMITS.maxEntries) {
    throw new ZipRefused('tooManyEntries', `more than ${ZIP_LIMITS.maxEntries} entries`);
  }
  if (offset + size > eocd) throw new ZipRefused('notAZip', 'the archive is damaged');
  const entries: ZipEntryInfo[] = [];
  let at = offset;
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > buffer.length || buffer.readUInt32LE(at) !== CENTRAL_SIGNATURE) {
      throw new ZipRefused('notAZip', 'the archive is damaged');
    }
    const nameLength = buffer.readUInt16LE(at + 28);
    const entry: ZipEntryInfo = {
      method: buffer.readUInt16LE(at + 10),
      compressedSize: buffer.readUInt32LE(at + 20),
      uncompressedSize: buffer.readUInt32LE(at + 24),
      localHeaderOffset: buffer.readUInt32LE(at + 42),
      name: buffer.toString('utf8', at + 46, at + 46 + nameLength),
    };
    if (
      entry.compressedSize === ZIP64_MARK ||
      entry.uncompressedSize === ZIP64_MARK ||
      entry.localHeaderOffset === ZIP64_MARK
    ) {
      throw new ZipRefused('unsupported', 'ZIP64 archives are not accepted');
    }
    entries.push(entry);
    at += 46 + nameLength + buffer.readUInt16LE(at + 30) + buffer.readUInt16LE(at + 32);
  }
  return entries;
}

/**
 * Refuses an archive that is not a workbook or that would expand too far: entry count, the
 * declared expanded size and ratio, and then each entry expanded with a hard output cap at its
 * declared size (an archive that lies about its sizes stops at the cap, it never fills memory).
 */
export function inspectXlsxZip(buffer: Buffer): ZipEntryInfo[] {
  const entries = readCentralDirectory(buffer);
  const names = new Set(entries.map((e) => e.name));
  if (!names.has('[Content_Types].xml') || !names.has('xl/workbook.xml')) {
    throw new ZipRefused('notAWorkbook', 'the file is not an .xlsx workbook');
  }
  let total = 0;
  for (const entry of entries) {
    total += entry.uncompressedSize;
    if (total > ZIP_LIMITS.maxTotalUncompressedBytes) {
      throw new ZipRefused('tooLargeExpanded', 'the workbook expands beyond the limit');
    }
    if (
      entry.uncompressedSize > ZIP_LIMITS.ratioFloorBytes &&
      entry.uncompressedSize > entry.compressedSize * ZIP_LIMITS.maxRatio
    ) {
      throw new ZipRefused('ratioTooHigh', `${entry.name} is compressed suspiciously far`);
    }
    if (entry.method !== 0 && entry.method !== 8) {
      throw new ZipRefused('unsupported', `${entry.name} uses an unsupported compression`);
    }
  }
  for (const entry of entries) expandWithCap(buffer, entry);
  return entries;
}

function expandWithCap(buffer: Buffer, entry: ZipEntryInfo): void {
  const at = entry.localHeaderOffset;
  if (at + 30 > buffer.length || buffer.readUInt32LE(at) !== LOCAL_SIGNATURE) {
    throw new ZipRefused('notAZip', 'the archive is damaged');
  }
  const start = at + 30 + buffer.readUInt16LE(at + 26) + buffer.readUInt16LE(at + 28);
  const data = buffer.subarray(start, start + entry.compressedSize);
  if (entry.method === 0) {
    if (data.length !== entry.uncompressedSize)
      throw new ZipRefused('sizeMismatch', `${entry.name} is not the size it declares`);
    return;
  }
  let out: Buffer;
  try {
    out = inflateRawSync(data, { maxOutputLength: Math.max(1, entry.uncompressedSize) });
  } catch {
    throw new ZipRefused('sizeMismatch', `${entry.name} expands beyond the size it declares`);
  }
  if (out.length !== entry.uncompressedSize)
    throw new ZipRefused('sizeMismatch', `${entry.name} is not the size it declares`);
}
