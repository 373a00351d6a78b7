import { operationLog, operationLogDetail } from '@lending/contract';
import type { EndpointRegistrar } from '../../plugins/access.js';
import type { OperationLogService } from './audit.service.js';

export function registerAuditRoutes(
  endpoints: EndpointRegistrar,
  operationLogService: OperationLogService,
): void {
  endpoints.register(operationLog, ({ body }) => operationLogService.list(body));
  endpoints.register(operationLogDetail, ({ body }) => operationLogService.detail(body.id));
}
