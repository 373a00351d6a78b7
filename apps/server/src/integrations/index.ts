/**
 * Gateways behind ports (SMS, collections, payouts) with their sandbox adapters, and the
 * shared signed-webhook plumbing: raw-body HMAC verification, timestamp window, and event
 * de-duplication in the transaction that applies the event.
 */
import type { FastifyInstance } from 'fastify';
import type { Database, Transaction } from '../plugins/db.js';
import type { Clock } from '../shared/clock.js';
import type { IntegrationsConfig } from './config.js';
import type { CollectionGateway } from './collections/collection-gateway.js';
import { createRazorpaySmartCollectGateway } from './collections/razorpay-smart-collect.js';
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
import { applySmsEvent, type SmsReplyHandler } from './sms/sms.service.js';
import { registerMsg91Webhook } from './sms/msg91-webhook-route.js';
import { createSmsGateways, type SmsProviderSettingsReader } from './sms/sms-gateways.js';
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
  createPayoutGateway,
  loadPayoutsConfig,
  SANDBOX_PAYOUTS_PROVIDER,
  SANDBOX_PAYOUTS_WEBHOOK_PATH,
  type PayoutGateway,
  type PayoutsConfig,
} from './payouts/index.js';

export {
  loadIntegrationsConfig,
  DEV_SANDBOX_WEBHOOK_SECRET,
  type IntegrationsConfig,
  type RazorpayCollectionsConfig,
} from './config.js';
export type { OutgoingSms, SmsGateway, SmsGateways } from './sms/sms-gateway.js';
export { SMS_TEMPLATES } from './sms/sms-gateway.js';
export type { SmsProviderSettings, SmsProviderSettingsReader } from './sms/sms-gateways.js';
export { sendSms, type SmsReplyHandler } from './sms/sms.service.js';
export { findSmsMessage } from './sms/sms.repository.js';
export {
  enabledSmsTemplatesOf,
  findSmsTemplate,
  smsTemplatesByCode,
} from './sms/sms-templates.repository.js';
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
  /** Tests deliver webhooks through app.inject; the default is HTTP to the base URL. */
  deliver?: WebhookDeliverer;
  scheduler?: Scheduler;
  random?: () => number;
  onWebhook?: WebhookRouteOptions['onOutcome'];
  /** Payout gateway settings (default: from the environment). */
  payouts?: PayoutsConfig;
  /** Another payout gateway than the configured one (tests: a fault-injecting double). */
  payoutGateway?: PayoutGateway;
  /**
   * Reads the SMS configuration's provider and key at each message (the ops-config module
   * keeps them; gateways.ts wires it, as an adapter imports no module).
   */
  smsSettings: SmsProviderSettingsReader;
}

/**
 * What the book does with the events the sandboxes' webhooks bring. The modules that own the
 * money apply them (modules/collections, modules/payouts, marketing's opt-outs); the gateways
 * only check the signature and record the event id in the applying transaction.
 */
export interface GatewayEventHandlers {
  collectionCredit(tx: Transaction, provider: string, event: GatewayEvent, at: Date): Promise<void>;
  payoutEvent(tx: Transaction, event: GatewayEvent, at: Date): Promise<void>;
  smsReply: SmsReplyHandler;
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
  /**
   * The SMS gateway in force, chosen at each message from the saved configuration within what
   * SMS_GATEWAY allows (decision 0079). What the modules send through; `sms` stays the sandbox,
   * whose outbox the simulator and tests read.
   */
  const smsGateways = createSmsGateways({
    sandbox: sms,
    mode: config.smsGateway,
    msg91: config.msg91,
    settings: deps.smsSettings,
  });
  /** The sandbox bank: the simulator and tests pay in through its `simulateCredit`. */
  const collections: SandboxCollectionGateway = createSandboxCollectionGateway(sandbox);
  /** The collection gateway in use: the sandbox (default) or Razorpay Smart Collect. */
  const collectionGateway: CollectionGateway =
    config.collectionGateway === 'razorpay' && config.razorpay
      ? createRazorpaySmartCollectGateway(config.razorpay)
      : collections;
  const sandboxCollecting = collectionGateway === collections;
  const payouts = createPayoutGateway({
    config: deps.payouts ?? loadPayoutsConfig(),
    clock,
    sandboxWebhookSecret: config.sandboxWebhookSecret,
    bankVerifyFailureRate: config.sandbox.bankVerifyFailureRate,
    deliver,
    scheduler,
    ...(deps.random ? { random: deps.random } : {}),
    ...(deps.payoutGateway ? { gateway: deps.payoutGateway } : {}),
  });

  return {
    config,
    sms,
    smsGateways,
    collections,
    collectionGateway,
    /** Razorpay Smart Collect's settings while it collects (its webhook is then registered). */
    razorpayCollections: sandboxCollecting ? undefined : config.razorpay,
    payouts,
    scheduler,
    /** The sandboxes' signed webhooks, each applied by the book's handler in its transaction. */
    async registerWebhooks(app: FastifyInstance, book: GatewayEventHandlers) {
      // MSG91's delivery reports, once its webhook has a token (it signs nothing).
      if (config.msg91.webhookToken) {
        await registerMsg91Webhook(app, { token: config.msg91.webhookToken, db: deps.db, clock });
      }
      await registerWebhookRoutes(
        app,
        [
          {
            path: SANDBOX_SMS_WEBHOOK_PATH,
            provider: 'sandbox-sms',
            summary:
              "The sandbox SMS gateway's events: delivery receipts (sms.status) and borrowers' replies (sms.inbound)",
            secret: config.sandboxWebhookSecret,
            apply: (tx, event, at) => applySmsEvent(tx, sms.provider, event, at, book.smsReply),
          },
          // Sandbox credits only while the sandbox collects: its secret has a public
          // development default, and a real book must take money from the real gateway alone.
          ...(sandboxCollecting
            ? [
                {
                  path: SANDBOX_COLLECTIONS_WEBHOOK_PATH,
                  provider: 'sandbox-collections',
                  summary: "The sandbox collection gateway's credits to virtual accounts",
                  secret: config.sandboxWebhookSecret,
                  apply: (tx: Transaction, event: GatewayEvent, at: Date) =>
                    book.collectionCredit(tx, collections.provider, event, at),
                },
              ]
            : []),
          // The sandbox's payout webhook only while the sandbox pays out, for the same reason:
          // a real gateway's payouts must change only by its own events.
          ...(payouts.config.gateway === 'sandbox'
            ? [
                {
                  path: SANDBOX_PAYOUTS_WEBHOOK_PATH,
                  provider: SANDBOX_PAYOUTS_PROVIDER,
                  summary: "The sandbox payout gateway's payout results",
                  secret: config.sandboxWebhookSecret,
                  apply: (tx: Transaction, event: GatewayEvent, at: Date) =>
                    book.payoutEvent(tx, event, at),
                },
              ]
            : []),
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
