import { loanBookApi } from '@lending/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { ADMIN_LOGIN, callEndpoint, loginAs } from '../../testing/factories.js';
import { ManualClock } from '../../shared/clock.js';
import {
  checkLedger,
  createPayout,
  findOrder,
  payoutInstruction,
  setCustomerBankAccount,
  type LoanBookDeps,
} from '../loan-book/index.js';
import { loanBookDeps, makeApprovedOrder, makeProduct } from '../../testing/loan-book.factories.js';
import { payouts } from '../loan-book/payouts.table.js';
import { gatewayEvents } from '../../integrations/webhooks/gateway-events.table.js';
import { signatureHeader, SIGNATURE_HEADER } from '../../integrations/webhooks/signature.js';
import type { WebhookDeliverer } from '../../integrations/webhooks/delivery.js';
import { DEV_SANDBOX_WEBHOOK_SECRET } from '../../integrations/config.js';
import { createManualScheduler } from '../../integrations/payouts/manual-scheduler.js';
import {
  PayoutGatewayUnavailable,
  type CreatePayoutRequest,
  type PayoutGateway,
} from '../../integrations/payouts/payout-gateway.js';
import {
  createSandboxPayoutGateway,
  sandboxPayoutEvent,
  SANDBOX_PAYOUTS_WEBHOOK_PATH,
  type SandboxPayoutsOptions,
} from '../../integrations/payouts/sandbox-payouts.js';
import { payoutDispatches } from './payout-dispatches.table.js';
import { createPayoutDispatcher } from './payout-dispatcher.js';
import { loadPayoutsConfig } from '../../integrations/payouts/payouts.config.js';
import { payoutReference } from './payout-results.js';

const secret = DEV_SANDBOX_WEBHOOK_SECRET;
const request = (key: string, reference = `payout-${key}`): CreatePayoutRequest => ({
  idempotencyKey: key,
  amountPaise: 412_830n,
  beneficiary: { name: 'Asha Verma', accountNumber: '12345678901', ifsc: 'SBIN0001234' },
  purpose: 'disbursal',
  reference,
});

describe('sandbox payout gateway', () => {
  function sandbox(overrides: Partial<SandboxPayoutsOptions> = {}) {
    const scheduler = createManualScheduler();
    const delivered: { type: string; status: string }[] = [];
    const deliver: WebhookDeliverer = async (_path, body) => {
      const event = JSON.parse(body) as { type: string; data: { status: string } };
      delivered.push({ type: event.type, status: event.data.status });
      return 200;
    };
    const gateway = createSandboxPayoutGateway({
      clock: new ManualClock(),
      secret,
      deliver,
      scheduler,
      minDelayMs: 0,
      maxDelayMs: 0,
      failureRate: 0,
      reversalRate: 0,
      duplicateRate: 0,
      random: () => 0.5,
      ...overrides,
    });
    return { gateway, scheduler, delivered };
  }

  it('answers the same payout for the same key and refuses the key for another payout', async () => {
    const { gateway } = sandbox();
    const first = await gateway.createPayout(request('k1'));
    const again = await gateway.createPayout(request('k1'));
    expect(again).toEqual(first);
    await expect(gateway.createPayout({ ...request('k1'), amountPaise: 1n })).rejects.toThrow(
      /idempotency key/,
    );
    expect(gateway.stats).toMatchObject({ createCalls: 3, payoutsCreated: 1 });
  });

  it('goes queued → processing → processed with a UTR, reporting each step', async () => {
    const { gateway, scheduler, delivered } = sandbox();
    const balance = await gateway.balance();
    const created = await gateway.createPayout(request('k2'));
    expect(created.status).toBe('queued');
    await scheduler.drain();
    const done = await gateway.fetchStatus({ reference: 'payout-k2' });
    expect(done).toMatchObject({ status: 'processed', amountPaise: 412_830n });
    expect(done?.utr).toMatch(/^SBXU/);
    expect(delivered.map((d) => d.type)).toEqual(['payout.processing', 'payout.processed']);
    expect(await gateway.balance()).toBe(balance - 412_830n);
    expect(await gateway.fetchStatus({ gatewayPayoutId: 'nope' })).toBeUndefined();
  });

  it('fails, reverses and duplicates webhooks at the configured rates', async () => {
    const failing = sandbox({ failureRate: 1 });
    await failing.gateway.createPayout(request('f'));
    await failing.scheduler.drain();
    expect((await failing.gateway.fetchStatus({ reference: 'payout-f' }))?.status).toBe('failed');

    const reversing = sandbox({ reversalRate: 1, duplicateRate: 1, random: () => 0 });
    const balance = await reversing.gateway.balance();
    await reversing.gateway.createPayout(request('r'));
    await reversing.scheduler.drain();
    expect((await reversing.gateway.fetchStatus({ reference: 'payout-r' }))?.status).toBe(
      'reversed',
    );
    expect(reversing.delivered.map((d) => d.status)).toEqual([
      'processing',
      'processing',
      'processed',
      'processed',
      'reversed',
      'reversed',
    ]);
    expect(await reversing.gateway.balance()).toBe(balance);
  });
});

