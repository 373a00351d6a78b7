import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../plugins/db.js';
import { smsMessages, type SmsMessageRow, type SmsStatus } from './sms.table.js';

/** The messages handed to the SMS gateways (sms_messages): every query of the integration on them. */

export async function insertSmsMessage(
  db: Executor,
  values: typeof smsMessages.$inferInsert,
): Promise<void> {
  await db.insert(smsMessages).values(values);
}

/**
 * Moves a message to `status` if it is now in one of `from` (the caller says which statuses
 * a receipt may move on from).
 */
export async function moveSmsStatus(
  tx: Executor,
  message: { provider: string; providerMessageId: string },
  from: readonly SmsStatus[],
  change: { status: SmsStatus; errorCode: string | null; at: Date },
): Promise<void> {
  if (from.length === 0) return;
  await tx
    .update(smsMessages)
    .set({ status: change.status, errorCode: change.errorCode, updatedAt: change.at })
    .where(
      and(
        eq(smsMessages.provider, message.provider),
        eq(smsMessages.providerMessageId, message.providerMessageId),
        inArray(smsMessages.status, [...from]),
      ),
    );
}

export async function findSmsMessage(
  db: Executor,
  provider: string,
  messageId: string,
): Promise<SmsMessageRow | undefined> {
  const [row] = await db
    .select()
    .from(smsMessages)
    .where(and(eq(smsMessages.provider, provider), eq(smsMessages.providerMessageId, messageId)));
  return row;
}
