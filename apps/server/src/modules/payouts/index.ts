/**
 * Sending the loan book's committed payouts through the payout gateway and applying what the
 * gateway reports: the dispatcher (one send per payout under its own idempotency key, unknown
 * outcomes resolved by status lookup, decision 0061), the results applied to the book, and the
 * gateway references the order detail shows. The gateways (sandbox, RazorpayX) are adapters in
 * integrations/payouts; the payouts themselves are the loan book's rows.
 */
import type { FastifyInstance } from 'fastify';
import type { Database, Executor } from '../../plugins/db.js';
import type { Clock } from '../../shared/clock.js';
import {
  RAZORPAYX_WEBHOOK_PATH,
  type PayoutGateway,
  type PayoutsConfig,
} from '../../integrations/payouts/index.js';
import type { GatewayEvent } from '../../integrations/webhooks/webhook-routes.js';
import type { LoanBookDeps } from '../loan-book/index.js';
import { createPayoutDispatcher, type PayoutDispatcherOptions } from './payout-dispatcher.js';
import { applySandboxPayoutEvent, type OtherPayouts } from './payout-results.js';
import { registerRazorpayXWebhook } from './razorpayx-webhook.js';

export type { PayoutDispatcher, SweepReport } from './payout-dispatcher.js';
export {
  applyGatewayPayout,
  payoutIdOfReference,
  payoutReference,
  type OtherPayouts,
} from './payout-results.js';
export { payoutGatewayReferences } from './payout-references.js';

export interface PayoutsModuleDeps {
  db: Database;
  clock: Clock;
  loanBook: LoanBookDeps;
  /** The payout gateway in use (integrations/payouts). */
  gateway: PayoutGateway;
  /** Its settings: the dispatcher's timings, and RazorpayX's webhook when it pays out. */
  config: PayoutsConfig;
  dispatcher?: Partial<
    Pick<
      PayoutDispatcherOptions,
      'beforeGatewayCall' | 'onError' | 'callTimeoutMs' | 'recheckAfterMs' | 'retryAfterMs'
    >
  >;
}

export function createPayoutsModule(deps: PayoutsModuleDeps) {
  const { config } = deps;
  const dispatcher = createPayoutDispatcher({
    db: deps.db,
    loanBook: deps.loanBook,
    gateway: deps.gateway,
    clock: deps.clock,
    callTimeoutMs: config.callTimeoutMs,
    retryAfterMs: config.retryAfterMs,
    ...deps.dispatcher,
  });
  const others: OtherPayouts[] = [];
  /** A sandbox payout webhook (the book's payouts, or another owner's), in its transaction. */
  const applySandboxEvent = (tx: Executor, event: GatewayEvent, at: Date) =>
    applySandboxPayoutEvent(tx, deps.loanBook, deps.gateway.provider, event, at, others);
  /** Provider webhooks with their own signature scheme (RazorpayX), when configured. */
  async function registerProviderWebhooks(app: FastifyInstance) {
    if (!config.razorpayx) return;
    await registerRazorpayXWebhook(app, {
      path: RAZORPAYX_WEBHOOK_PATH,
      secret: config.razorpayx.webhookSecret,
      db: deps.db,
      clock: deps.clock,
      loanBook: deps.loanBook,
    });
  }
  /** Another module's payouts through this gateway (wallet withdrawals): their webhooks. */
  const addOtherPayouts = (owner: OtherPayouts) => void others.push(owner);
  return { dispatcher, applySandboxEvent, registerProviderWebhooks, addOtherPayouts };
}

export type PayoutsModule = ReturnType<typeof createPayoutsModule>;
