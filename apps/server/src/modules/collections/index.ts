/**
 * Money the borrowers pay in by bank transfer or UPI to their virtual accounts: the accounts,
 * each credit applied once to the open loan (or kept unmatched), the payment requests a
 * rollover or a cooling-off exit waits on, and the reconciliation with the gateway's statement
 * of credits. The gateways themselves (sandbox, Razorpay Smart Collect) are adapters in
 * integrations/collections; dunning of overdue loans is the recovery module.
 */
import type { FastifyInstance } from 'fastify';
import type { Database, Transaction } from '../../plugins/db.js';
import type { Clock } from '../../shared/clock.js';
import type { Job } from '../../shared/jobs.js';
import type { CollectionGateway } from '../../integrations/collections/collection-gateway.js';
import { RAZORPAY_COLLECTIONS_WEBHOOK_PATH } from '../../integrations/collections/razorpay-smart-collect.js';
import type { RazorpayCollectionsConfig } from '../../integrations/config.js';
import type { GatewayEvent } from '../../integrations/webhooks/webhook-routes.js';
import type { LoanBookDeps } from '../loan-book/index.js';
import { applyCollectionCredit } from './collections.service.js';
import {
  collectionsReconciliationJob,
  reconcileCollections,
  type CollectionsReconciliationReport,
} from './collections-reconciliation.js';
import { registerRazorpayCollectionsWebhook } from './razorpay-smart-collect-webhook.js';

export {
  applyCollectionCredit,
  applyUnmatchedCredit,
  creditValueDate,
  ensureVirtualAccount,
} from './collections.service.js';
export {
  applyCreditByAgreement,
  borrowerOfCredit,
  holdCreditForRefund,
  notFoundField,
  releaseUnappliedCredit,
  setRefundStatusOfCredit,
  unappliedJournalKey,
  type ApplyByAgreementInput,
} from './unapplied-credits.js';
export {
  creditsOfPayment,
  creditsOfPeriod,
  findCredit,
  findVirtualAccount,
  repaymentIdOfCredit,
} from './collections.repository.js';
export {
  reconcileCollections,
  type CollectionsReconciliationReport,
} from './collections-reconciliation.js';
export { openPaymentRequest } from './payment-requests.js';
export type { PaymentPurpose } from './payment-requests.table.js';

export interface CollectionsModuleDeps {
  db: Database;
  clock: Clock;
  loanBook: LoanBookDeps;
  /** The collection gateway in use (integrations/collections). */
  gateway: CollectionGateway;
  /** Razorpay Smart Collect's settings while it collects: its webhook is registered. */
  razorpay?: RazorpayCollectionsConfig;
  /** Statement reconciliation; intervalMinutes 0 = off. */
  reconciliation: { intervalMinutes: number; lookbackHours: number };
}

export function createCollectionsModule(deps: CollectionsModuleDeps) {
  const { db, clock, loanBook } = deps;
  const reconciliationDeps = { db, clock, loanBook, gateway: deps.gateway };
  return {
    /** A credit a gateway's webhook reports, applied in the webhook's transaction. */
    async applyCredit(tx: Transaction, provider: string, event: GatewayEvent, at: Date) {
      await applyCollectionCredit(tx, loanBook, provider, event, at);
    },
    /** The gateway's statement of credits for the period against the book (lost webhooks). */
    reconcile: (period: { from: Date; to: Date }) =>
      reconcileCollections(reconciliationDeps, period),
    /** The periodic reconciliation of the settings as a job (server.ts's list); none when off. */
    reconciliationJob(): Job<CollectionsReconciliationReport> | null {
      const { intervalMinutes, lookbackHours } = deps.reconciliation;
      if (intervalMinutes === 0) return null;
      return collectionsReconciliationJob(reconciliationDeps, {
        intervalMs: intervalMinutes * 60_000,
        lookbackMs: lookbackHours * 3_600_000,
        // Credits of the last minutes may still have their webhook on the way.
        graceMs: 5 * 60_000,
      });
    },
    /** Razorpay Smart Collect's credit webhook (its own signature scheme), when it collects. */
    async registerProviderWebhooks(app: FastifyInstance) {
      if (!deps.razorpay) return;
      await registerRazorpayCollectionsWebhook(app, {
        path: RAZORPAY_COLLECTIONS_WEBHOOK_PATH,
        secret: deps.razorpay.webhookSecret,
        db,
        clock,
        loanBook,
      });
    },
  };
}

export type CollectionsModule = ReturnType<typeof createCollectionsModule>;
