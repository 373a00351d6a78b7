import type { SignInBlock } from '@lending/contract';
import type { Executor } from '../../plugins/db.js';
import { toIso } from '../../shared/timestamps.js';
import {
  countAddressFailures,
  failuresOfAccounts,
  recentFailures,
  upsertUnblock,
  type ThrottleKey,
} from './login-attempts.repository.js';
import { signInBlocksOf, throttleRefusal, type ThrottleRefusal } from './throttle-rules.js';
import type { UserModuleDeps } from './user-module.js';

/**
 * The sign-in throttle over the login log (decision 0023): what it refuses, which accounts
 * it blocks, and an administrator's unblock. The rules themselves are in throttle-rules.ts.
 */
export function createLoginThrottle(deps: UserModuleDeps) {
  const { db, clock } = deps;
  const limits = deps.settings.loginThrottle;
  const windowMs = limits.windowMinutes * 60_000;

  function windowStart(now: Date): Date {
    return new Date(now.getTime() - windowMs);
  }

  return {
    limits,

    /** Whether an attempt on `key` from `ip` is refused before its password is checked. */
    async refusal(key: ThrottleKey, ip: string): Promise<ThrottleRefusal | null> {
      const now = clock.now();
      const since = windowStart(now);
      const account = await recentFailures(db, key, since, limits.accountMaxFailures);
      const addressFailures = await countAddressFailures(db, ip, since, limits.addressSlowAfter);
      return throttleRefusal({ account, addressFailures }, ip, limits, now);
    },

    /** The sign-in blocks of each account (accounts without any are absent). */
    async blocksOf(userIds: number[]): Promise<Map<number, SignInBlock[]>> {
      const failures = new Map<number, { at: Date; ip: string }[]>();
      for (const failure of await failuresOfAccounts(db, userIds, windowStart(clock.now()))) {
        if (failure.userId === null) continue;
        failures.set(failure.userId, [...(failures.get(failure.userId) ?? []), failure]);
      }
      const blocks = new Map<number, SignInBlock[]>();
      for (const [userId, list] of failures) {
        const found = signInBlocksOf(list, limits);
        if (found.length > 0) {
          blocks.set(
            userId,
            found.map((block) => ({ address: block.address, until: toIso(block.until) })),
          );
        }
      }
      return blocks;
    },

    /** From now on the account's earlier failures count nowhere: its blocks lift at once. */
    unblock(executor: Executor, userId: number): Promise<void> {
      return upsertUnblock(executor, userId, clock.now());
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
