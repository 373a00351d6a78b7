import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { checkLedger, createPayout, findOrder, type LoanBookDeps } from '../loan-book/index.js';
import { loanBookDeps, makeApprovedOrder, makeProduct } from '../../testing/loan-book.factories.js';
import { payouts } from '../loan-book/payouts.table.js';
import { DEV_SANDBOX_WEBHOOK_SECRET } from '../../integrations/config.js';
import type { WebhookDeliverer } from '../../integrations/webhooks/delivery.js';
import { createManualScheduler } from '../../integrations/payouts/manual-scheduler.js';
import {
  PayoutGatewayUnavailable,
  type PayoutGateway,
} from '../../integrations/payouts/payout-gateway.js';
import { payoutReference } from './payout-results.js';
import { loadPayoutsConfig } from '../../integrations/payouts/payouts.config.js';
import { createSandboxPayoutGateway } from '../../integrations/payouts/sandbox-payouts.js';

/*
 * docs/security.md's payout fault simulation: 1,000 seeded runs of the payout flow with lost
 * requests and replies, failing status lookups, duplicate and out-of-order webhooks, gateway
 * progress interleaved with our sweeps and re-sends, and a crash between the committed intent
 * and the gateway call. After recovery: the gateway made exactly one payout per intent, none
 * is left open, the book agrees with the gateway, and the ledger balances.
 */

type CreateFault = 'ok' | 'lostRequest' | 'lostReply';
type Step = { kind: 'gateway'; pick: number } | { kind: 'sweep' } | { kind: 'resend' };

interface Run {
  fate: 'processed' | 'failed' | 'reversed';
  /** Which of the gateway's webhooks it delivers twice. */
  duplicates: boolean[];
  createFaults: CreateFault[];
  lookupFaults: boolean[];
  crashBeforeCall: boolean;
  steps: Step[];
}

const runArbitrary: fc.Arbitrary<Run> = fc.record({
  fate: fc.constantFrom('processed' as const, 'failed' as const, 'reversed' as const),
  duplicates: fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
  createFaults: fc.array(fc.constantFrom<CreateFault>('ok', 'lostRequest', 'lostReply'), {
    maxLength: 3,
  }),
  lookupFaults: fc.array(fc.boolean(), { maxLength: 3 }),
  crashBeforeCall: fc.boolean(),
  steps: fc.array(
    fc.oneof(
      {
        weight: 6,
        arbitrary: fc.record({ kind: fc.constant('gateway' as const), pick: fc.nat(20) }),
      },
      { weight: 2, arbitrary: fc.constant({ kind: 'sweep' as const }) },
      { weight: 1, arbitrary: fc.constant({ kind: 'resend' as const }) },
    ),
    { maxLength: 6 },
  ),
});

let t: TestApp;
let deps: LoanBookDeps;
let productId: number;
const scheduler = createManualScheduler();
let randoms: number[] = [];
let createFaults: CreateFault[] = [];
let lookupFaults: boolean[] = [];
let crashBeforeCall = false;

const deliver: WebhookDeliverer = async (path, body, headers) =>
  (
    await t.app.inject({
      method: 'POST',
      url: path,
      payload: body,
      headers: { 'content-type': 'application/json', ...headers },
    })
  ).statusCode;

const sandbox = createSandboxPayoutGateway({
  clock: { now: () => t.clock.now() },
  secret: DEV_SANDBOX_WEBHOOK_SECRET,
  deliver,
  scheduler,
  minDelayMs: 0,
  maxDelayMs: 0,
  failureRate: 0.3,
  reversalRate: 0.3,
  duplicateRate: 0.5,
  random: () => randoms.shift() ?? 0.9,
});

/** The sandbox behind a faulty network: requests and replies lost, lookups timing out. */
const network: PayoutGateway = {
  provider: sandbox.provider,
  async createPayout(request) {
    const fault = createFaults.shift() ?? 'ok';
    if (fault === 'lostRequest') throw new PayoutGatewayUnavailable('connection reset');
    const answer = await sandbox.createPayout(request);
    if (fault === 'lostReply') throw new PayoutGatewayUnavailable('timeout');
    return answer;
  },
  async fetchStatus(query) {
    if (lookupFaults.shift()) throw new PayoutGatewayUnavailable('lookup timeout');
    return sandbox.fetchStatus(query);
  },
  statementOfPayouts: (period) => sandbox.statementOfPayouts(period),
  balance: () => sandbox.balance(),
  verifyBankAccount: (beneficiary) => sandbox.verifyBankAccount(beneficiary),
};

