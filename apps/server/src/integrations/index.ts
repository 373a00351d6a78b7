/**
 * Gateways behind ports (SMS, collections, payouts) with their sandbox adapters, and the
 * shared signed-webhook plumbing: raw-body HMAC verification, timestamp window, and event
 * de-duplication in the transaction that applies the event.
 */
import type { FastifyInstance } from 'fastify';
import type { Database, Transaction } from '../plugins/db.js';
import type { Clock } from '../shared/clock.js';
import type { LoanBookDeps } from '../modules/loan-book/index.js';
import type { IntegrationsConfig } from './config.js';
import type { CollectionGateway } from './collections/collection-gateway.js';
import { applyCollectionCredit } from './collections/collections.service.js';
import {
  reconcileCollections,
  startCollectionsReconciliation,
  type CollectionsReconciliationReport,
} from './collections/collections-reconciliation.js';
import {
  createRazorpaySmartCollectGateway,
  RAZORPAY_COLLECTIONS_WEBHOOK_PATH,
} from './collections/razorpay-smart-collect.js';
import { registerRazorpayCollectionsWebhook } from './collections/razorpay-smart-collect-webhook.js';
import {
  createSandboxCollectionGateway,
  SANDBOX_COLLECTIONS_WEBHOOK_PATH,
  type SandboxCollectionGateway,
} from './collections/sandbox-collections.js';
import {
  createSandboxSmsGateway,
  SANDBOX_SMS_WEBHOOK_PATH,
  type SandboxSmsGateway,
} from './sms/sandbox-sms.js';
import { applySmsEvent } from './sms/sms.service.js';
import { applyOptOutReply } from '../modules/marketing-sms/opt-out-replies.js';
import {
  httpDeliverer,
  timerScheduler,
  type Scheduler,
  type WebhookDeliverer,
} from './webhooks/delivery.js';
import {
  registerWebhookRoutes,
  type GatewayEvent,
  type WebhookRouteOptions,
} from './webhooks/webhook-routes.js';
import {
  createPayoutIntegration,
  loadPayoutsConfig,
  type PayoutGateway,
  type PayoutIntegrationDeps,
  type PayoutsConfig,
} from './payouts/index.js';

export {
  loadIntegrationsConfig,
  DEV_SANDBOX_WEBHOOK_SECRET,
  type IntegrationsConfig,
  type RazorpayCollectionsConfig,
} from './config.js';
export type { SmsGateway } from './sms/sms-gateway.js';
export { SMS_TEMPLATES } from './sms/sms-gateway.js';
export { sendSms, findSmsMessage } from './sms/sms.service.js';
export { DEFAULT_SMS_TEMPLATES, seedSmsTemplates, templateVariables } from './sms/sms-templates.js';
export { smsTemplates, type SmsTemplateRow } from './sms/sms-templates.table.js';
export { smsMessages } from './sms/sms.table.js';
export type {
  CollectionGateway,
  GatewayVirtualAccount,
  StatementCredit,
} from './collections/collection-gateway.js';
export {
  CollectionGatewayRejected,
  CollectionGatewayUnavailable,
} from './collections/collection-gateway.js';
export {
  createRazorpaySmartCollectGateway,
  RAZORPAY_COLLECTIONS_WEBHOOK_PATH,
  RAZORPAY_SMART_COLLECT_PROVIDER,
} from './collections/razorpay-smart-collect.js';
export {
  ensureVirtualAccount,
  findVirtualAccount,
  creditsOfPayment,
} from './collections/collections.service.js';
export type {
  CollectionsReconciliationReport,
  CreditBreak,
} from './collections/collections-reconciliation.js';
export { openPaymentRequest } from './collections/payment-requests.js';
export type { PaymentPurpose } from './collections/payment-requests.table.js';
export { claimGatewayEvent, findGatewayEvent } from './webhooks/gateway-events.repository.js';
export { signatureHeader, verifySignature, SIGNATURE_HEADER } from './webhooks/signature.js';
export {
  registerWebhookRoutes,
  type WebhookRoute,
  type GatewayEvent,
} from './webhooks/webhook-routes.js';
export {
  httpDeliverer,
  timerScheduler,
  deliverWithRetries,
  type Scheduler,
  type WebhookDeliverer,
} from './webhooks/delivery.js';
export { SANDBOX_SMS_WEBHOOK_PATH, SANDBOX_COLLECTIONS_WEBHOOK_PATH };
export type { SandboxSmsGateway, SandboxCollectionGateway };

export interface IntegrationsDeps {
  config: IntegrationsConfig;
  db: Database;
  clock: Clock;
  loanBook: LoanBookDeps;
  /** Tests deliver webhooks through app.inject; the default is HTTP to the base URL. */
  deliver?: WebhookDeliverer;
  scheduler?: Scheduler;
  random?: () => number;
  onWebhook?: WebhookRouteOptions['onOutcome'];
  /** Payout gateway settings (default: from the environment). */
  payouts?: PayoutsConfig;
  /** Another payout gateway than the configured one (tests: a fault-injecting double). */
  payoutGateway?: PayoutGateway;
  payoutDispatcher?: PayoutIntegrationDeps['dispatcher'];
}

