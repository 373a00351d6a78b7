import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { OtpPurpose } from '@lending/contract';
import { AppError } from '../../shared/app-error.js';
import { indiaDateOf } from '../../shared/india-date.js';
import { sendSms, SMS_TEMPLATES } from '../../integrations/index.js';
import type { BorrowerAppDeps } from './borrower-app.deps.js';
import * as repo from './borrowers.repository.js';

function codeHash(key: string, phone: string, purpose: OtpPurpose, code: string): string {
  return createHmac('sha256', key).update(`${phone}\n${purpose}\n${code}`).digest('hex');
}

function secondsUntil(at: Date, now: Date): number {
  return Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 1000));
}

/**
 * Sends a 6-digit code by SMS. Rate limits (per phone and purpose per minute and per hour, per
 * address per hour) are counted under a per-phone lock, so concurrent requests cannot slip past them. A new
 * code closes the phone's earlier open code of the same purpose.
 */
export async function sendOtp(
  deps: BorrowerAppDeps,
  input: { phone: string; purpose: OtpPurpose; ip: string },
) {
  const { settings } = deps;
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await repo.lockPhone(tx, input.phone);
    await repo.eraseExpiredCodes(tx, now);
    const limits = [
      // Per phone and purpose: accepting a loan right after signing in is not a resend.
      {
        by: { phone: input.phone, purpose: input.purpose },
        windowS: 60,
        max: settings.otpPerPhonePerMinute,
      },
      {
        by: { phone: input.phone, purpose: input.purpose },
        windowS: 3600,
        max: settings.otpPerPhonePerHour,
      },
      { by: { ip: input.ip }, windowS: 3600, max: settings.otpPerIpPerHour },
    ];
    for (const limit of limits) {
      const since = new Date(now.getTime() - limit.windowS * 1000);
      const { n, oldest } = await repo.otpCountSince(tx, limit.by, since);
      if (n >= limit.max) {
        const freeAt = new Date((oldest ?? now).getTime() + limit.windowS * 1000);
        throw new AppError('otpThrottled', { detail: String(secondsUntil(freeAt, now)) });
      }
    }
    await repo.closeOpenCodes(tx, input.phone, input.purpose, now);
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const templateId =
      input.purpose === 'login' ? SMS_TEMPLATES.otpLogin : SMS_TEMPLATES.otpLoanAcceptance;
    const row = await repo.insertOtpRequest(tx, {
      phone: input.phone,
      purpose: input.purpose,
      codeHash: codeHash(settings.otpHashKey, input.phone, input.purpose, code),
      liveCode: code,
      requestedIp: input.ip,
      templateId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + settings.otpTtlSeconds * 1000),
    });
    // Sent inside the transaction: a gateway refusal leaves no code that was never sent.
    const { messageId } = await sendSms(
      tx,
      deps.sms,
      {
        phone: input.phone,
        templateId,
        params: { code, minutes: String(Math.round(settings.otpTtlSeconds / 60)) },
      },
      now,
    );
    await repo.setOtpMessageId(tx, row.id, messageId);
    return {
      requestId: row.id,
      expiresInSeconds: settings.otpTtlSeconds,
      resendAfterSeconds: Math.ceil(60 / settings.otpPerPhonePerMinute),
    };
  });
}

type Verdict = { ok: true; requestId: number } | { ok: false; error: AppError };

/**
 * Checks a code in constant time. Every wrong attempt is committed before the refusal is
 * answered, so the attempt cap holds; the code is used once, then erased.
 */
export async function verifyOtp(
  deps: BorrowerAppDeps,
  input: { phone: string; purpose: OtpPurpose; code: string },
): Promise<number> {
  const now = deps.clock.now();
  const max = deps.settings.otpMaxAttempts;
  const verdict: Verdict = await deps.db.transaction(async (tx) => {
    const open = await repo.lockOpenCode(tx, input.phone, input.purpose);
    if (!open) return { ok: false, error: new AppError('otpExpired') };
    if (open.expiresAt <= now) {
      await repo.updateOtpRequest(tx, open.id, { liveCode: null, closedAt: now });
      return { ok: false, error: new AppError('otpExpired') };
    }
    if (open.attempts >= max) {
      await repo.updateOtpRequest(tx, open.id, { liveCode: null, closedAt: now });
      return { ok: false, error: new AppError('otpAttemptsExceeded') };
    }
    const expected = Buffer.from(open.codeHash, 'hex');
    const given = Buffer.from(
      codeHash(deps.settings.otpHashKey, input.phone, input.purpose, input.code),
      'hex',
    );
    if (!timingSafeEqual(expected, given)) {
      const attempts = open.attempts + 1;
      await repo.updateOtpRequest(tx, open.id, {
        attempts,
        ...(attempts >= max ? { liveCode: null } : {}),
      });
      return {
        ok: false,
        error:
          attempts >= max
            ? new AppError('otpAttemptsExceeded')
            : new AppError('otpIncorrect', {
                detail: String(max - attempts),
                errors: [{ field: 'code', message: 'incorrect' }],
              }),
      };
    }
    await repo.updateOtpRequest(tx, open.id, { consumedAt: now, liveCode: null });
    return { ok: true, requestId: open.id };
  });
  if (!verdict.ok) throw verdict.error;
  return verdict.requestId;
}

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Verifies a sign-in code: registers the phone on first use, opens a session. */
export async function signIn(
  deps: BorrowerAppDeps,
  input: { phone: string; code: string; channel?: string | undefined },
) {
  await verifyOtp(deps, { phone: input.phone, purpose: 'login', code: input.code });
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const { row, created } = await repo.registerBorrower(tx, {
      phone: input.phone,
      registrationDate: indiaDateOf(now),
      channel: input.channel ?? 'app',
      at: now,
    });
    // Opaque, 256 bits, stored only as a hash (docs/security.md).
    const token = randomBytes(32).toString('base64url');
    await repo.insertSession(tx, {
      borrowerId: row.id,
      tokenHash: tokenHash(token),
      at: now,
      expiresAt: new Date(now.getTime() + deps.settings.sessionDays * 86_400_000),
    });
    return {
      token,
      borrowerId: row.id,
      newlyRegistered: created,
      profileComplete: row.customerId !== null,
      bankAccountSaved: row.bankVerification !== 'none',
    };
  });
}

export async function verifyBorrowerSession(deps: BorrowerAppDeps, token: string | undefined) {
  if (!token || token.length > 200) return undefined;
  const session = await repo.liveSessionOf(deps.db, tokenHash(token), deps.clock.now());
  return session ? { sessionId: session.id, borrowerId: session.borrowerId } : undefined;
}
