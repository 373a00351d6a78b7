import { and, eq, gt, isNotNull, isNull, lte, type SQL } from 'drizzle-orm';
import type { listVerifyCodesBodySchema, VerifyCodeRow, VerifyCodeStatus } from '@lending/contract';
import type { z } from 'zod';
import { smsMessages } from '../../integrations/index.js';
import type { AuditRecorder } from '../../plugins/audit-port.js';
import type { Executor } from '../../plugins/db.js';
import { AppError } from '../../shared/app-error.js';
import { indiaDayRange, runList } from '../../shared/list-query.js';
import { maskPhone } from '../../shared/pii.js';
import { toIso } from '../../shared/timestamps.js';
import { otpRequests } from '../borrower-app/index.js';

type OtpRow = typeof otpRequests.$inferSelect;

/** A code's status at `now`: used, closed (superseded or exhausted), expired, or live. */
export function codeStatus(row: OtpRow, now: Date): VerifyCodeStatus {
  if (row.consumedAt) return 'used';
  if (row.closedAt) return 'closed';
  if (row.expiresAt <= now) return 'expired';
  return 'live';
}

function statusCondition(status: VerifyCodeStatus, now: Date): SQL {
  const open = and(isNull(otpRequests.consumedAt), isNull(otpRequests.closedAt))!;
  switch (status) {
    case 'used':
      return isNotNull(otpRequests.consumedAt);
    case 'closed':
      return and(isNull(otpRequests.consumedAt), isNotNull(otpRequests.closedAt))!;
    case 'expired':
      return and(open, lte(otpRequests.expiresAt, now))!;
    case 'live':
      return and(open, gt(otpRequests.expiresAt, now))!;
  }
}

/** telemarketing/customerVerifyCode: the codes sent, newest first; the code itself never. */
export async function listVerifyCodes(
  db: Executor,
  now: Date,
  body: z.output<typeof listVerifyCodesBodySchema>,
) {
  const { list, total } = await runList(
    db,
    {
      select: () =>
        db
          .select({ otp: otpRequests, delivery: smsMessages.status })
          .from(otpRequests)
          .leftJoin(smsMessages, eq(smsMessages.providerMessageId, otpRequests.smsMessageId)),
      where: {
        phone: (phone) => eq(otpRequests.phone, phone),
        purpose: (purpose) => eq(otpRequests.purpose, purpose),
        status: (status) => statusCondition(status, now),
        ...indiaDayRange(otpRequests.createdAt, 'dateFrom', 'dateTo'),
      },
      sortColumns: { sentAt: otpRequests.createdAt, id: otpRequests.id },
      defaultSort: { field: 'id', order: 'desc' },
      id: otpRequests.id,
    },
    body,
  );
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
  const [row] = await tx.select().from(otpRequests).where(eq(otpRequests.id, id));
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