export function createIntegrations(deps: IntegrationsDeps) {
  const { config, clock } = deps;
  const deliver = deps.deliver ?? httpDeliverer(config.webhookBaseUrl);
  const scheduler = deps.scheduler ?? timerScheduler();
  const sandbox = {
    clock,
    secret: config.sandboxWebhookSecret,
    deliver,
    scheduler,
    minDelayMs: config.sandbox.minDelayMs,
    maxDelayMs: config.sandbox.maxDelayMs,
    duplicateRate: config.sandbox.duplicateRate,
    ...(deps.random ? { random: deps.random } : {}),
  };
  const sms: SandboxSmsGateway = createSandboxSmsGateway({
    ...sandbox,
    failureRate: config.sandbox.smsFailureRate,
    ...(config.sandbox.smsOutboxFile ? { outboxFile: config.sandbox.smsOutboxFile } : {}),
  });
  /** The sandbox bank: the simulator and tests pay in through its `simulateCredit`. */
  const collections: SandboxCollectionGateway = createSandboxCollectionGateway(sandbox);
  /** The collection gateway in use: the sandbox (default) or Razorpay Smart Collect. */
  const collectionGateway: CollectionGateway =
    config.collectionGateway === 'razorpay' && config.razorpay
      ? createRazorpaySmartCollectGateway(config.razorpay)
      : collections;
  const sandboxCollecting = collectionGateway === collections;
  const payouts = createPayoutIntegration({
    config: deps.payouts ?? loadPayoutsConfig(),
    db: deps.db,
    clock,
    loanBook: deps.loanBook,
    sandboxWebhookSecret: config.sandboxWebhookSecret,
    bankVerifyFailureRate: config.sandbox.bankVerifyFailureRate,
    deliver,
    scheduler,
    ...(deps.random ? { random: deps.random } : {}),
    ...(deps.payoutGateway ? { gateway: deps.payoutGateway } : {}),
    ...(deps.payoutDispatcher ? { dispatcher: deps.payoutDispatcher } : {}),
  });

  const reconciliationDeps = {
    db: deps.db,
    clock,
    loanBook: deps.loanBook,
    gateway: collectionGateway,
  };

  return {
    sms,
    collections,
    collectionGateway,
    payouts,
    scheduler,
    /** The gateway's statement of credits for the period against the book (lost webhooks). */
    reconcileCollections: (period: { from: Date; to: Date }) =>
      reconcileCollections(reconciliationDeps, period),
    /** The periodic reconciliation of the settings (none when off); returns a stop function. */
    startCollectionsReconciliation(handlers: {
      onReport: (report: CollectionsReconciliationReport) => void;
      onError: (error: unknown) => void;
    }): () => void {
      const { intervalMinutes, lookbackHours } = config.collectionReconciliation;
      if (intervalMinutes === 0) return () => undefined;
      return startCollectionsReconciliation(reconciliationDeps, {
        intervalMs: intervalMinutes * 60_000,
        lookbackMs: lookbackHours * 3_600_000,
        // Credits of the last minutes may still have their webhook on the way.
        graceMs: 5 * 60_000,
        ...handlers,
      });
    },
    async registerWebhooks(app: FastifyInstance) {
      await payouts.registerProviderWebhooks(app);
      if (config.razorpay && !sandboxCollecting) {
        await registerRazorpayCollectionsWebhook(app, {
          path: RAZORPAY_COLLECTIONS_WEBHOOK_PATH,
          secret: config.razorpay.webhookSecret,
          db: deps.db,
          clock,
          loanBook: deps.loanBook,
        });
      }
      return registerWebhookRoutes(
        app,
        [
          {
            path: SANDBOX_SMS_WEBHOOK_PATH,
            provider: 'sandbox-sms',
            secret: config.sandboxWebhookSecret,
            apply: (tx, event, at) => applySmsEvent(tx, sms.provider, event, at, applyOptOutReply),
          },
          // Sandbox credits only while the sandbox collects: its secret has a public
          // development default, and a real book must take money from the real gateway alone.
          ...(sandboxCollecting
            ? [
                {
                  path: SANDBOX_COLLECTIONS_WEBHOOK_PATH,
                  provider: 'sandbox-collections',
                  secret: config.sandboxWebhookSecret,
                  apply: async (tx: Transaction, event: GatewayEvent, at: Date) => {
                    await applyCollectionCredit(tx, deps.loanBook, collections.provider, event, at);
                  },
                },
              ]
            : []),
          ...payouts.webhookRoutes,
        ],
        {
          db: deps.db,
          clock,
          toleranceSeconds: config.webhookToleranceSeconds,
          ...(deps.onWebhook ? { onOutcome: deps.onWebhook } : {}),
        },
      );
    },
  };
}

export type Integrations = ReturnType<typeof createIntegrations>;
