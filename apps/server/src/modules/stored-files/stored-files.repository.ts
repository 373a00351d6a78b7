import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../plugins/db.js';
import { storedFileChunks, storedFiles, type StoredFileRow } from './stored-files.table.js';

export async function insertFile(db: Executor, name: string, at: Date): Promise<number> {
  const [row] = await db
    .insert(storedFiles)
    .values({ name, createdAt: at })
    .returning({ id: storedFiles.id });
  return row!.id;
}

/** A file under `name` unless one exists already (two servers copying the same file). */
export async function insertFileNamed(
  db: Executor,
  name: string,
  at: Date,
): Promise<number | undefined> {
  const [row] = await db
    .insert(storedFiles)
    .values({ name, createdAt: at })
    .onConflictDoNothing({ target: storedFiles.name })
    .returning({ id: storedFiles.id });
  return row?.id;
}

export async function insertChunk(
  db: Executor,
  fileId: number,
  seq: number,
  bytes: Buffer,
): Promise<void> {
  await db.insert(storedFileChunks).values({ fileId, seq, bytes });
}

export async function completeFile(
  db: Executor,
  id: number,
  done: { sizeBytes: number; chunks: number; sha256: string; at: Date },
): Promise<void> {
  await db
    .update(storedFiles)
    .set({
      sizeBytes: done.sizeBytes,
      chunks: done.chunks,
      sha256: done.sha256,
      completedAt: done.at,
    })
    .where(eq(storedFiles.id, id));
}

export async function fileById(db: Executor, id: number): Promise<StoredFileRow | undefined> {
  const [row] = await db.select().from(storedFiles).where(eq(storedFiles.id, id));
  return row;
}

export async function fileByName(db: Executor, name: string): Promise<StoredFileRow | undefined> {
  const [row] = await db.select().from(storedFiles).where(eq(storedFiles.name, name));
  return row;
}

export async function chunkOf(
  db: Executor,
  fileId: number,
  seq: number,
): Promise<Buffer | undefined> {
  const [row] = await db
    .select({ bytes: storedFileChunks.bytes })
    .from(storedFileChunks)
    .where(and(eq(storedFileChunks.fileId, fileId), eq(storedFileChunks.seq, seq)));
  return row?.bytes;
}

/** Removes files and their chunks (the chunks go with their file). */
export async function deleteFiles(db: Executor, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(storedFiles).where(inArray(storedFiles.id, [...ids]));
}
