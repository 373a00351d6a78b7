import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { checkLedger, createPayout, findOrder, type LoanBookDeps } from '../loan-book/index.js';
import { loanBookDeps, makeApprovedOrder, makeProduct } from '../../testing/loan-book.factories.js';
import { payouts } from '../loan-book/payouts.table.js';
import {
  startFakeRazorpayX,
  type FakeRazorpayX,
} from '../../integrations/payouts/fake-razorpayx.js';
import {
  PayoutGatewayRejected,
  PayoutGatewayUnavailable,
} from '../../integrations/payouts/payout-gateway.js';
import { loadPayoutsConfig } from '../../integrations/payouts/payouts.config.js';
import { payoutReference } from './payout-results.js';
import {
  razorpaySignature,
  verifyRazorpaySignature,
} from '../../integrations/razorpay/razorpay-signature.js';
import {
  createRazorpayXGateway,
  RAZORPAYX_WEBHOOK_PATH,
} from '../../integrations/payouts/razorpayx-payouts.js';
import { SANDBOX_PAYOUTS_WEBHOOK_PATH } from '../../integrations/payouts/sandbox-payouts.js';
import { DEV_SANDBOX_WEBHOOK_SECRET } from '../../integrations/config.js';
import { signatureHeader, SIGNATURE_HEADER } from '../../integrations/webhooks/signature.js';

const credentials = {
  keyId: 'rzp_test_fakekey0001',
  keySecret: 'fake-key-secret',
  accountNumber: '7878780080316316',
  webhookSecret: 'fake-webhook-secret',
};
const beneficiary = { name: 'Asha Verma', accountNumber: '12345678901', ifsc: 'SBIN0001234' };

let t: TestApp | undefined;
let fake: FakeRazorpayX;
const deliver = async (body: string, headers: Record<string, string>) =>
  (
    await t!.app.inject({
      method: 'POST',
      url: RAZORPAYX_WEBHOOK_PATH,
      payload: body,
      headers: { 'content-type': 'application/json', ...headers },
    })
  ).statusCode;

beforeAll(async () => {
  fake = await startFakeRazorpayX({ ...credentials, deliver });
});
afterAll(async () => {
  await t?.close();
  await fake.close();
});

