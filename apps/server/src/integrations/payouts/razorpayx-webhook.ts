import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../plugins/db.js';
import { AppError } from '../../shared/app-error.js';
import type { Clock } from '../../shared/clock.js';
import type { LoanBookDeps } from '../../modules/loan-book/index.js';
import { claimGatewayEvent } from '../webhooks/gateway-events.repository.js';
import { applyGatewayPayout, payoutIdOfReference } from './payout-results.js';
import {
  payoutOfRazorpay,
  RAZORPAY_EVENT_ID_HEADER,
  RAZORPAY_SIGNATURE_HEADER,
  verifyRazorpaySignature,
  type RazorpayPayoutEntity,
} from './razorpayx-payouts.js';

const eventSchema = z
  .object({
    entity: z.literal('event'),
    event: z.string().min(1).max(100),
    created_at: z.int().min(0),
    payload: z
      .object({
        payout: z
          .object({
            entity: z
              .object({
                id: z.string().min(1).max(100),
                entity: z.literal('payout'),
                amount: z.int().min(1),
                currency: z.string(),
                status: z.string(),
                utr: z.string().nullable(),
                mode: z.string(),
                purpose: z.string(),
                reference_id: z.string().nullable(),
                created_at: z.int(),
              })
              .loose(),
          })
          .optional(),
      })
      .loose(),
  })
  .loose();

export const RAZORPAYX_PROVIDER = 'razorpayx';

/**
 * RazorpayX payout webhooks (`payout.processed|failed|reversed|…`): the `X-Razorpay-Signature`
 * (hex HMAC-SHA256 of the raw body under the webhook secret) is checked on the bytes as
 * received, in constant time; a bad one → 401 (4206). The event id (`X-Razorpay-Event-Id`)
 * is recorded in the transaction that applies the event, so a redelivery changes nothing.
 */
export async function registerRazorpayXWebhook(
  app: FastifyInstance,
  options: {
    path: string;
    secret: string;
    db: Database;
    clock: Clock;
    loanBook: LoanBookDeps;
  },
): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });
    scope.post(options.path, async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = request.headers[RAZORPAY_SIGNATURE_HEADER];
      if (
        !verifyRazorpaySignature(options.secret, Array.isArray(header) ? header[0] : header, raw)
      ) {
        request.log.warn({ path: options.path }, 'webhook refused');
        throw new AppError('webhookRejected', { detail: 'signature' });
      }
      let json: unknown;
      try {
        json = JSON.parse(raw.toString('utf8'));
      } catch {
        throw new AppError('malformedJson');
      }
      const parsed = eventSchema.safeParse(json);
      if (!parsed.success) throw AppError.invalid('body', 'not a RazorpayX event');
      const event = parsed.data;
      const idHeader = request.headers[RAZORPAY_EVENT_ID_HEADER];
      const eventId =
        (Array.isArray(idHeader) ? idHeader[0] : idHeader) ??
        createHash('sha256').update(raw).digest('hex');
      const now = options.clock.now();
      const applied = await options.db.transaction(async (tx) => {
        const fresh = await claimGatewayEvent(tx, {
          provider: RAZORPAYX_PROVIDER,
          eventId,
          eventType: event.event,
          payload: event,
          at: now,
        });
        const entity = event.payload.payout?.entity as RazorpayPayoutEntity | undefined;
        if (!fresh || !entity || !event.event.startsWith('payout.')) return fresh;
        const payoutId = entity.reference_id ? payoutIdOfReference(entity.reference_id) : undefined;
        if (payoutId === undefined) return fresh; // not one of ours
        await applyGatewayPayout(
          tx,
          options.loanBook,
          RAZORPAYX_PROVIDER,
          payoutId,
          payoutOfRazorpay(entity, new Date(event.created_at * 1000)),
          now,
        );
        return fresh;
      });
      return reply.send({ code: 0, msg: 'OK', ret: { eventId, duplicate: !applied } });
    });
  });
}
