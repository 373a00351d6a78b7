import { createReadStream, existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createStoredFile, removeStoredFiles } from '../stored-files/index.js';
import type { ExportDeps, FileDeps } from './export-deps.js';
import * as repo from './export-jobs.repository.js';

/** An unfinished stored file no export writes any more is removed once it is this old. */
const PARTIAL_FILE_AGE_MS = 24 * 3_600_000;

export function exportDirectory(deps: Pick<ExportDeps, 'dataDir'>): string {
  return path.join(deps.dataDir, 'exports');
}

/**
 * The clean-up (hourly, and at start): finished exports past their expiry are marked expired
 * and their files removed, and so are unfinished files no export writes any more. Each row is
 * changed by one statement, so two servers cleaning up at once remove each file once.
 */
export async function removeExpiredExports(deps: FileDeps): Promise<number> {
  const now = deps.clock.now();
  const files = await repo.expireFinishedJobs(deps.db, now);
  await removeStoredFiles(
    deps.db,
    files.filter((id): id is number => id !== null),
  );
  await repo.removeAbandonedPartialFiles(deps.db, new Date(now.getTime() - PARTIAL_FILE_AGE_MS));
  return files.length;
}

/**
 * Finished exports made before files moved into the database (decision 0091) whose file is in
 * this server's `<dataDir>/exports`: copied in, linked to their job, and the local file removed.
 * At every start; cheap when none is left. A job another server linked first keeps that copy.
 */
export async function moveLocalExportFiles(deps: FileDeps): Promise<number> {
  let moved = 0;
  for (const job of await repo.finishedJobsWithoutFile(deps.db)) {
    const local = path.join(exportDirectory(deps), job.fileName);
    if (!existsSync(local)) continue;
    const file = await createStoredFile(deps.db, () => deps.clock.now());
    await pipeline(createReadStream(local), file);
    if (await repo.linkMovedFile(deps.db, job.id, file.fileId)) {
      moved += 1;
      await rm(local, { force: true });
    } else {
      await removeStoredFiles(deps.db, [file.fileId]);
    }
  }
  return moved;
}