describe('RazorpayX adapter against the fake RazorpayX', () => {
  const gateway = () =>
    createRazorpayXGateway({ baseUrl: fake.url, mode: 'IMPS', timeoutMs: 2_000, ...credentials });
  const request = (key: string, reference: string) => ({
    idempotencyKey: key,
    amountPaise: 412_830n,
    beneficiary,
    purpose: 'disbursal' as const,
    reference,
  });

  it('creates a payout as the API says, and the same key answers the same payout', async () => {
    const first = await gateway().createPayout(request('idem-key-0001', 'payout-9001'));
    expect(first).toMatchObject({
      status: 'queued',
      amountPaise: 412_830n,
      reference: 'payout-9001',
    });
    const sent = fake.requests.at(-1)!;
    expect(sent.path).toBe('/v1/payouts');
    expect(sent.headers['x-payout-idempotency']).toBe('idem-key-0001');
    expect(sent.body).toMatchObject({
      account_number: credentials.accountNumber,
      amount: 412_830,
      currency: 'INR',
      mode: 'IMPS',
      purpose: 'payout',
      reference_id: 'payout-9001',
      fund_account: {
        account_type: 'bank_account',
        bank_account: { name: 'Asha Verma', ifsc: 'SBIN0001234', account_number: '12345678901' },
      },
    });
    const again = await gateway().createPayout(request('idem-key-0001', 'payout-9001'));
    expect(again.gatewayPayoutId).toBe(first.gatewayPayoutId);
    expect(fake.payouts.size).toBe(1);
    await expect(
      gateway().createPayout({ ...request('idem-key-0001', 'payout-9001'), amountPaise: 1_000n }),
    ).rejects.toBeInstanceOf(PayoutGatewayRejected);
  });

  it('looks payouts up by id and by reference; unknown ones are undefined', async () => {
    const created = await gateway().createPayout(request('idem-key-0002', 'payout-9002'));
    await fake.advance(created.gatewayPayoutId, 'processed', { deliver: false });
    const byId = await gateway().fetchStatus({ gatewayPayoutId: created.gatewayPayoutId });
    expect(byId).toMatchObject({ status: 'processed', utr: expect.stringMatching(/^UTRX/) });
    expect(await gateway().fetchStatus({ reference: 'payout-9002' })).toMatchObject({
      gatewayPayoutId: created.gatewayPayoutId,
    });
    expect(await gateway().fetchStatus({ gatewayPayoutId: 'pout_nope' })).toBeUndefined();
    expect(await gateway().fetchStatus({ reference: 'payout-0' })).toBeUndefined();
  });

  it('a lost reply or a 5xx is unknown; bad credentials and bad input are refusals', async () => {
    fake.state.dropNextReply = true;
    await expect(
      gateway().createPayout(request('idem-key-0003', 'payout-9003')),
    ).rejects.toBeInstanceOf(PayoutGatewayUnavailable);
    // It was created: the lookup by reference finds it, the same key returns it.
    expect(await gateway().fetchStatus({ reference: 'payout-9003' })).toBeDefined();
    fake.state.failNextWith500 = true;
    await expect(gateway().balance()).rejects.toBeInstanceOf(PayoutGatewayUnavailable);
    await expect(
      createRazorpayXGateway({
        baseUrl: fake.url,
        mode: 'IMPS',
        ...credentials,
        keySecret: 'x',
      }).balance(),
    ).rejects.toBeInstanceOf(PayoutGatewayRejected);
    await expect(
      gateway().createPayout({
        ...request('idem-key-0004', 'payout-9004'),
        beneficiary: { ...beneficiary, ifsc: 'bad' },
      }),
    ).rejects.toBeInstanceOf(PayoutGatewayRejected);
  });

  it('reads the balance and validates bank accounts (penny drop)', async () => {
    expect(typeof (await gateway().balance())).toBe('bigint');
    expect(await gateway().verifyBankAccount(beneficiary)).toMatchObject({
      verified: true,
      registeredName: 'Asha Verma',
    });
    expect(
      (await gateway().verifyBankAccount({ ...beneficiary, accountNumber: '99990000' })).verified,
    ).toBe(false);
  });

  it('checks X-Razorpay-Signature on the raw body in constant time', () => {
    const body = Buffer.from('{"a":1}');
    const signature = razorpaySignature('s3cret', body);
    expect(verifyRazorpaySignature('s3cret', signature, body)).toBe(true);
    expect(verifyRazorpaySignature('s3cret', signature, Buffer.from('{"a":2}'))).toBe(false);
    expect(verifyRazorpaySignature('other', signature, body)).toBe(false);
    expect(verifyRazorpaySignature('s3cret', undefined, body)).toBe(false);
    expect(verifyRazorpaySignature('s3cret', 'zz', body)).toBe(false);
  });
});

