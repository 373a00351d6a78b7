/**
 * The gateways and the book's handling of them, wired once: the adapters of integrations/
 * (which import nothing of the modules), the payouts module sending the book's payouts through
 * the payout gateway, the collections module applying the credits the collection gateway
 * reports, marketing's opt-outs taking the borrowers' SMS replies, and the SMS configuration
 * choosing the SMS gateway in force. app.ts decorates the
 * server with the result as `app.integrations`: the server's jobs, the simulator and the tests
 * reach the gateways and the dispatcher through that one handle.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from './plugins/db.js';
import type { Clock } from './shared/clock.js';
import { createIntegrations, type IntegrationsDeps } from './integrations/index.js';
import { createCollectionsModule } from './modules/collections/index.js';
import type { LoanBookDeps } from './modules/loan-book/index.js';
import { applyOptOutReply } from './modules/marketing-sms/index.js';
import { smsProviderSettings } from './modules/ops-config/index.js';
import { createPayoutsModule, type PayoutsModuleDeps } from './modules/payouts/index.js';

export interface GatewaysDeps extends Omit<IntegrationsDeps, 'smsSettings'> {
  db: Database;
  clock: Clock;
  loanBook: LoanBookDeps;
  payoutDispatcher?: PayoutsModuleDeps['dispatcher'];
}

export function wireGateways(deps: GatewaysDeps) {
  const { payoutDispatcher, loanBook, ...integrationsDeps } = deps;
  // The SMS gateway in force is the one smsConfig saved (decision 0079), read at each message.
  const integrations = createIntegrations({
    ...integrationsDeps,
    smsSettings: smsProviderSettings,
  });
  const payouts = createPayoutsModule({
    db: deps.db,
    clock: deps.clock,
    loanBook,
    gateway: integrations.payouts.gateway,
    config: integrations.payouts.config,
    ...(payoutDispatcher ? { dispatcher: payoutDispatcher } : {}),
  });
  const collections = createCollectionsModule({
    db: deps.db,
    clock: deps.clock,
    loanBook,
    gateway: integrations.collectionGateway,
    ...(integrations.razorpayCollections ? { razorpay: integrations.razorpayCollections } : {}),
    reconciliation: integrations.config.collectionReconciliation,
  });
  return {
    ...integrations,
    payouts: {
      ...integrations.payouts,
      dispatcher: payouts.dispatcher,
      addOtherPayouts: payouts.addOtherPayouts,
    },
    reconcileCollections: collections.reconcile,
    collectionsReconciliationJob: collections.reconciliationJob,
    async registerWebhooks(app: FastifyInstance) {
      await payouts.registerProviderWebhooks(app);
      await collections.registerProviderWebhooks(app);
      return integrations.registerWebhooks(app, {
        collectionCredit: collections.applyCredit,
        payoutEvent: payouts.applySandboxEvent,
        smsReply: applyOptOutReply,
      });
    },
  };
}

export type Gateways = ReturnType<typeof wireGateways>;
