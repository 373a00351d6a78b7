import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../plugins/db.js';
import { AppError } from '../../shared/app-error.js';
import type { Clock } from '../../shared/clock.js';
import type { LoanBookDeps } from '../loan-book/index.js';
import { registerRazorpayWebhook } from '../../integrations/razorpay/razorpay-webhook-route.js';
import { applyGatewayPayout, payoutIdOfReference } from './payout-results.js';
import {
  payoutOfRazorpay,
  type RazorpayPayoutEntity,
} from '../../integrations/payouts/razorpayx-payouts.js';

const payoutPayloadSchema = z
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
  .loose();

export const RAZORPAYX_PROVIDER = 'razorpayx';

/**
 * RazorpayX payout webhooks (`payout.processed|failed|reversed|…`) on the shared Razorpay
 * webhook route (signature on the raw body, event id claimed in the applying transaction).
 * The payout is found by our `reference_id`; events of payouts that are not ours are recorded
 * and otherwise ignored.
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
  await registerRazorpayWebhook(app, {
    path: options.path,
    provider: RAZORPAYX_PROVIDER,
    summary:
      'RazorpayX payout events (payout.processed, payout.failed, payout.reversed…): the payout is found by our reference_id; other events, and payouts that are not ours, are recorded and left alone',
    payload: payoutPayloadSchema,
    secret: options.secret,
    db: options.db,
    clock: options.clock,
    async apply(tx, event, _eventId, at) {
      const payload = payoutPayloadSchema.safeParse(event.payload);
      if (!payload.success) throw AppError.invalid('body', 'not a RazorpayX event');
      const entity = payload.data.payout?.entity as RazorpayPayoutEntity | undefined;
      if (!entity || !event.event.startsWith('payout.')) return;
      const payoutId = entity.reference_id ? payoutIdOfReference(entity.reference_id) : undefined;
      if (payoutId === undefined) return; // not one of ours
      await applyGatewayPayout(
        tx,
        options.loanBook,
        RAZORPAYX_PROVIDER,
        payoutId,
        payoutOfRazorpay(entity, new Date(event.created_at * 1000)),
        at,
      );
    },
  });
}
