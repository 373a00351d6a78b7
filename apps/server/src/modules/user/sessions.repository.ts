import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../plugins/db.js';
import { staffSessions, type StaffSessionRow } from './staff-sessions.table.js';
import { staffUsers } from './staff-users.table.js';

export async function insertSession(
  db: Executor,
  session: Omit<StaffSessionRow, 'id' | 'revokedAt'>,
): Promise<void> {
  await db.insert(staffSessions).values(session);
}

export async function findLiveSessionByHash(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({
      id: staffSessions.id,
      userId: staffSessions.userId,
      lastSeenAt: staffSessions.lastSeenAt,
      expiresAt: staffSessions.expiresAt,
      userStatus: staffUsers.status,
    })
    .from(staffSessions)
    .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.userId))
    .where(and(eq(staffSessions.tokenHash, tokenHash), isNull(staffSessions.revokedAt)));
  return row;
}

export async function touchSession(db: Executor, id: number, at: Date): Promise<void> {
  await db.update(staffSessions).set({ lastSeenAt: at }).where(eq(staffSessions.id, id));
}

export async function revokeSession(db: Executor, id: number, at: Date): Promise<void> {
  await db
    .update(staffSessions)
    .set({ revokedAt: at })
    .where(and(eq(staffSessions.id, id), isNull(staffSessions.revokedAt)));
}

export async function revokeSessionsOfUser(db: Executor, userId: number, at: Date): Promise<void> {
  await db
    .update(staffSessions)
    .set({ revokedAt: at })
    .where(and(eq(staffSessions.userId, userId), isNull(staffSessions.revokedAt)));
}
