import { and, desc, eq, gt, ne } from 'drizzle-orm';
import type { Executor } from '../../plugins/db.js';
import { loginAttempts, type LoginAttemptRow } from './login-attempts.table.js';

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
