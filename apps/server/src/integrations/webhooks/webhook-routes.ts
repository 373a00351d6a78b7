import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database, Transaction } from '../../plugins/db.js';
import { AppError } from '../../shared/app-error.js';
import { refuseUnstorableText } from '../../plugins/input.js';
import type { Clock } from '../../shared/clock.js';
import { claimGatewayEvent } from './gateway-events.repository.js';
import { headerOf, rawBodyOf, registerRawBodyScope } from './raw-body-scope.js';
import { SIGNATURE_HEADER, verifySignature } from './signature.js';
import { documentWebhook, WEBHOOK_ERRORS } from '../../plugins/webhook-docs.js';

/** The envelope every gateway event is reduced to: a provider-unique id, a type and its data. */
export const gatewayEventSchema = z.object({
  id: z.string().min(1).max(200),
  type: z.string().min(1).max(100),
  createdAt: z.iso.datetime({ offset: true }).optional(),
  data: z.record(z.string(), z.unknown()),
});
export type GatewayEvent = z.infer<typeof gatewayEventSchema>;

export interface WebhookRoute {
  /** e.g. `/webhooks/collections/sandbox`. */
  path: string;
  provider: string;
  /** What the gateway reports on this route, for the admin API document. */
  summary: string;
  secret: string;
  /** Applies the event; runs in the transaction that also records its id. */
  apply(tx: Transaction, event: GatewayEvent, at: Date): Promise<void>;
}

export interface WebhookRouteOptions {
  db: Database;
  clock: Clock;
  toleranceSeconds: number;
  /** Called with the outcome of each webhook (logs, tests). */
  onOutcome?: (outcome: { path: string; eventId?: string; result: string }) => void;
}

/**
 * Registers signed webhook endpoints in their own raw-body scope (raw-body-scope.ts): the
 * signature is checked on exactly what the gateway signed, before anything is parsed. A bad or stale signature → 401 (code 4206); a redelivered event id →
 * 200 without a second effect (the id is recorded in the effect's own transaction).
 */
export async function registerWebhookRoutes(
  app: FastifyInstance,
  routes: readonly WebhookRoute[],
  options: WebhookRouteOptions,
): Promise<void> {
  for (const route of routes) {
    documentWebhook(app, {
      method: 'POST',
      path: route.path,
      provider: route.provider,
      summary: route.summary,
      headers: [
        {
          name: SIGNATURE_HEADER,
          required: true,
          description:
            '`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" under the webhook secret>`; several v1 values while a secret is rotated. Refused (401, 4206) when missing, malformed, wrong or further than the tolerance from now.',
        },
      ],
      body: gatewayEventSchema,
      errors: WEBHOOK_ERRORS,
    });
  }
  await registerRawBodyScope(app, (scope) => {
    for (const route of routes) {
      scope.post(route.path, async (request, reply) => {
        const raw = rawBodyOf(request);
        const now = options.clock.now();
        const check = verifySignature(
          route.secret,
          headerOf(request, SIGNATURE_HEADER),
          raw,
          now,
          options.toleranceSeconds,
        );
        if (!check.ok) {
          options.onOutcome?.({ path: route.path, result: `refused: ${check.reason}` });
          request.log.warn({ path: route.path, reason: check.reason }, 'webhook refused');
          throw new AppError('webhookRejected', { detail: check.reason });
        }
        let json: unknown;
        try {
          json = JSON.parse(raw.toString('utf8'));
        } catch {
          throw new AppError('malformedJson');
        }
        refuseUnstorableText(json);
        const parsed = gatewayEventSchema.safeParse(json);
        if (!parsed.success) throw AppError.invalid('body', 'not a gateway event');
        const event = parsed.data;
        const applied = await options.db.transaction(async (tx) => {
          const fresh = await claimGatewayEvent(tx, {
            provider: route.provider,
            eventId: event.id,
            eventType: event.type,
            payload: event,
            at: now,
          });
          if (fresh) await route.apply(tx, event, now);
          return fresh;
        });
        options.onOutcome?.({
          path: route.path,
          eventId: event.id,
          result: applied ? 'applied' : 'duplicate',
        });
        return reply.send({ code: 0, msg: 'OK', ret: { eventId: event.id, duplicate: !applied } });
      });
    }
  });
}
