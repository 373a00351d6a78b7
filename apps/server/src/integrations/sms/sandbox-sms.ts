import { appendFileSync } from 'node:fs';
import { randomBytes, randomInt } from 'node:crypto';
import type { Clock } from '../../shared/clock.js';
import { deliverWithRetries, type Scheduler, type WebhookDeliverer } from '../webhooks/delivery.js';
import { signatureHeader, SIGNATURE_HEADER } from '../webhooks/signature.js';
import type { OutgoingSms, SmsGateway, SmsReceiptStatus } from './sms-gateway.js';

export const SANDBOX_SMS_WEBHOOK_PATH = '/webhooks/sms/sandbox';

export interface SandboxOptions {
  clock: Clock;
  secret: string;
  deliver: WebhookDeliverer;
  scheduler: Scheduler;
  minDelayMs: number;
  maxDelayMs: number;
  failureRate: number;
  duplicateRate: number;
  /** Randomness in [0, 1); tests make outcomes certain. */
  random?: () => number;
  /** Appends each message to this file (JSON lines): browser journeys read codes from it. */
  outboxFile?: string;
}

export interface SandboxSms extends OutgoingSms {
  messageId: string;
  at: Date;
}

export function randomDelay(options: Pick<SandboxOptions, 'minDelayMs' | 'maxDelayMs'>): number {
  if (options.maxDelayMs <= options.minDelayMs) return options.minDelayMs;
  return randomInt(options.minDelayMs, options.maxDelayMs + 1);
}

/**
 * The sandbox SMS gateway: accepts at once, then reports `sent` and `delivered` (or `failed`)
 * by signed webhooks after random delays — so receipts can arrive out of order — and
 * sometimes twice. It keeps an outbox, which is how tests and the demo read the codes.
 */
export function createSandboxSmsGateway(options: SandboxOptions) {
  const random = options.random ?? Math.random;
  const outbox: SandboxSms[] = [];

  function receipt(messageId: string, status: SmsReceiptStatus) {
    const body = JSON.stringify({
      id: `evt_${randomBytes(8).toString('hex')}`,
      type: 'sms.status',
      createdAt: options.clock.now().toISOString(),
      data: { messageId, status, ...(status === 'failed' ? { errorCode: 'UNDELIVERABLE' } : {}) },
    });
    const copies = random() < options.duplicateRate ? 2 : 1;
    for (let copy = 0; copy < copies; copy += 1) {
      options.scheduler.later(randomDelay(options), async () => {
        // Signed when sent, as a gateway does (a retry re-signs with a fresh timestamp).
        const headers = {
          [SIGNATURE_HEADER]: signatureHeader(options.secret, options.clock.now(), body),
        };
        await deliverWithRetries(options.deliver, SANDBOX_SMS_WEBHOOK_PATH, body, headers);
      });
    }
  }

  const gateway: SmsGateway & {
    outbox: readonly SandboxSms[];
    lastTo(phone: string): SandboxSms | undefined;
  } = {
    provider: 'sandbox',
    outbox,
    lastTo(phone) {
      return [...outbox].reverse().find((message) => message.phone === phone);
    },
    async send(message) {
      const messageId = `sms_${randomBytes(10).toString('hex')}`;
      outbox.push({ ...message, messageId, at: options.clock.now() });
      if (options.outboxFile) {
        appendFileSync(options.outboxFile, `${JSON.stringify(outbox[outbox.length - 1])}\n`);
      }
      if (outbox.length > 1000) outbox.shift();
      receipt(messageId, 'sent');
      receipt(messageId, random() < options.failureRate ? 'failed' : 'delivered');
      return { messageId };
    },
  };
  return gateway;
}

export type SandboxSmsGateway = ReturnType<typeof createSandboxSmsGateway>;
