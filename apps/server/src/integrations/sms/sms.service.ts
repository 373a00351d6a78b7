import { z } from 'zod';
import { phoneSearchSchema } from '@lending/contract';
import type { Executor } from '../../plugins/db.js';
import { AppError } from '../../shared/app-error.js';
import type { GatewayEvent } from '../webhooks/webhook-routes.js';
import {
  SmsGatewayRejected,
  SmsGatewayUnavailable,
  type SmsGateway,
  type SmsGateways,
} from './sms-gateway.js';
import { sendableTemplate } from './sms-templates.js';
import { insertSmsMessage, moveSmsStatus } from './sms.repository.js';
import type { SmsStatus } from './sms.table.js';

/**
 * Sends through the gateway in force (the saved SMS configuration, decision 0079) and records
 * the message (status `queued` until a receipt) with the provider that took it. Only an
 * enabled, registered template is sent (SMSManagement), with its DLT template id and sender id;
 * otherwise 409 and no message. A gateway that refuses or does not answer is 4177
 * `smsNotSent` naming the provider: nothing is recorded as sent.
 */
export async function sendSms(
  db: Executor,
  gateways: SmsGateways,
  message: { phone: string; templateId: string; params: Record<string, string> },
  at: Date,
): Promise<{ messageId: string; provider: string }> {
  const template = await sendableTemplate(db, message.templateId);
  let gateway: SmsGateway | undefined;
  let messageId: string;
  try {
    gateway = await gateways.inForce(db);
    ({ messageId } = await gateway.send({
      ...message,
      dltTemplateId: template.dltTemplateId,
      senderId: template.senderId,
    }));
  } catch (error) {
    if (error instanceof SmsGatewayRejected || error instanceof SmsGatewayUnavailable) {
      throw new AppError('smsNotSent', { field: error.provider, detail: error.message });
    }
    throw error;
  }
  await insertSmsMessage(db, {
    provider: gateway.provider,
    providerMessageId: messageId,
    phone: message.phone,
    templateId: message.templateId,
    status: 'queued',
    createdAt: at,
    updatedAt: at,
  });
  return { messageId, provider: gateway.provider };
}

const receiptSchema = z.object({
  messageId: z.string().min(1).max(200),
  status: z.enum(['sent', 'delivered', 'failed']),
  errorCode: z.string().max(100).optional(),
});

const RANK: Record<SmsStatus, number> = { queued: 0, sent: 1, delivered: 2, failed: 2 };

/**
 * A delivery receipt. Receipts come out of order: the status only moves forward, so a late
 * `sent` never undoes `delivered`. A receipt for an unknown message is recorded and ignored.
 */
export async function applySmsReceipt(
  tx: Executor,
  provider: string,
  event: GatewayEvent,
  at: Date,
): Promise<void> {
  const parsed = receiptSchema.safeParse(event.data);
  if (!parsed.success) throw AppError.invalid('data', 'not an SMS receipt');
  const { messageId, status, errorCode } = parsed.data;
  const lowerRanks = (Object.keys(RANK) as SmsStatus[]).filter((s) => RANK[s] < RANK[status]);
  await moveSmsStatus(tx, { provider, providerMessageId: messageId }, lowerRanks, {
    status,
    errorCode: errorCode ?? null,
    at,
  });
}

const replySchema = z.object({
  from: phoneSearchSchema.refine((phone) => phone !== '', 'must be a mobile number'),
  text: z.string().max(1_000),
});

/** What a borrower's reply to one of our messages does (marketing opt-outs: STOP, START). */
export type SmsReplyHandler = (
  tx: Executor,
  reply: { phone: string; text: string },
  at: Date,
) => Promise<unknown>;

/**
 * One event of the SMS gateway's webhook: a delivery receipt (`sms.status`), or a reply a
 * borrower sent to our sender (`sms.inbound`), handed to `onReply`.
 */
export async function applySmsEvent(
  tx: Executor,
  provider: string,
  event: GatewayEvent,
  at: Date,
  onReply: SmsReplyHandler,
): Promise<void> {
  if (event.type !== 'sms.inbound') return applySmsReceipt(tx, provider, event, at);
  const parsed = replySchema.safeParse(event.data);
  if (!parsed.success) throw AppError.invalid('data', 'not an SMS reply');
  await onReply(tx, { phone: parsed.data.from, text: parsed.data.text }, at);
}
