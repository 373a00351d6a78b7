import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database, Transaction } from '../../plugins/db.js';
import { AppError } from '../../shared/app-error.js';
import type { Clock } from '../../shared/clock.js';
import { claimGatewayEvent } from '../webhooks/gateway-events.repository.js';
import { headerOf, rawBodyOf, registerRawBodyScope } from '../webhooks/raw-body-scope.js';
import { documentWebhook, WEBHOOK_ERRORS } from '../../plugins/webhook-docs.js';
import {
  RAZORPAY_EVENT_ID_HEADER,
  RAZORPAY_SIGNATURE_HEADER,
  verifyRazorpaySignature,
} from './razorpay-signature.js';

/** Razorpay's event envelope; each product reads its own entities from `payload`. */
const razorpayEventSchema = z
  .object({
    entity: z.literal('event'),
    event: z.string().min(1).max(100),
    created_at: z.int().min(0),
    payload: z.record(z.string(), z.unknown()),
  })
  .loose();

export type RazorpayEvent = z.infer<typeof razorpayEventSchema>;

export interface RazorpayWebhookRoute {
  /** e.g. `/webhooks/payouts/razorpayx`. */
  path: string;
  /** Our provider name: the event ids are de-duplicated per provider in `gateway_events`. */
  provider: string;
  /** What Razorpay reports on this route, for the admin API document. */
  summary: string;
  /**
   * What `apply` reads of the event's `payload`, for the document (the route itself reads
   * only the envelope).
   */
  payload: z.ZodType;
  secret: string;
  db: Database;
  clock: Clock;
  /**
   * Applies a new event in the transaction that records its id (so a redelivery changes
   * nothing); events it does not handle it leaves alone. An AppError thrown here rolls the
   * id back too, so a malformed event is refused (4xx) rather than recorded as handled.
   */
  apply(tx: Transaction, event: RazorpayEvent, eventId: string, at: Date): Promise<void>;
}

/**
 * A Razorpay webhook endpoint (RazorpayX payouts, Smart Collect credits): `X-Razorpay-Signature`
 * checked on the raw bytes in constant time (a bad or missing one → 401, code 4206, nothing
 * written), the event id from `X-Razorpay-Event-Id` (a hash of the body when absent), claimed
 * in `gateway_events` in the transaction that applies the event. Answers 200 with
 * `duplicate: true` to a redelivery.
 */
export async function registerRazorpayWebhook(
  app: FastifyInstance,
  route: RazorpayWebhookRoute,
): Promise<void> {
  documentWebhook(app, {
    method: 'POST',
    path: route.path,
    provider: route.provider,
    summary: route.summary,
    headers: [
      {
        name: RAZORPAY_SIGNATURE_HEADER,
        required: true,
        description:
          'Hex HMAC-SHA256 of the raw body under the webhook secret. Refused (401, 4206) when missing or wrong.',
        pattern: '^[0-9a-fA-F]{64}$',
      },
      {
        name: RAZORPAY_EVENT_ID_HEADER,
        required: false,
        description:
          "Razorpay's event id, the same on every redelivery (at most 200 characters): a redelivered id is answered 200 with duplicate true and changes nothing. When absent, the SHA-256 of the body stands for it.",
      },
    ],
    body: razorpayEventSchema.extend({ payload: route.payload }),
    errors: WEBHOOK_ERRORS,
  });
  await registerRawBodyScope(app, (scope) => {
    scope.post(route.path, async (request, reply) => {
      const raw = rawBodyOf(request);
      if (
        !verifyRazorpaySignature(route.secret, headerOf(request, RAZORPAY_SIGNATURE_HEADER), raw)
      ) {
        request.log.warn({ path: route.path }, 'webhook refused');
        throw new AppError('webhookRejected', { detail: 'signature' });
      }
      let json: unknown;
      try {
        json = JSON.parse(raw.toString('utf8'));
      } catch {
        throw new AppError('malformedJson');
      }
      const parsed = razorpayEventSchema.safeParse(json);
      if (!parsed.success) throw AppError.invalid('body', 'not a Razorpay event');
      const event = parsed.data;
      const eventId =
        headerOf(request, RAZORPAY_EVENT_ID_HEADER) ??
        createHash('sha256').update(raw).digest('hex');
      if (eventId.length > 200) throw AppError.invalid(RAZORPAY_EVENT_ID_HEADER, 'too long');
      const now = route.clock.now();
      const applied = await route.db.transaction(async (tx) => {
        const fresh = await claimGatewayEvent(tx, {
          provider: route.provider,
          eventId,
          eventType: event.event,
          payload: event,
          at: now,
        });
        if (fresh) await route.apply(tx, event, eventId, now);
        return fresh;
      });
      return reply.send({ code: 0, msg: 'OK', ret: { eventId, duplicate: !applied } });
    });
  });
}
