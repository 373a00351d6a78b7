import { createHash, randomBytes } from 'node:crypto';
import type { Executor } from '../../plugins/db.js';
import {
  findLiveSessionByHash,
  insertSession,
  revokeSession,
  revokeSessionsOfUser,
  touchSession,
} from './sessions.repository.js';
import type { ClientInfo, UserModuleDeps } from './user-module.js';

export interface SessionPrincipal {
  sessionId: number;
  userId: number;
}

/** Only this digest of a token is ever stored; a leaked table gives no usable token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** 32 random bytes (256 bits), base64url: opaque, new at every sign-in. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,128}$/;

export function createSessionService(deps: UserModuleDeps) {
  const { db, clock, settings } = deps;
  const idleMs = settings.sessionIdleMinutes * 60_000;
  const absoluteMs = settings.sessionAbsoluteHours * 3_600_000;

  return {
    async start(executor: Executor, userId: number, client: ClientInfo): Promise<string> {
      const token = newToken();
      const now = clock.now();
      await insertSession(executor, {
        tokenHash: hashToken(token),
        userId,
        createdAt: now,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + absoluteMs),
        ip: client.ip,
        userAgent: client.userAgent.slice(0, 500),
      });
      return token;
    },

    /**
     * The live session of a token, or undefined when missing, unknown, revoked, idle too long,
     * past its absolute end, or its account is disabled. A valid call extends the idle timer.
     */
    async verify(token: string | undefined): Promise<SessionPrincipal | undefined> {
      if (!token || !TOKEN_SHAPE.test(token)) return undefined;
      const session = await findLiveSessionByHash(db, hashToken(token));
      if (!session || session.userStatus !== 'enabled') return undefined;
      const now = clock.now().getTime();
      if (now >= session.expiresAt.getTime()) return undefined;
      if (now - session.lastSeenAt.getTime() >= idleMs) return undefined;
      await touchSession(db, session.id, clock.now());
      return { sessionId: session.id, userId: session.userId };
    },

    revoke(executor: Executor, sessionId: number): Promise<void> {
      return revokeSession(executor, sessionId, clock.now());
    },

    revokeAllOfUser(executor: Executor, userId: number): Promise<void> {
      return revokeSessionsOfUser(executor, userId, clock.now());
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
