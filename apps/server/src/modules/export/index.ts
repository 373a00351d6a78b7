/**
 * Background exports of lists to .xlsx (decision 0033): any list endpoint built with
 * listRequestSchema can be exported with the screen's filters, sort and masking; the files are
 * kept under the data directory for their owner only, and cleaned up when they expire.
 */
import type { FastifyInstance } from 'fastify';
import type { EndpointRegistrar } from '../../plugins/access.js';
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

/**
 * Wires the export module: marks jobs a restart interrupted as failed, removes expired files
 * now and every hour, binds the routes. Returns the runner (tests wait on `idle()`).
 */
export function registerExports(
  app: FastifyInstance,
  endpoints: EndpointRegistrar,
  deps: ExportDeps,
  routeDeps: ExportRouteDeps,
): ExportRunner {
  const runner = new ExportRunner(deps);
  let stopCleanUp: (() => void) | undefined;
  // When the server is ready: the server migrates the database after building the app.
  app.addHook('onReady', async () => {
    await failInterruptedExports(deps);
    await removeExpiredExports(deps);
    stopCleanUp = startIntervalJob({
      intervalMs: CLEAN_UP_EVERY_MS,
      pass: () => removeExpiredExports(deps),
      onError: (error) => deps.log.error({ err: error }, 'removing expired exports failed'),
    });
  });
  app.addHook('onClose', async () => {
    stopCleanUp?.();
    await runner.stop();
  });
  registerExportRoutes(app, endpoints, deps, runner, routeDeps);
  return runner;
}
