import { createHash, randomBytes } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import type { Executor } from '../../plugins/db.js';
import * as repo from './stored-files.repository.js';
import type { StoredFileRow } from './stored-files.table.js';

/**
 * Files kept in the database (decision 0091), so any server reads what another wrote: the
 * bytes go in and out in chunks of about a megabyte, one statement each, so a file of any size
 * passes through the server's memory a chunk at a time.
 */
export const STORED_FILE_CHUNK_BYTES = 1024 * 1024;

export function newFileName(): string {
  return randomBytes(16).toString('hex');
}

/**
 * A stream into a new stored file: what is written is cut into chunks and inserted as it comes
 * (a write waits for its chunk's insert, so a slow database slows the writer rather than
 * filling memory). On finish the last chunk is written and the file completed with its size
 * and SHA-256. A failed insert fails the stream; its file stays incomplete, never read, until
 * its owner removes it.
 */
export class StoredFileWriter extends Writable {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private seq = 0;
  private size = 0;
  private readonly hash = createHash('sha256');

  constructor(
    private readonly db: Executor,
    readonly fileId: number,
    private readonly now: () => Date,
  ) {
    super();
  }

  override _write(
    chunk: Buffer,
    _encoding: BufferEncoding,
    callback: (error?: Error | null) => void,
  ): void {
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    this.size += chunk.length;
    this.hash.update(chunk);
    if (this.pendingBytes < STORED_FILE_CHUNK_BYTES) return callback();
    this.flush(false).then(() => callback(), callback);
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.flush(true)
      .then(() =>
        repo.completeFile(this.db, this.fileId, {
          sizeBytes: this.size,
          chunks: this.seq,
          sha256: this.hash.digest('hex'),
          at: this.now(),
        }),
      )
      .then(() => callback(), callback);
  }

  /** Inserts every whole chunk pending (and, at the end, the rest). */
  private async flush(all: boolean): Promise<void> {
    let rest = Buffer.concat(this.pending, this.pendingBytes);
    this.pending = [];
    this.pendingBytes = 0;
    while (rest.length >= STORED_FILE_CHUNK_BYTES || (all && rest.length > 0)) {
      const piece = rest.subarray(0, STORED_FILE_CHUNK_BYTES);
      await repo.insertChunk(this.db, this.fileId, this.seq, piece);
      this.seq += 1;
      rest = rest.subarray(piece.length);
    }
    if (rest.length > 0) {
      this.pending = [Buffer.from(rest)];
      this.pendingBytes = rest.length;
    }
  }
}

/** A new, empty stored file and a stream into it. */
export async function createStoredFile(db: Executor, now: () => Date): Promise<StoredFileWriter> {
  const id = await repo.insertFile(db, newFileName(), now());
  return new StoredFileWriter(db, id, now);
}

/** Writes `bytes` to the stream and waits until the file is complete. */
function writeAll(writer: StoredFileWriter, bytes: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    writer.on('error', reject);
    writer.end(bytes, () => resolve());
  });
}

/**
 * A small file (an upload) stored whole, under a given name or a new one. On a transaction,
 * its rows commit with the caller's.
 */
export async function storeBytes(
  db: Executor,
  bytes: Buffer,
  at: Date,
  name: string = newFileName(),
): Promise<StoredFileRow> {
  const id = await repo.insertFile(db, name, at);
  await writeAll(new StoredFileWriter(db, id, () => at), bytes);
  return (await repo.fileById(db, id))!;
}

/** The same, unless a file of that name exists already: then undefined (another server copied it). */
export async function storeBytesOnce(
  db: Executor,
  bytes: Buffer,
  at: Date,
  name: string,
): Promise<StoredFileRow | undefined> {
  const id = await repo.insertFileNamed(db, name, at);
  if (id === undefined) return undefined;
  await writeAll(new StoredFileWriter(db, id, () => at), bytes);
  return repo.fileById(db, id);
}

/** A complete file's row and a stream of its bytes, read a chunk at a time; undefined if none. */
export async function openStoredFile(
  db: Executor,
  id: number,
): Promise<{ file: StoredFileRow; stream: Readable } | undefined> {
  const file = await repo.fileById(db, id);
  if (!file?.completedAt) return undefined;
  async function* chunks() {
    for (let seq = 0; seq < file!.chunks; seq += 1) {
      const bytes = await repo.chunkOf(db, file!.id, seq);
      // Removed while being read (it expired): the download ends in an error, not short.
      if (!bytes) throw new Error(`stored file ${file!.id} lost its chunk ${seq}`);
      yield bytes;
    }
  }
  return { file, stream: Readable.from(chunks(), { objectMode: false }) };
}

/** A complete file's bytes, by its name (small files: uploads); undefined if none. */
export async function readStoredBytes(db: Executor, name: string): Promise<Buffer | undefined> {
  const file = await repo.fileByName(db, name);
  if (!file?.completedAt) return undefined;
  const opened = await openStoredFile(db, file.id);
  if (!opened) return undefined;
  const parts: Buffer[] = [];
  for await (const part of opened.stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

export {
  deleteFiles as removeStoredFiles,
  fileByName as storedFileNamed,
} from './stored-files.repository.js';
