/**
 * The payout gateway: its port, the sandbox (default) and RazorpayX adapters, the dispatcher
 * that sends committed payouts with their own idempotency key and resolves unknown ones by
 * status lookup, and the payout webhooks. The payouts themselves are the loan book's.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../plugins/db.js';
import type { Clock } from '../../shared/clock.js';
import type { LoanBookDeps } from '../../modules/loan-book/index.js';
import type { Scheduler, WebhookDeliverer } from '../webhooks/delivery.js';
import type { WebhookRoute } from '../webhooks/webhook-routes.js';
import type { PayoutGateway } from './payout-gateway.js';
import { createPayoutDispatcher, type PayoutDispatcherOptions } from './payout-dispatcher.js';
import { applySandboxPayoutEvent, type OtherPayouts } from './payout-results.js';
import type { PayoutsConfig } from './payouts.config.js';
import { createRazorpayXGateway, RAZORPAYX_WEBHOOK_PATH } from './razorpayx-payouts.js';
import { registerRazorpayXWebhook } from './razorpayx-webhook.js';
import {
  createSandboxPayoutGateway,
  SANDBOX_PAYOUTS_WEBHOOK_PATH,
  type SandboxPayoutGateway,
} from './sandbox-payouts.js';

export * from './payout-gateway.js';
export { loadPayoutsConfig, type PayoutsConfig } from './payouts.config.js';
export {
  createPayoutDispatcher,
  type PayoutDispatcher,
  type SweepReport,
} from './payout-dispatcher.js';
export {
  applyGatewayPayout,
  payoutReference,
  payoutIdOfReference,
  outcomeOf,
  type OtherPayouts,
} from './payout-results.js';
export {
  createSandboxPayoutGateway,
  sandboxPayoutEvent,
  SANDBOX_PAYOUTS_WEBHOOK_PATH,
  type SandboxPayoutGateway,
} from './sandbox-payouts.js';
export { payoutDispatches, type PayoutDispatchRow } from './payout-dispatches.table.js';
export { payoutGatewayReferences } from './payout-references.js';
export {
  createRazorpayXGateway,
  RAZORPAYX_WEBHOOK_PATH,
  type RazorpayPayoutEntity,
} from './razorpayx-payouts.js';
export { razorpaySignature, verifyRazorpaySignature } from '../razorpay/razorpay-signature.js';
export { registerRazorpayXWebhook, RAZORPAYX_PROVIDER } from './razorpayx-webhook.js';
export { createManualScheduler, type ManualScheduler } from './manual-scheduler.js';

export const SANDBOX_PAYOUTS_PROVIDER = 'sandbox-payouts';

export interface PayoutIntegrationDeps {
  config: PayoutsConfig;
  db: Database;
  clock: Clock;
  loanBook: LoanBookDeps;
  /** The shared sandbox webhook secret (integrations config). */
  sandboxWebhookSecret: string;
  /** Share of sandbox penny drops that fail (integrations config). */
  bankVerifyFailureRate?: number;
  deliver: WebhookDeliverer;
  scheduler: Scheduler;
  random?: () => number;
  /** Another gateway (RazorpayX, a test double) instead of the configured one. */
  gateway?: PayoutGateway;
  dispatcher?: Partial<
    Pick<
      PayoutDispatcherOptions,
      'beforeGatewayCall' | 'onError' | 'callTimeoutMs' | 'recheckAfterMs' | 'retryAfterMs'
    >
  >;
}

export function createPayoutIntegration(deps: PayoutIntegrationDeps) {
  const { config } = deps;
  const sandbox: SandboxPayoutGateway | undefined =
    deps.gateway || config.gateway !== 'sandbox'
      ? undefined
      : createSandboxPayoutGateway({
          clock: deps.clock,
          secret: deps.sandboxWebhookSecret,
          deliver: deps.deliver,
          scheduler: deps.scheduler,
          ...config.sandbox,
          bankVerifyFailureRate: deps.bankVerifyFailureRate ?? 0,
          ...(deps.random ? { random: deps.random } : {}),
        });
  const razorpayx =
    !deps.gateway && config.gateway === 'razorpayx' && config.razorpayx
      ? createRazorpayXGateway(config.razorpayx)
      : undefined;
  const gateway = deps.gateway ?? sandbox ?? razorpayx;
  if (!gateway) throw new Error(`payout gateway ${config.gateway} needs an adapter`);
  const dispatcher = createPayoutDispatcher({
    db: deps.db,
    loanBook: deps.loanBook,
    gateway,
    clock: deps.clock,
    callTimeoutMs: config.callTimeoutMs,
    retryAfterMs: config.retryAfterMs,
    ...deps.dispatcher,
  });
  // The sandbox's webhook only while the sandbox pays out: its secret has a public
  // development default, and a real gateway's payouts must change only by its own events.
  const others: OtherPayouts[] = [];
  const webhookRoutes: WebhookRoute[] =
    config.gateway !== 'sandbox'
      ? []
      : [
          {
            path: SANDBOX_PAYOUTS_WEBHOOK_PATH,
            provider: SANDBOX_PAYOUTS_PROVIDER,
            secret: deps.sandboxWebhookSecret,
            apply: (tx, event, at) =>
              applySandboxPayoutEvent(tx, deps.loanBook, gateway.provider, event, at, others),
          },
        ];
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
  return { gateway, sandbox, dispatcher, webhookRoutes, registerProviderWebhooks, addOtherPayouts };
}

export type PayoutIntegration = ReturnType<typeof createPayoutIntegration>;
