import { and, eq, gt, isNotNull, isNull, lte, type SQL } from 'drizzle-orm';
import type { listVerifyCodesBodySchema, VerifyCodeStatus } from '@lending/contract';
import type { z } from 'zod';
import { smsMessages } from '../../integrations/index.js';
import type { Executor } from '../../plugins/db.js';
import { indiaDayRange, runList } from '../../shared/list-query.js';
import { otpRequests, type OtpRequestRow } from './borrowers.table.js';

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

/** The codes sent, each with its SMS's delivery status; the status filter as of `now`. */
export function listOtpRequests(
  db: Executor,
  now: Date,
  body: z.output<typeof listVerifyCodesBodySchema>,
) {
  return runList(
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
}

export async function findOtpRequest(db: Executor, id: number): Promise<OtpRequestRow | undefined> {
  const [row] = await db.select().from(otpRequests).where(eq(otpRequests.id, id));
  return row;
}
