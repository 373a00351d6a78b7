import {
  and,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNull,
  max,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { loginLogBodySchema } from '@lending/contract';
import type { z } from 'zod';
import type { Executor } from '../../plugins/db.js';
import { containsPattern, indiaDayRange, runList } from '../../shared/list-query.js';
import { loginAttempts, loginUnblocks, type LoginAttemptRow } from './login-attempts.table.js';
import { staffUsers } from './staff-users.table.js';

export async function insertLoginAttempt(
  db: Executor,
  attempt: Omit<LoginAttemptRow, 'id'>,
): Promise<void> {
  await db.insert(loginAttempts).values(attempt);
}

/** Failures the throttle counts: a wrong password, or any password for an unknown e-mail. */
const countedFailure = inArray(loginAttempts.failureReason, ['bad_password', 'unknown_email']);

/**
 * Whose failures: a staff account's (`userId`), or, when the e-mail names no account, that
 * e-mail's alone, which then never count against a real account.
 */
export interface ThrottleKey {
  email: string;
  userId: number | null;
}

const clearing = alias(loginAttempts, 'clearing');

/**
 * The attempt came after the account's latest successful sign-in and latest unblock (failures
 * before either no longer count). `userId` is a value, or the attempts' own column when many
 * accounts are read at once; null matches nothing (an e-mail with no account).
 */
function afterLastClearing(db: Executor, userId: number | null | AnyColumn): SQL {
  const lastSuccess = db
    .select({ at: max(clearing.at) })
    .from(clearing)
    .where(and(sql`${clearing.userId} = ${userId}`, eq(clearing.success, true)));
  const lastUnblock = db
    .select({ at: loginUnblocks.at })
    .from(loginUnblocks)
    .where(sql`${loginUnblocks.userId} = ${userId}`);
  return sql`${loginAttempts.at} > coalesce(greatest((${lastSuccess}), (${lastUnblock})), '-infinity'::timestamptz)`;
}

/**
 * The most recent counted failures of an account (or unknown e-mail) after `since`, newest
 * first, at most `limit`. One query of the same shape whether or not the e-mail names an
 * account, so timing does not tell them apart. Refusals by the throttle are not failures, so
 * hammering a blocked account does not prolong its block.
 */
export function recentFailures(
  db: Executor,
  key: ThrottleKey,
  since: Date,
  limit: number,
): Promise<{ at: Date; ip: string }[]> {
  const whose =
    key.userId === null
      ? and(eq(loginAttempts.email, key.email), isNull(loginAttempts.userId))
      : eq(loginAttempts.userId, key.userId);
  return db
    .select({ at: loginAttempts.at, ip: loginAttempts.ip })
    .from(loginAttempts)
    .where(
      and(whose, countedFailure, gt(loginAttempts.at, since), afterLastClearing(db, key.userId)),
    )
    .orderBy(desc(loginAttempts.at))
    .limit(limit);
}

/** How many counted failures came from `ip` after `since`, counting no further than `limit`. */
export async function countAddressFailures(
  db: Executor,
  ip: string,
  since: Date,
  limit: number,
): Promise<number> {
  const rows = await db
    .select({ id: loginAttempts.id })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.ip, ip), countedFailure, gt(loginAttempts.at, since)))
    .limit(limit);
  return rows.length;
}

/** The counted failures of these accounts after `since` that still count, newest first. */
export function failuresOfAccounts(
  db: Executor,
  userIds: number[],
  since: Date,
): Promise<{ userId: number | null; at: Date; ip: string }[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .select({ userId: loginAttempts.userId, at: loginAttempts.at, ip: loginAttempts.ip })
    .from(loginAttempts)
    .where(
      and(
        inArray(loginAttempts.userId, userIds),
        countedFailure,
        gt(loginAttempts.at, since),
        afterLastClearing(db, loginAttempts.userId),
      ),
    )
    .orderBy(desc(loginAttempts.at));
}

/** Records an administrator's unblock: the account's failures up to `at` stop counting. */
export async function upsertUnblock(db: Executor, userId: number, at: Date): Promise<void> {
  await db
    .insert(loginUnblocks)
    .values({ userId, at })
    .onConflictDoUpdate({ target: loginUnblocks.userId, set: { at } });
}

export function attemptsForEmail(db: Executor, email: string): Promise<LoginAttemptRow[]> {
  return db
    .select()
    .from(loginAttempts)
    .where(eq(loginAttempts.email, email))
    .orderBy(desc(loginAttempts.id));
}

/**
 * The login log (the contract's `log.login_log` body), newest first unless sorted otherwise,
 * with the account's current name when it still exists.
 */
export function listLoginAttempts(db: Executor, body: z.output<typeof loginLogBodySchema>) {
  return runList(
    db,
    {
      select: () =>
        db
          .select({ attempt: loginAttempts, userName: staffUsers.name })
          .from(loginAttempts)
          .leftJoin(staffUsers, eq(staffUsers.id, loginAttempts.userId)),
      where: {
        email: (email) => ilike(loginAttempts.email, containsPattern(email)),
        result: (result) => eq(loginAttempts.success, result === 'success'),
        ip: (ip) => eq(loginAttempts.ip, ip),
        ...indiaDayRange(loginAttempts.at, 'dateFrom', 'dateTo'),
      },
      sortColumns: { id: loginAttempts.id, at: loginAttempts.at },
      defaultSort: { field: 'id', order: 'desc' },
      id: loginAttempts.id,
    },
    body,
  );
}
