/** The operation log: one audit row per data change, written in the change's own transaction. */
import type { Database } from '../../plugins/db.js';
import type { ModuleRoutes } from '../../plugins/module.js';
import { registerAuditRoutes } from './audit.routes.js';
import { createAuditPort, createOperationLogService } from './audit.service.js';

export { auditEvents, type AuditEventRow } from './audit-events.table.js';
export { recordAudit } from './audit.service.js';
export { auditTrailOf } from './audit.repository.js';
export { scopedDatabase } from './audit-scope.js';
export { redact, REDACTED } from './redact.js';

/** `db` is the plain database: the audit port opens each audited call's transaction on it. */
export function createAuditModule(db: Database) {
  const operationLogService = createOperationLogService(db);
  return {
    port: createAuditPort(db),
    operationLog: operationLogService,
    registerRoutes: (routes: ModuleRoutes) =>
      registerAuditRoutes(routes.admin, operationLogService),
  };
}
