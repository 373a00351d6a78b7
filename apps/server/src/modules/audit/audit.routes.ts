import { auditApi } from '@lending/contract';
import type { EndpointRegistrar } from '../../plugins/access.js';
import type { OperationLogService } from './audit.service.js';

export function registerAuditRoutes(
  endpoints: EndpointRegistrar,
  operationLogService: OperationLogService,
): void {
  endpoints.register(auditApi.operationLog, ({ body }) => operationLogService.list(body));
  endpoints.register(auditApi.operationLogDetail, ({ body }) =>
    operationLogService.detail(body.id),
  );
}