describe('the server on RazorpayX: dispatch, webhooks, recovery', () => {
  let deps: LoanBookDeps;
  let productId: number;
  beforeAll(async () => {
    t = await buildTestApp({
      demoData: false,
      gateways: {
        payouts: loadPayoutsConfig({
          PAYOUT_GATEWAY: 'razorpayx',
          RAZORPAYX_BASE_URL: fake.url,
          RAZORPAYX_KEY_ID: credentials.keyId,
          RAZORPAYX_KEY_SECRET: credentials.keySecret,
          RAZORPAYX_ACCOUNT_NUMBER: credentials.accountNumber,
          RAZORPAYX_WEBHOOK_SECRET: credentials.webhookSecret,
        }),
      },
    });
    deps = loanBookDeps(t.db, t.clock);
    productId = (await makeProduct(deps)).id;
  });

  async function intent() {
    const order = await makeApprovedOrder(deps, productId);
    const created = await createPayout(
      deps,
      { orderId: order.id, idempotencyKey: `rzp-${order.id}-key`, channel: 'razorpayx' },
      null,
    );
    return { orderId: order.id, payoutId: created.payoutId! };
  }
  const payoutRow = async (id: number) =>
    (await t!.db.select().from(payouts).where(eq(payouts.id, id)))[0]!;
  const atGateway = (payoutId: number) =>
    [...fake.payouts.values()].filter((p) => p.reference_id === payoutReference(payoutId));

  it('sends the intent with its key; signed webhooks settle it; forged and replayed ones do not', async () => {
    const dispatcher = t!.app.integrations.payouts.dispatcher;
    expect(t!.app.integrations.payouts.gateway.provider).toBe('razorpayx');
    const { orderId, payoutId } = await intent();
    expect(await dispatcher.dispatch(payoutId)).toBe('sent');
    const [entity] = atGateway(payoutId);
    expect(entity).toBeDefined();
    expect((await payoutRow(payoutId)).status).toBe('processing');

    const processed = await fake.advance(entity!.id, 'processed');
    expect(processed.status).toBe(200);
    expect((await payoutRow(payoutId)).status).toBe('processed');
    expect((await findOrder(t!.db, orderId))?.status).toBe('ACTIVE');

    // Forged: signed with another secret → 401, nothing changes.
    const forged = await t!.app.inject({
      method: 'POST',
      url: RAZORPAYX_WEBHOOK_PATH,
      payload: processed.body,
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': razorpaySignature('not-the-secret', processed.body),
        'x-razorpay-event-id': 'evt_forged_1',
      },
    });
    expect(forged.statusCode).toBe(401);
    // Replayed: the same event id again → de-duplicated.
    const replay = await t!.app.inject({
      method: 'POST',
      url: RAZORPAYX_WEBHOOK_PATH,
      payload: processed.body,
      headers: { 'content-type': 'application/json', ...processed.headers },
    });
    expect(replay.json()).toMatchObject({ ret: { duplicate: true } });
    // Out of order: a late `processing` does not move it back.
    const late = await fake.advance(entity!.id, 'processing');
    expect(late.status).toBe(200);
    expect((await payoutRow(payoutId)).status).toBe('processed');
    // A reversal afterwards undoes the loan.
    await fake.advance(entity!.id, 'reversed');
    expect((await payoutRow(payoutId)).status).toBe('reversed');
    expect((await findOrder(t!.db, orderId))?.status).toBe('DISBURSEMENT_FAILED');
    expect((await checkLedger(t!.db)).ok).toBe(true);
  });

  it("takes payout events only from RazorpayX: the sandbox's webhook is not there", async () => {
    const { payoutId } = await intent();
    const event = JSON.stringify({
      id: 'evt_sandbox_1',
      type: 'payout.processed',
      data: { reference: payoutReference(payoutId), status: 'processed', utr: 'UTR1' },
    });
    const response = await t!.app.inject({
      method: 'POST',
      url: SANDBOX_PAYOUTS_WEBHOOK_PATH,
      payload: event,
      headers: {
        'content-type': 'application/json',
        [SIGNATURE_HEADER]: signatureHeader(DEV_SANDBOX_WEBHOOK_SECRET, t!.clock.now(), event),
      },
    });
    expect(response.statusCode).toBe(404);
    expect((await payoutRow(payoutId)).status).toBe('queued');
  });

  it('a lost reply leaves it unknown; the sweep finds it by reference, never a second payout', async () => {
    const dispatcher = t!.app.integrations.payouts.dispatcher;
    const { payoutId } = await intent();
    fake.state.dropNextReply = true;
    expect(await dispatcher.dispatch(payoutId)).toBe('unknown');
    expect((await payoutRow(payoutId)).status).toBe('unknown');
    await dispatcher.sweep({ all: true });
    expect((await payoutRow(payoutId)).status).toBe('processing');
    const [entity] = atGateway(payoutId);
    await fake.advance(entity!.id, 'failed');
    expect((await payoutRow(payoutId)).status).toBe('failed');
    expect(atGateway(payoutId)).toHaveLength(1);
    expect((await checkLedger(t!.db)).ok).toBe(true);
  });
});
