/**
 * Background exports of lists to .xlsx (decision 0033): any list endpoint built with
 * listRequestSchema can be exported with the screen's filters, sort and masking; the files are
 * kept under the data directory for their owner only, and cleaned up when they expire.
 */
import type { ModuleRoutes } from '../../plugins/module.js';
import { startIntervalJob } from '../../shared/interval-job.js';
import { registerExportRoutes, type ExportRouteDeps } from './export.routes.js';
import {
  ExportRunner,
  failInterruptedExports,
  removeExpiredExports,
  type ExportDeps,
} from './export.service.js';

export { exportJobs } from './export-jobs.table.js';
export { ExportRunner, EXPORT_PAGE_SIZE, EXPORT_RETENTION_MS } from './export.service.js';
export type { ExportDeps } from './export.service.js';

/** How often expired files are looked for. */
const CLEAN_UP_EVERY_MS = 3_600_000;

export interface ExportModuleDeps extends ExportDeps {
  /** The download checks the session and grant itself, and audits it (it is no JSON call). */
  access: ExportRouteDeps;
}

/**
 * The export module: `runner` runs the jobs (tests wait on `idle()`). Its routes, once the
 * server is ready, mark jobs a restart interrupted as failed and remove expired files now and
 * every hour; the server's close stops both.
 */
export function createExportModule(deps: ExportModuleDeps) {
  const { access, ...exportDeps } = deps;
  const runner = new ExportRunner(exportDeps);
  return {
    runner,
    registerRoutes(routes: ModuleRoutes) {
      const { server } = routes;
      let stopCleanUp: (() => void) | undefined;
      // When the server is ready: the server migrates the database after building the app.
      server.addHook('onReady', async () => {
        await failInterruptedExports(exportDeps);
        await removeExpiredExports(exportDeps);
        stopCleanUp = startIntervalJob({
          intervalMs: CLEAN_UP_EVERY_MS,
          pass: () => removeExpiredExports(exportDeps),
          onError: (error) =>
            exportDeps.log.error({ err: error }, 'removing expired exports failed'),
        });
      });
      server.addHook('onClose', async () => {
        stopCleanUp?.();
        await runner.stop();
      });
      registerExportRoutes(server, routes.admin, exportDeps, runner, access);
    },
  };
}
