import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  loginLog,
  operationLog,
  operationLogDetail,
  type LoginLogBody,
  type OperationLogBody,
} from '@lending/contract';
import { api } from '../../../lib/api';

export function useLoginLog(body: LoginLogBody) {
  return useQuery({
    queryKey: ['log', 'login', body],
    queryFn: () => api.call(loginLog, body),
    placeholderData: keepPreviousData,
  });
}

export function useOperationLog(body: OperationLogBody) {
  return useQuery({
    queryKey: ['log', 'operation', body],
    queryFn: () => api.call(operationLog, body),
    placeholderData: keepPreviousData,
  });
}

export function useOperationLogDetail(id: number | null) {
  return useQuery({
    queryKey: ['log', 'operation', 'detail', id],
    queryFn: () => api.call(operationLogDetail, { id: id ?? 0 }),
    enabled: id !== null,
  });
}