beforeAll(async () => {
  t = await buildTestApp({
    demoData: false,
    gateways: {
      payouts: loadPayoutsConfig({}),
      payoutGateway: network,
      payoutDispatcher: {
        beforeGatewayCall: () => {
          if (crashBeforeCall) {
            crashBeforeCall = false;
            throw new Error('crash between commit and gateway call');
          }
        },
      },
    },
  });
  deps = loanBookDeps(t.db, t.clock);
  productId = (await makeProduct(deps)).id;
});
afterAll(() => t.close());

/** Orders whose disbursal failed are retried (a new payout, a new key); else a fresh one. */
const retryable: number[] = [];
async function orderToDisburse(): Promise<number> {
  return retryable.pop() ?? (await makeApprovedOrder(deps, productId)).id;
}

const OPEN = ['queued', 'processing', 'unknown'];

it('1,000 seeded runs: no payout twice, none left unknown, book = gateway, ledger balanced', async () => {
  const dispatcher = t.app.integrations.payouts.dispatcher;
  let runs = 0;
  const counts = { processed: 0, failed: 0, reversed: 0, unknownBeforeRecovery: 0, crashes: 0 };
  await fc.assert(
    fc.asyncProperty(runArbitrary, async (run) => {
      runs += 1;
      scheduler.clear();
      // The sandbox draws: fails?, then reverses? (unless failed), then duplicate? per webhook.
      randoms = [
        run.fate === 'failed' ? 0 : 0.99,
        ...(run.fate === 'failed' ? [] : [run.fate === 'reversed' ? 0 : 0.99]),
        ...run.duplicates.map((twice) => (twice ? 0 : 0.99)),
      ];
      createFaults = [...run.createFaults];
      lookupFaults = [...run.lookupFaults];
      const orderId = await orderToDisburse();
      const created = await createPayout(
        deps,
        { orderId, idempotencyKey: `fault-run-${runs}-${orderId}`, channel: 'sandbox' },
        null,
      );
      const payoutId = created.payoutId!;
      crashBeforeCall = run.crashBeforeCall;
      try {
        await dispatcher.dispatch(payoutId);
      } catch {
        counts.crashes += 1; // the process "died" after the commit; recovery is the sweep's
      }
      crashBeforeCall = false;
      for (const step of run.steps) {
        if (step.kind === 'gateway' && scheduler.pending > 0) {
          await scheduler.runAt(step.pick % scheduler.pending); // out of order, duplicates
        } else if (step.kind === 'sweep') {
          await dispatcher.sweep({ all: true });
        } else if (step.kind === 'resend') {
          await dispatcher.dispatch(payoutId); // e.g. a second instance, same key
        }
      }
      const [before] = await t.db.select().from(payouts).where(eq(payouts.id, payoutId));
      if (before!.status === 'unknown') counts.unknownBeforeRecovery += 1;

      // Recovery: the network heals; gateways deliver what is pending; the sweep reconciles.
      createFaults = [];
      lookupFaults = [];
      for (let round = 0; round < 6; round += 1) {
        await scheduler.drain();
        await dispatcher.sweep({ all: true });
        if (scheduler.pending === 0) break;
      }

      const atGateway = sandbox.payouts().filter((p) => p.reference === payoutReference(payoutId));
      expect(atGateway).toHaveLength(1); // exactly one payout for the intent, never two
      const [payout] = await t.db.select().from(payouts).where(eq(payouts.id, payoutId));
      expect(OPEN).not.toContain(payout!.status); // nothing left unknown
      expect(payout!.status).toBe(atGateway[0]!.status); // the book agrees with the gateway
      const order = await findOrder(t.db, orderId);
      if (payout!.status === 'processed') {
        expect(order?.status).toBe('ACTIVE');
        expect(payout!.utr).toBe(atGateway[0]!.utr);
      } else {
        expect(order?.status).toBe('DISBURSEMENT_FAILED');
        retryable.push(orderId);
      }
      counts[payout!.status as 'processed' | 'failed' | 'reversed'] += 1;
      if (runs % 100 === 0) expect((await checkLedger(t.db)).ok).toBe(true);
    }),
    { numRuns: 1000, seed: 20_251_122, endOnFailure: true },
  );
  const ledger = await checkLedger(t.db);
  expect(ledger.unbalancedJournals).toEqual([]);
  expect(ledger.mismatchedOrders).toEqual([]);
  expect(sandbox.stats.payoutsCreated).toBe(runs);
  console.log(
    `payout fault runs: ${runs}; outcomes ${JSON.stringify(counts)}; gateway create calls ${sandbox.stats.createCalls} for ${sandbox.stats.payoutsCreated} payouts; webhooks ${sandbox.stats.webhooksSent}`,
  );
}, 600_000);
