import type { listVerifyCodesBodySchema, VerifyCodeRow, VerifyCodeStatus } from '@lending/contract';
import type { z } from 'zod';
import type { AuditRecorder } from '../../plugins/audit-port.js';
import type { Executor } from '../../plugins/db.js';
import { AppError } from '../../shared/app-error.js';
import { maskPhone } from '../../shared/pii.js';
import { toIso } from '../../shared/timestamps.js';
import type { OtpRequestRow } from './borrowers.table.js';
import { findOtpRequest, listOtpRequests } from './verify-codes.repository.js';

/*
 * The sign-in codes the borrower app sent, as staff see them (telemarketing/customerVerifyCode):
 * the configuration module registers the endpoints, the codes are this module's.
 */

/** A code's status at `now`: used, closed (superseded or exhausted), expired, or live. */
export function codeStatus(row: OtpRequestRow, now: Date): VerifyCodeStatus {
  if (row.consumedAt) return 'used';
  if (row.closedAt) return 'closed';
  if (row.expiresAt <= now) return 'expired';
  return 'live';
}

/** telemarketing/customerVerifyCode: the codes sent, newest first; the code itself never. */
export async function listVerifyCodes(
  db: Executor,
  now: Date,
  body: z.output<typeof listVerifyCodesBodySchema>,
) {
  const { list, total } = await listOtpRequests(db, now, body);
  return {
    total,
    list: list.map(({ otp, delivery }): VerifyCodeRow => ({
      id: otp.id,
      phone: maskPhone(otp.phone),
      purpose: otp.purpose,
      status: codeStatus(otp, now),
      attempts: otp.attempts,
      sentAt: toIso(otp.createdAt),
      expiresAt: toIso(otp.expiresAt),
      delivery: delivery ?? null,
    })),
  };
}

/**
 * The live code, for staff reading it to a borrower whose SMS did not arrive. Audited (the
 * endpoint is declared so): who read which code when; the code itself is not in the trail.
 * A code that is used, closed or expired is no longer kept: 409.
 */
export async function revealVerifyCode(tx: Executor, audit: AuditRecorder, now: Date, id: number) {
  const row = await findOtpRequest(tx, id);
  if (!row) throw new AppError('notFound', { field: 'id' });
  const status = codeStatus(row, now);
  if (status !== 'live' || !row.liveCode) {
    throw new AppError('conflict', { detail: `the code is ${status} and no longer kept` });
  }
  await audit.record({
    targetType: 'otp_request',
    targetId: id,
    after: { phone: maskPhone(row.phone), purpose: row.purpose, revealed: true },
  });
  return { code: row.liveCode };
}
