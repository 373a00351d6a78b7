import { defineEndpoint } from '../endpoint.js';
import {
  loginLogBodySchema,
  loginLogRetSchema,
  operationLogBodySchema,
  operationLogDetailBodySchema,
  operationLogDetailSchema,
  operationLogRetSchema,
} from './audit.schema.js';

export const loginLog = defineEndpoint({
  id: 'log.login_log',
  method: 'POST',
  summary: 'Every sign-in attempt: e-mail tried, account, result, address, user agent, time',
  access: 'granted',
  mutates: false,
  body: loginLogBodySchema,
  query: undefined,
  ret: loginLogRetSchema,
});

export const operationLog = defineEndpoint({
  id: 'log.operation_log',
  method: 'POST',
  summary: 'The operation log: every call that changed data, who made it, when and from where',
  access: 'granted',
  mutates: false,
  body: operationLogBodySchema,
  query: undefined,
  ret: operationLogRetSchema,
});

export const operationLogDetail = defineEndpoint({
  id: 'log.operation_log_detail',
  method: 'POST',
  summary: 'One operation log entry with its before and after',
  access: 'granted',
  mutates: false,
  errors: ['notFound'],
  body: operationLogDetailBodySchema,
  query: undefined,
  ret: operationLogDetailSchema,
});

export const auditEndpoints = [loginLog, operationLog, operationLogDetail] as const;