/** A gateway double: the sandbox behind lost requests and lost replies, on demand. */
function faulty(inner: PayoutGateway) {
  const faults: ('lostRequest' | 'lostReply')[] = [];
  const gateway: PayoutGateway = {
    provider: inner.provider,
    async createPayout(req) {
      const fault = faults.shift();
      if (fault === 'lostRequest') throw new PayoutGatewayUnavailable('connection reset');
      const answer = await inner.createPayout(req);
      if (fault === 'lostReply') throw new PayoutGatewayUnavailable('timeout');
      return answer;
    },
    fetchStatus: (query) => inner.fetchStatus(query),
    statementOfPayouts: (period) => inner.statementOfPayouts(period),
    balance: () => inner.balance(),
    verifyBankAccount: (beneficiary) => inner.verifyBankAccount(beneficiary),
  };
  return { gateway, faults };
}

describe('payout dispatch, webhooks and recovery', () => {
  let t: TestApp;
  let deps: LoanBookDeps;
  let productId: number;
  const scheduler = createManualScheduler();
  const deliver: WebhookDeliverer = async (path, body, headers) =>
    (
      await t.app.inject({
        method: 'POST',
        url: path,
        payload: body,
        headers: { 'content-type': 'application/json', ...headers },
      })
    ).statusCode;
  let sandbox: ReturnType<typeof createSandboxPayoutGateway>;
  let double: ReturnType<typeof faulty>;
  let crashBeforeCall = false;

  beforeAll(async () => {
    sandbox = createSandboxPayoutGateway({
      clock: { now: () => t.clock.now() },
      secret,
      deliver,
      scheduler,
      minDelayMs: 0,
      maxDelayMs: 0,
      failureRate: 0,
      reversalRate: 0,
      duplicateRate: 1,
      random: () => 0.5,
    });
    double = faulty(sandbox);
    t = await buildTestApp({
      demoData: false,
      gateways: {
        payouts: loadPayoutsConfig({}),
        payoutGateway: double.gateway,
        payoutDispatcher: {
          beforeGatewayCall: () => {
            if (crashBeforeCall) throw new Error('crash between commit and gateway call');
          },
        },
      },
    });
    deps = loanBookDeps(t.db, t.clock);
    productId = (await makeProduct(deps)).id;
  });
  afterAll(() => t.close());
  afterEach(async () => {
    crashBeforeCall = false;
    double.faults.length = 0;
    const check = await checkLedger(t.db);
    expect(check.unbalancedJournals).toEqual([]);
    expect(check.mismatchedOrders).toEqual([]);
  });

  const dispatcher = () => t.app.integrations.payouts.dispatcher;
  async function intent() {
    const order = await makeApprovedOrder(deps, productId);
    const result = await createPayout(
      deps,
      { orderId: order.id, idempotencyKey: `disburse-${order.id}`, channel: 'sandbox' },
      null,
    );
    return { orderId: order.id, payoutId: result.payoutId! };
  }
  const payoutRow = async (payoutId: number) =>
    (await t.db.select().from(payouts).where(eq(payouts.id, payoutId)))[0]!;
  const gatewayCopies = (payoutId: number) =>
    sandbox.payouts().filter((p) => p.reference === payoutReference(payoutId)).length;

  it('sends the committed intent, applies duplicated webhooks once, in any order', async () => {
    const { orderId, payoutId } = await intent();
    expect(await dispatcher().dispatch(payoutId)).toBe('sent');
    expect((await payoutRow(payoutId)).status).toBe('processing');
    // processing ×2 then processed ×2 are scheduled; deliver the processed ones first.
    // Newest task first: the gateway's steps run, then processed ×2 arrive before processing ×2.
    while (scheduler.pending > 0) await scheduler.runAt(scheduler.pending - 1);
    const row = await payoutRow(payoutId);
    expect(row).toMatchObject({ status: 'processed' });
    expect(row.utr).toMatch(/^SBXU/);
    expect((await findOrder(t.db, orderId))?.status).toBe('ACTIVE');
    const events = await t.db
      .select()
      .from(gatewayEvents)
      .where(eq(gatewayEvents.provider, 'sandbox-payouts'));
    expect(events.length).toBeGreaterThanOrEqual(2);
    expect(gatewayCopies(payoutId)).toBe(1);
  });

  it('refuses a forged webhook (401) and de-duplicates a replayed one', async () => {
    const { orderId, payoutId } = await intent();
    await dispatcher().dispatch(payoutId);
    const reported = (await sandbox.fetchStatus({ reference: payoutReference(payoutId) }))!;
    const body = JSON.stringify(
      sandboxPayoutEvent(
        `evt_test_${payoutId}`,
        { ...reported, status: 'processed', utr: 'FORGED1', processedAt: t.clock.now() },
        t.clock.now(),
      ),
    );
    const send = (header: string) =>
      t.app.inject({
        method: 'POST',
        url: SANDBOX_PAYOUTS_WEBHOOK_PATH,
        payload: body,
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: header },
      });
    const forged = await send(signatureHeader('not-the-secret-at-all', t.clock.now(), body));
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ code: 4206 });
    expect((await payoutRow(payoutId)).status).toBe('processing');

    const signed = signatureHeader(secret, t.clock.now(), body);
    expect((await send(signed)).json()).toMatchObject({ ret: { duplicate: false } });
    expect((await send(signed)).json()).toMatchObject({ ret: { duplicate: true } });
    expect((await payoutRow(payoutId)).utr).toBe('FORGED1');
    expect((await findOrder(t.db, orderId))?.status).toBe('ACTIVE');
    // A late "processing" (another event id) does not move the payout backwards.
    const late = JSON.stringify(
      sandboxPayoutEvent(
        `evt_late_${payoutId}`,
        { ...reported, status: 'processing' },
        t.clock.now(),
      ),
    );
    const response = await t.app.inject({
      method: 'POST',
      url: SANDBOX_PAYOUTS_WEBHOOK_PATH,
      payload: late,
      headers: {
        'content-type': 'application/json',
        [SIGNATURE_HEADER]: signatureHeader(secret, t.clock.now(), late),
      },
    });
    expect(response.statusCode).toBe(200);
    expect((await payoutRow(payoutId)).status).toBe('processed');
    await scheduler.drain();
  });

  it('a lost reply leaves the payout unknown; the sweep resolves it by lookup, not a new payout', async () => {
    const { orderId, payoutId } = await intent();
    double.faults.push('lostReply');
    expect(await dispatcher().dispatch(payoutId)).toBe('unknown');
    expect((await payoutRow(payoutId)).status).toBe('unknown');
    expect((await findOrder(t.db, orderId))?.status).toBe('DISBURSING');
    const report = await dispatcher().sweep({ all: true });
    expect(report).toMatchObject({ lookedUp: 1, sent: 0 });
    expect((await payoutRow(payoutId)).status).toBe('processing');
    await scheduler.drain();
    expect((await payoutRow(payoutId)).status).toBe('processed');
    expect(gatewayCopies(payoutId)).toBe(1);
    const [row] = await t.db
      .select()
      .from(payoutDispatches)
      .where(eq(payoutDispatches.payoutId, payoutId));
    expect(row).toMatchObject({ attempts: 1, lookups: 1, gatewayStatus: 'processed' });
  });

  it('two servers sweeping at once look each due payout up once, and send a never-sent one once', async () => {
    // Another server: its own dispatcher on the same database and gateway.
    const other = createPayoutDispatcher({
      db: t.db,
      loanBook: deps,
      gateway: double.gateway,
      clock: t.clock,
    });
    const unknown = [await intent(), await intent()];
    for (const { payoutId } of unknown) {
      double.faults.push('lostReply');
      expect(await dispatcher().dispatch(payoutId)).toBe('unknown');
    }
    // Committed, never sent (its server stopped before the call).
    const unsent = await intent();
    t.clock.advance(61_000);
    const sends = sandbox.payouts().length;
    await Promise.all([dispatcher().sweep(), other.sweep()]);
    const rows = await t.db.select().from(payoutDispatches);
    const rowOf = (payoutId: number) => rows.find((row) => row.payoutId === payoutId);
    for (const { payoutId } of unknown) expect(rowOf(payoutId)).toMatchObject({ lookups: 1 });
    expect(rowOf(unsent.payoutId)).toMatchObject({ attempts: 1, lookups: 0 });
    expect(sandbox.payouts().length).toBe(sends + 1);
    await scheduler.drain();
    for (const { payoutId } of [...unknown, unsent]) {
      expect((await payoutRow(payoutId)).status).toBe('processed');
      expect(gatewayCopies(payoutId)).toBe(1);
    }
  });

  it('a sweep asked to stop (shutdown) leaves the payouts it has not reached due for the next', async () => {
    const { payoutId } = await intent();
    double.faults.push('lostReply');
    expect(await dispatcher().dispatch(payoutId)).toBe('unknown');
    t.clock.advance(61_000);
    const stopped = await dispatcher().sweep({ signal: AbortSignal.abort() });
    expect(stopped.examined).toBe(0);
    expect((await payoutRow(payoutId)).status).toBe('unknown');
    const next = await dispatcher().sweep();
    expect(next).toMatchObject({ examined: 1, lookedUp: 1 });
    await scheduler.drain();
    expect((await payoutRow(payoutId)).status).toBe('processed');
  });

  it('a lost request is re-sent by the sweep with the same key', async () => {
    const { payoutId } = await intent();
    double.faults.push('lostRequest');
    expect(await dispatcher().dispatch(payoutId)).toBe('unknown');
    expect(gatewayCopies(payoutId)).toBe(0);
    const report = await dispatcher().sweep({ all: true });
    expect(report).toMatchObject({ sent: 1 });
    // Sending again (a second sweep, a concurrent dispatch) never makes a second payout.
    await dispatcher().dispatch(payoutId);
    await scheduler.drain();
    expect((await payoutRow(payoutId)).status).toBe('processed');
    expect(gatewayCopies(payoutId)).toBe(1);
  });

  it('a crash between commit and gateway call is recovered by the sweep', async () => {
    const { payoutId } = await intent();
    crashBeforeCall = true;
    await expect(dispatcher().dispatch(payoutId)).rejects.toThrow(/crash/);
    crashBeforeCall = false;
    expect((await payoutRow(payoutId)).status).toBe('queued');
    await dispatcher().sweep({ all: true });
    await scheduler.drain();
    expect((await payoutRow(payoutId)).status).toBe('processed');
    expect(gatewayCopies(payoutId)).toBe(1);
  });

  /** The borrower saves another bank account: unverified until a new penny drop proves it. */
  async function changeBankAccount(orderId: number) {
    const order = (await findOrder(t.db, orderId))!;
    await setCustomerBankAccount(t.db, order.customerId, {
      bankName: 'HDFC Bank',
      accountNumber: '99988877766',
      ifsc: 'HDFC0000123',
      verified: false,
    });
  }

  it('a payout the gateway holds is not failed by a second send after the account changed', async () => {
    // The console's call is answered only after the send (or its answer is lost in a crash):
    // the same key is sent again and the payout dispatched again, the borrower meanwhile
    // having saved another account. Failing it would release the order to be paid twice.
    const { orderId, payoutId } = await intent();
    expect(await dispatcher().dispatch(payoutId)).toBe('sent');
    await changeBankAccount(orderId);
    await dispatcher().dispatch(payoutId);
    expect((await payoutRow(payoutId)).status).toBe('processing');
    await scheduler.drain();
    expect((await payoutRow(payoutId)).status).toBe('processed');
    expect((await findOrder(t.db, orderId))?.status).toBe('ACTIVE');
    expect(gatewayCopies(payoutId)).toBe(1);
  });

  it('a crash after the gateway took the payout, before its answer was kept, is settled by lookup', async () => {
    const { orderId, payoutId } = await intent();
    // What a SIGKILL leaves: the dispatch row, the payout at the gateway, nothing of its answer.
    const sent = (await payoutInstruction(t.db, payoutId))!;
    await t.db.insert(payoutDispatches).values({
      payoutId,
      provider: sandbox.provider,
      reference: payoutReference(payoutId),
      attempts: 1,
      nextCheckAt: t.clock.now(),
      createdAt: t.clock.now(),
      updatedAt: t.clock.now(),
    });
    await sandbox.createPayout({
      idempotencyKey: sent.idempotencyKey,
      amountPaise: sent.amountPaise,
      beneficiary: sent.beneficiary,
      purpose: sent.purpose,
      reference: payoutReference(payoutId),
    });
    await changeBankAccount(orderId);
    const report = await dispatcher().sweep({ all: true });
    expect(report).toMatchObject({ lookedUp: 1, sent: 0 });
    expect((await payoutRow(payoutId)).status).toBe('processing');
    await scheduler.drain();
    expect((await payoutRow(payoutId)).status).toBe('processed');
    expect((await findOrder(t.db, orderId))?.status).toBe('ACTIVE');
    expect(gatewayCopies(payoutId)).toBe(1);
  });

  it('the admin create_payout call commits the intent, then the payout is sent', async () => {
    const token = await loginAs(t.app, ADMIN_LOGIN);
    const order = await makeApprovedOrder(deps, productId);
    const response = await callEndpoint(
      t.app,
      loanBookApi.createPayout,
      { orderId: order.id, idempotencyKey: `api-key-${order.id}`, channel: 'sandbox' },
      token,
    );
    expect(response.json()).toMatchObject({ code: 0 });
    const payoutId = (response.json() as { ret: { payoutId: number } }).ret.payoutId;
    await dispatcher().idle();
    expect(gatewayCopies(payoutId)).toBe(1);
    await scheduler.drain();
    expect((await payoutRow(payoutId)).status).toBe('processed');
    expect((await findOrder(t.db, order.id))?.status).toBe('ACTIVE');
  });
});
