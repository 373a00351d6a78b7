import { logApi } from '@lending/contract';
import type { EndpointRegistrar } from '../../plugins/access.js';
import type { OperationLogService } from './audit.service.js';

export function registerAuditRoutes(
  endpoints: EndpointRegistrar,
  operationLogService: OperationLogService,
): void {
  endpoints.register(logApi.operationLog, ({ body }) => operationLogService.list(body));
  endpoints.register(logApi.operationLogDetail, ({ body }) => operationLogService.detail(body.id));
}
