import {
  isAcceptablePassword,
  newPasswordSchema,
  type ChangePasswordBody,
  type LoginBody,
} from '@lending/contract';
import { AppError } from '../../shared/app-error.js';
import { insertLoginAttempt, type ThrottleKey } from './login-attempts.repository.js';
import type { LoginFailureReason } from './login-attempts.table.js';
import type { LoginThrottle } from './login-throttle.service.js';
import { createPasswordCheckLane } from './password-check-lane.js';
import type { SessionPrincipal, SessionService } from './sessions.service.js';
import {
  findStaffUserByEmail,
  findStaffUserById,
  updateStaffUser,
} from './staff-users.repository.js';
import type { ClientInfo, UserModuleDeps } from './user-module.js';

export function createAuthService(
  deps: UserModuleDeps,
  sessions: SessionService,
  throttle: LoginThrottle,
) {
  const { db, clock, hasher } = deps;
  const passwordChecks = createPasswordCheckLane();

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

  /**
   * Refuses (and records) an attempt the throttle does not let through. The answer depends
   * only on the failures counted, never on the password or on whether the e-mail names an
   * account: a blocked owner learns no more than an attacker would.
   */
  async function refuseIfThrottled(key: ThrottleKey, client: ClientInfo): Promise<void> {
    const refusal = await throttle.refusal(key, client.ip);
    if (!refusal) return;
    await record(key.email, key.userId, refusal.reason, client);
    const waitMs = refusal.until.getTime() - clock.now().getTime();
    if (refusal.reason === 'account_blocked' || refusal.reason === 'blocked_for_address') {
      throw new AppError('loginThrottled', {
        detail: String(Math.max(1, Math.ceil(waitMs / 60_000))),
      });
    }
    throw new AppError('loginSlowed', { detail: String(Math.max(1, Math.ceil(waitMs / 1000))) });
  }

  return {
    async login(body: LoginBody, client: ClientInfo): Promise<{ token: string }> {
      const user = await findStaffUserByEmail(db, body.email);
      const key: ThrottleKey = { email: body.email, userId: user?.id ?? null };
      // Refused before any hashing, so a flood costs the server a few indexed reads each.
      await refuseIfThrottled(key, client);
      const signedIn = await passwordChecks.run(async () => {
        await refuseIfThrottled(key, client);
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
        return user;
      });
      const token = await db.transaction(async (tx) => {
        const started = await sessions.start(tx, signedIn.id, client);
        await updateStaffUser(tx, signedIn.id, { lastLoginAt: clock.now() });
        return started;
      });
      // A success clears the account's failures (the throttle counts from here on).
      await record(body.email, signedIn.id, null, client);
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
