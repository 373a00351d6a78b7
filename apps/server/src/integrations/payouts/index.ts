/**
 * The payout gateway: its port, the sandbox (default) and RazorpayX adapters and their
 * settings. Sending the book's payouts through it and applying what it reports is the payouts
 * module's (modules/payouts); the payouts themselves are the loan book's.
 */
import type { Clock } from '../../shared/clock.js';
import type { Scheduler, WebhookDeliverer } from '../webhooks/delivery.js';
import type { PayoutGateway } from './payout-gateway.js';
import type { PayoutsConfig } from './payouts.config.js';
import { createRazorpayXGateway } from './razorpayx-payouts.js';
import { createSandboxPayoutGateway, type SandboxPayoutGateway } from './sandbox-payouts.js';

export * from './payout-gateway.js';
export { loadPayoutsConfig, type PayoutsConfig } from './payouts.config.js';
export {
  createSandboxPayoutGateway,
  sandboxPayoutEvent,
  SANDBOX_PAYOUTS_WEBHOOK_PATH,
  type SandboxPayoutGateway,
} from './sandbox-payouts.js';
export {
  createRazorpayXGateway,
  RAZORPAYX_WEBHOOK_PATH,
  type RazorpayPayoutEntity,
} from './razorpayx-payouts.js';
export { razorpaySignature, verifyRazorpaySignature } from '../razorpay/razorpay-signature.js';
export { createManualScheduler, type ManualScheduler } from './manual-scheduler.js';

export const SANDBOX_PAYOUTS_PROVIDER = 'sandbox-payouts';

export interface PayoutGatewayDeps {
  config: PayoutsConfig;
  clock: Clock;
  /** The shared sandbox webhook secret (integrations config). */
  sandboxWebhookSecret: string;
  /** Share of sandbox penny drops that fail (integrations config). */
  bankVerifyFailureRate?: number;
  deliver: WebhookDeliverer;
  scheduler: Scheduler;
  random?: () => number;
  /** Another gateway (RazorpayX, a test double) instead of the configured one. */
  gateway?: PayoutGateway;
}

/** The configured payout gateway, and the sandbox when it is the one (tests fund it). */
export function createPayoutGateway(deps: PayoutGatewayDeps) {
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
  return { gateway, sandbox, config };
}

export type PayoutGateways = ReturnType<typeof createPayoutGateway>;
