import type { LoginLogEntry, loginLogBodySchema } from '@lending/contract';
import type { z } from 'zod';
import { toIso } from '../../shared/timestamps.js';
import { listLoginAttempts } from './login-attempts.repository.js';
import type { UserModuleDeps } from './user-module.js';

export function createLoginLogService(deps: UserModuleDeps) {
  return {
    async list(
      body: z.output<typeof loginLogBodySchema>,
    ): Promise<{ list: LoginLogEntry[]; total: number }> {
      const { list, total } = await listLoginAttempts(deps.db, body);
      return {
        list: list.map(({ attempt, userName }) => ({
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
