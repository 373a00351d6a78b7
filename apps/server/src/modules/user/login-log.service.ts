import { loginLogBodySchema, type LoginLogEntry } from '@lending/contract';
import type { z } from 'zod';
import { AppError } from '../../shared/app-error.js';
import { startOfIndiaDate } from '../../shared/india-date.js';
import { toIso } from '../../shared/timestamps.js';
import { listLoginAttempts } from './login-attempts.repository.js';
import type { UserModuleDeps } from './user-module.js';

const DAY_MS = 86_400_000;

export function createLoginLogService(deps: UserModuleDeps) {
  return {
    async list(
      query: z.output<typeof loginLogBodySchema>,
    ): Promise<{ list: LoginLogEntry[]; total: number }> {
      const filters = query.filters ?? {};
      if (filters.dateFrom && filters.dateTo && filters.dateFrom > filters.dateTo) {
        throw AppError.invalid('filters.dateTo', 'must not be before dateFrom');
      }
      const { rows, total } = await listLoginAttempts(deps.db, {
        offset: (query.page - 1) * query.pageSize,
        limit: query.pageSize,
        email: filters.email?.toLowerCase() || undefined,
        success: filters.result === undefined ? undefined : filters.result === 'success',
        ip: filters.ip || undefined,
        sort: query.sort,
        // India dates, both ends inclusive.
        from: filters.dateFrom ? startOfIndiaDate(filters.dateFrom) : undefined,
        before: filters.dateTo
          ? new Date(startOfIndiaDate(filters.dateTo).getTime() + DAY_MS)
          : undefined,
      });
      return {
        list: rows.map(({ attempt, userName }) => ({
          id: attempt.id,
          email: attempt.email,
          userId: attempt.userId,
          userName,
          success: attempt.success,
          failureReason: attempt.failureReason,
          ip: attempt.ip,
          userAgent: attempt.userAgent,
          at: toIso(attempt.at),
        })),
        total,
      };
    },
  };
}

export type LoginLogService = ReturnType<typeof createLoginLogService>;
