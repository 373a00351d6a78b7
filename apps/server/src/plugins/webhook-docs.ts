import type { ErrorKey } from '@lending/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';

/** A header a gateway sends with its webhook, as the document shows it. */
export interface WebhookHeader {
  name: string;
  required: boolean;
  description: string;
  pattern?: string;
}

/**
 * One webhook route as the admin API document shows it (decision 0069): recorded by the
 * function that registers the route, from the same schema and header names it reads, so the
 * document lists exactly the webhooks this server answers (a gateway that is not configured
 * has none).
 */
export interface WebhookDocumentation {
  method: 'POST';
  /** e.g. `/webhooks/payouts/razorpayx`. */
  path: string;
  /** Our name of the gateway (`razorpayx`, `sandbox-sms`…): the operation id's last part. */
  provider: string;
  summary: string;
  /** How the gateway signs the call, and any other header the route reads. */
  headers: readonly WebhookHeader[];
  /** The body as the server reads it (it keeps the rest as received). */
  body: z.ZodType;
  /** Every error the route answers (the tests hold the routes to it, as they do endpoints). */
  errors: readonly ErrorKey[];
}

/**
 * What any webhook route may answer besides 200: a missing, malformed, stale or wrong
 * signature (401, 4206), a body that is not JSON (4001) or not the gateway's event (4000), a
 * body too large, the request limit, and an unexpected failure. The raw-body scope takes any
 * media type, so 415 never comes.
 */
export const WEBHOOK_ERRORS: readonly ErrorKey[] = [
  'validationFailed',
  'malformedJson',
  'webhookRejected',
  'bodyTooLarge',
  'rateLimited',
  'internal',
];

const documented = new WeakMap<FastifyInstance, WebhookDocumentation[]>();

export function documentWebhook(app: FastifyInstance, documentation: WebhookDocumentation): void {
  documented.set(app, [...(documented.get(app) ?? []), documentation]);
}

/** The webhooks registered on `app` so far, in the order they were registered. */
export function documentedWebhooks(app: FastifyInstance): readonly WebhookDocumentation[] {
  return documented.get(app) ?? [];
}
