import {
  ADMIN_API_BASE,
  downloadExportQuerySchema,
  EXPORT_DOWNLOAD_INTERFACE,
  EXPORT_DOWNLOAD_PATH,
  exportApi,
} from '@lending/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { callerOf, type EndpointRegistrar } from '../../plugins/access.js';
import type { AuditPort } from '../../plugins/audit-port.js';
import { tokenOf, type AuthPort } from '../../plugins/auth.js';
import { parseInput } from '../../plugins/input.js';
import { AppError } from '../../shared/app-error.js';
import type { ExportDeps } from './export-deps.js';
import type { ExportRunner } from './export-runner.js';
import * as exports from './export.service.js';

export interface ExportRouteDeps {
  auth: AuthPort;
  audit: AuditPort;
}

/** Binds the export endpoints and the download of a finished file. */
export function registerExportRoutes(
  app: FastifyInstance,
  endpoints: EndpointRegistrar,
  deps: ExportDeps,
  runner: ExportRunner,
  routeDeps: ExportRouteDeps,
): void {
  endpoints.register(exportApi.startExport, (context) =>
    exports.startExport(
      deps,
      runner,
      {
        userId: callerOf(context).userId,
        grants: context.grants!,
        tx: context.tx,
        audit: context.audit,
      },
      context.body,
    ),
  );
  endpoints.register(exportApi.listMyExports, (context) =>
    exports.listMyExports(deps, callerOf(context).userId, context.body),
  );

  // The file itself: not a JSON answer, so a route of its own with the access layer's rules
  // (X-Token session; the owner only) and an audit row per download.
  app.get(`${ADMIN_API_BASE}${EXPORT_DOWNLOAD_PATH}`, async (request, reply) => {
    const caller = await routeDeps.auth.verifySession(tokenOf(request));
    if (!caller) throw new AppError('sessionEnded');
    const query = parseInput(downloadExportQuerySchema, request.query, 'query') as z.output<
      typeof downloadExportQuerySchema
    >;
    const { job, stream, sizeBytes } = await exports.openExportFile(deps, caller.userId, query.id);
    const actor = await routeDeps.auth.staffOf(caller.userId);
    const agent = request.headers['user-agent'];
    await routeDeps.audit.run(
      {
        interfaceId: EXPORT_DOWNLOAD_INTERFACE,
        module: 'export',
        summary: 'Download an export',
        actor: actor ? { id: caller.userId, ...actor } : null,
        ip: request.ip,
        userAgent: typeof agent === 'string' ? agent : '',
        request: { id: job.id },
        at: deps.clock.now(),
      },
      async (_tx, audit) => {
        await audit.record({
          targetType: 'export_job',
          targetId: job.id,
          after: { fileName: job.fileName, rows: job.rowsWritten, endpoint: job.endpointId },
        });
      },
    );
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="${job.fileName}"`)
      .header('content-length', String(sizeBytes))
      .header('cache-control', 'no-store')
      .send(stream);
  });
}
