import { and, count, desc, eq, gt, gte, ilike, lt, ne, type SQL } from 'drizzle-orm';
import type { Executor } from '../../plugins/db.js';
import { containsPattern, listOrder, type ListSort } from '../../shared/list-query.js';
import { loginAttempts, type LoginAttemptRow } from './login-attempts.table.js';
import { staffUsers } from './staff-users.table.js';

export async function insertLoginAttempt(
  db: Executor,
  attempt: Omit<LoginAttemptRow, 'id'>,
): Promise<void> {
  await db.insert(loginAttempts).values(attempt);
}

/**
 * The times of the most recent counted failures since `since`, newest first, for the account
 * e-mail or for the address. Refusals by the throttle itself are not counted, so a block
 * lifts a window after the failures that caused it.
 */
export async function recentFailureTimes(
  db: Executor,
  by: { email: string } | { ip: string },
  since: Date,
  limit: number,
): Promise<Date[]> {
  const who = 'email' in by ? eq(loginAttempts.email, by.email) : eq(loginAttempts.ip, by.ip);
  const rows = await db
    .select({ at: loginAttempts.at })
    .from(loginAttempts)
    .where(
      and(
        who,
        eq(loginAttempts.success, false),
        ne(loginAttempts.failureReason, 'throttled'),
        gt(loginAttempts.at, since),
      ),
    )
    .orderBy(desc(loginAttempts.at))
    .limit(limit);
  return rows.map((row) => row.at);
}

export function attemptsForEmail(db: Executor, email: string): Promise<LoginAttemptRow[]> {
  return db
    .select()
    .from(loginAttempts)
    .where(eq(loginAttempts.email, email))
    .orderBy(desc(loginAttempts.id));
}

export interface LoginLogQuery {
  offset: number;
  limit: number;
  email?: string | undefined;
  success?: boolean | undefined;
  ip?: string | undefined;
  from?: Date | undefined;
  before?: Date | undefined;
  sort?: ListSort | undefined;
}

const loginLogSortColumns = { id: loginAttempts.id, at: loginAttempts.at };

/**
 * The login log, newest first unless sorted otherwise, with the account's current name when
 * it still exists.
 */
export async function listLoginAttempts(db: Executor, query: LoginLogQuery) {
  const conditions: SQL[] = [];
  if (query.email) conditions.push(ilike(loginAttempts.email, containsPattern(query.email)));
  if (query.success !== undefined) conditions.push(eq(loginAttempts.success, query.success));
  if (query.ip) conditions.push(eq(loginAttempts.ip, query.ip));
  if (query.from) conditions.push(gte(loginAttempts.at, query.from));
  if (query.before) conditions.push(lt(loginAttempts.at, query.before));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const rows = await db
    .select({ attempt: loginAttempts, userName: staffUsers.name })
    .from(loginAttempts)
    .leftJoin(staffUsers, eq(staffUsers.id, loginAttempts.userId))
    .where(where)
    .orderBy(
      ...listOrder(loginLogSortColumns, loginAttempts.id, query.sort, {
        field: 'id',
        order: 'desc',
      }),
    )
    .limit(query.limit)
    .offset(query.offset);
  const [totals] = await db.select({ total: count() }).from(loginAttempts).where(where);
  return { rows, total: totals?.total ?? 0 };
}
