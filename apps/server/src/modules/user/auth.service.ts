import {
  isAcceptablePassword,
  newPasswordSchema,
  type ChangePasswordBody,
  type LoginBody,
} from '@lending/contract';
import { AppError } from '../../shared/app-error.js';
import { insertLoginAttempt, recentFailureTimes } from './login-attempts.repository.js';
import type { LoginFailureReason } from './login-attempts.table.js';
import type { SessionPrincipal, SessionService } from './sessions.service.js';
import {
  findStaffUserByEmail,
  findStaffUserById,
  updateStaffUser,
} from './staff-users.repository.js';
import type { ClientInfo, UserModuleDeps } from './user-module.js';

export function createAuthService(deps: UserModuleDeps, sessions: SessionService) {
  const { db, clock, hasher, settings } = deps;
  const windowMs = settings.loginWindowMinutes * 60_000;

  /** Minutes until sign-in is allowed again, or 0 when not blocked (per e-mail and per address). */
  async function minutesBlocked(email: string, ip: string): Promise<number> {
    const now = clock.now().getTime();
    const since = new Date(now - windowMs);
    const max = settings.loginMaxFailures;
    let until = 0;
    for (const by of [{ email }, { ip }]) {
      const times = await recentFailureTimes(db, by, since, max);
      const oldestCounted = times[max - 1];
      // The block lifts when the max-th most recent failure leaves the window.
      if (oldestCounted) until = Math.max(until, oldestCounted.getTime() + windowMs);
    }
    return until > now ? Math.max(1, Math.ceil((until - now) / 60_000)) : 0;
  }

  async function record(
    email: string,
    userId: number | null,
    failureReason: LoginFailureReason | null,
    client: ClientInfo,
  ): Promise<void> {
    await insertLoginAttempt(db, {
      email: email.slice(0, 254),
      userId,
      success: failureReason === null,
      failureReason,
      ip: client.ip,
      userAgent: client.userAgent.slice(0, 500),
      at: clock.now(),
    });
  }

  return {
    async login(body: LoginBody, client: ClientInfo): Promise<{ token: string }> {
      // Refused before any hashing, so a flood costs the server almost nothing.
      const blockedMinutes = await minutesBlocked(body.email, client.ip);
      if (blockedMinutes > 0) {
        await record(body.email, null, 'throttled', client);
        throw new AppError('loginThrottled', { detail: String(blockedMinutes) });
      }
      const user = await findStaffUserByEmail(db, body.email);
      if (!user) {
        // Same cost as a real check, so timing does not tell which e-mails exist.
        await hasher.verifyDummy(body.password);
        await record(body.email, null, 'unknown_email', client);
        throw new AppError('invalidCredentials');
      }
      if (!(await hasher.verify(user.passwordHash, body.password))) {
        await record(body.email, user.id, 'bad_password', client);
        throw new AppError('invalidCredentials');
      }
      // Told only to someone who knows the password.
      if (user.status !== 'enabled') {
        await record(body.email, user.id, 'account_disabled', client);
        throw new AppError('accountDisabled');
      }
      const token = await db.transaction(async (tx) => {
        const started = await sessions.start(tx, user.id, client);
        await updateStaffUser(tx, user.id, { lastLoginAt: clock.now() });
        return started;
      });
      await record(body.email, user.id, null, client);
      return { token };
    },

    logout(principal: SessionPrincipal): Promise<void> {
      return sessions.revoke(db, principal.sessionId);
    },

    /**
     * Changes the caller's own password. On success EVERY session of the account ends,
     * the current one included: a password change is what a staff member does when they fear
     * the account is known to someone else, so no session opened with the old password may
     * survive, and the console simply signs in again with the new one.
     */
    async changePassword(principal: SessionPrincipal, body: ChangePasswordBody): Promise<void> {
      if (!isAcceptablePassword(body.newPassword)) {
        const issue = newPasswordSchema.safeParse(body.newPassword).error?.issues[0];
        throw new AppError('weakPassword', {
          field: 'newPassword',
          errors: [{ field: 'newPassword', message: issue?.message ?? 'too weak' }],
        });
      }
      if (body.newPassword !== body.confirmPassword) {
        throw new AppError('passwordsNotConsistent', {
          field: 'confirmPassword',
          errors: [{ field: 'confirmPassword', message: 'does not match newPassword' }],
        });
      }
      const user = await findStaffUserById(db, principal.userId);
      if (!user) throw new AppError('sessionEnded');
      if (body.newPassword.trim().toLowerCase() === user.email) {
        throw new AppError('passwordSameAsEmail', {
          field: 'newPassword',
          errors: [{ field: 'newPassword', message: 'must not be the e-mail address' }],
        });
      }
      if (!(await hasher.verify(user.passwordHash, body.oldPassword))) {
        throw new AppError('wrongOldPassword', {
          field: 'oldPassword',
          errors: [{ field: 'oldPassword', message: 'incorrect' }],
        });
      }
      if (body.newPassword === body.oldPassword) {
        throw new AppError('passwordUnchanged', {
          field: 'newPassword',
          errors: [{ field: 'newPassword', message: 'must differ from the old password' }],
        });
      }
      const passwordHash = await hasher.hash(body.newPassword);
      await db.transaction(async (tx) => {
        await updateStaffUser(tx, user.id, { passwordHash, updatedAt: clock.now() });
        await sessions.revokeAllOfUser(tx, user.id);
      });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
