/**
 * Background exports of lists to .xlsx (decisions 0033, 0091): any list endpoint built with
 * listRequestSchema can be exported with the screen's filters, sort and masking; the files are
 * kept in the database for their owner only, and removed when they expire.
 */
import type { ModuleRoutes } from '../../plugins/module.js';
import { startIntervalJob } from '../../shared/interval-job.js';
import { job, type Job } from '../../shared/jobs.js';
import { defaultHolder } from '../job-leases/index.js';
import type { RegisteredList } from '../../plugins/access.js';
import type { ExportDeps } from './export-deps.js';
import { moveLocalExportFiles, removeExpiredExports } from './export-files.js';
import { ExportRunner } from './export-runner.js';
import { registerExportRoutes, type ExportRouteDeps } from './export.routes.js';
import { exportableList } from './list-routes.js';

export { exportJobs } from './export-jobs.table.js';
export {
  ExportRunner,
  EXPORT_LEASE_MS,
  EXPORT_MAX_ATTEMPTS,
  EXPORT_PAGE_SIZE,
  EXPORT_RETENTION_MS,
} from './export-runner.js';
export type { ExportDeps } from './export-deps.js';

/** How often expired files are looked for. */
const CLEAN_UP_EVERY_MS = 3_600_000;

export interface ExportModuleDeps extends Omit<ExportDeps, 'listOf'> {
  /** The list endpoints the access layer registered, by interface id. */
  listOf(id: string): RegisteredList | undefined;
  /** The download checks the session and grant itself, and audits it (it is no JSON call). */
  access: ExportRouteDeps;
  /** This server as an export's runner (host:pid:random by default). */
  holder?: string;
  /** How long a runner's hold on a job lasts unless renewed (EXPORT_LEASE_SECONDS). */
  leaseMs?: number;
}

/**
 * The export module: `runner` runs the jobs (tests wait on `idle()`). Once the server is
 * ready, files of exports made before they moved into the database are copied in, and expired
 * files removed, now and every hour; the server's close stops both and gives the export in
 * flight back to the queue.
 */
export function createExportModule(deps: ExportModuleDeps) {
  const { access, holder, leaseMs, listOf, ...rest } = deps;
  const exportDeps: ExportDeps = {
    ...rest,
    listOf: (id) => {
      const list = listOf(id);
      return list && exportableList(list);
    },
  };
  const runner = new ExportRunner(exportDeps, {
    holder: holder ?? defaultHolder(),
    ...(leaseMs !== undefined ? { leaseMs } : {}),
  });
  return {
    runner,
    registerRoutes(routes: ModuleRoutes) {
      const { server } = routes;
      let stopCleanUp: (() => Promise<void>) | undefined;
      // When the server is ready: the server migrates the database after building the app.
      server.addHook('onReady', async () => {
        // A file that cannot be moved is reported, and the server starts all the same.
        await moveLocalExportFiles(exportDeps).then(
          (moved) => {
            if (moved > 0) exportDeps.log.info({ moved }, 'export files moved into the database');
          },
          (error: unknown) =>
            exportDeps.log.error({ err: error }, 'moving export files into the database failed'),
        );
        await removeExpiredExports(exportDeps);
        stopCleanUp = startIntervalJob({
          intervalMs: CLEAN_UP_EVERY_MS,
          pass: () => removeExpiredExports(exportDeps),
          onError: (error) =>
            exportDeps.log.error({ err: error }, 'removing expired exports failed'),
        });
      });
      server.addHook('onClose', async () => {
        await stopCleanUp?.();
        await runner.stop();
      });
      registerExportRoutes(server, routes.admin, exportDeps, runner, access);
    },
  };
}

/**
 * The job that, every `intervalMs` and at start, claims and runs the exports no server holds:
 * queued by another server's call, or left by a server that stopped (server.ts's job list).
 */
export function exportQueueJob(runner: ExportRunner, intervalMs: number): Job {
  return job({
    name: 'export_queue',
    intervalMs,
    runAtStart: true,
    pass: (signal) => runner.runQueued(signal),
  });
}
