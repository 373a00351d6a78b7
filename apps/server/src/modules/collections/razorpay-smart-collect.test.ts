import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKED_EXAMPLE_PRINCIPAL } from '@lending/lending';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { AppError } from '../../shared/app-error.js';
import { checkLedger, orderDetail, type LoanBookDeps } from '../loan-book/index.js';
import {
  loanBookDeps,
  makeActiveOrder,
  makeCustomer,
  makeProduct,
} from '../../testing/loan-book.factories.js';
import { repayments } from '../loan-book/repayments.table.js';
import { loadIntegrationsConfig } from '../../integrations/config.js';
import { razorpaySignature } from '../../integrations/razorpay/razorpay-signature.js';
import { ManualScheduler } from '../../integrations/testing/manual-gateways.js';
import { findGatewayEvent } from '../../integrations/webhooks/gateway-events.repository.js';
import {
  CollectionGatewayRejected,
  CollectionGatewayUnavailable,
  type CollectionGateway,
} from '../../integrations/collections/collection-gateway.js';
import { creditsOfPayment } from './collections.repository.js';
import { ensureVirtualAccount } from './collections.service.js';
import { collectionCredits, virtualAccounts } from './collections.table.js';
import {
  startFakeRazorpaySmartCollect,
  type FakeRazorpaySmartCollect,
} from '../../integrations/collections/fake-razorpay-smart-collect.js';
import {
  createRazorpaySmartCollectGateway,
  RAZORPAY_COLLECTIONS_WEBHOOK_PATH,
  RAZORPAY_SMART_COLLECT_PROVIDER as PROVIDER,
} from '../../integrations/collections/razorpay-smart-collect.js';

const credentials = {
  keyId: 'rzp_test_smartcollect01',
  keySecret: 'fake-key-secret',
  webhookSecret: 'fake-collections-webhook-secret',
};

let fake: FakeRazorpaySmartCollect;
let t: TestApp | undefined;

beforeAll(async () => {
  fake = await startFakeRazorpaySmartCollect(credentials);
});
afterAll(async () => {
  await t?.close();
  await fake.close();
});

const gateway = (
  overrides: Partial<Parameters<typeof createRazorpaySmartCollectGateway>[0]> = {},
) =>
  createRazorpaySmartCollectGateway({
    baseUrl: fake.url,
    timeoutMs: 2_000,
    ...credentials,
    ...overrides,
  });
/** Customer ids the adapter tests use: far from the database's, so the two never meet. */
const customer = (id: number) => ({ customerId: 900_000 + id, name: 'Asha Verma' });
const createRequests = () =>
  fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/virtual_accounts');

describe('Smart Collect adapter against the fake Razorpay', () => {
  it('creates one account per customer with a bank account and a UPI id, as the API says', async () => {
    const account = await gateway().createVirtualAccount(customer(1));
    expect(account).toEqual({
      providerAccountId: expect.stringMatching(/^va_\w{14}$/),
      accountNumber: expect.stringMatching(/^\d{16}$/),
      ifsc: 'RATN0VAAPIS',
      upiId: expect.stringMatching(/^rpy\.payto\d+@icici$/),
    });
    const sent = createRequests().at(-1)!;
    expect(sent.body).toEqual({
      receivers: { types: ['bank_account', 'vpa'] },
      description: 'Loan repayments, customer 900001',
      notes: { customer_id: '900001' },
    });
    // The borrower's name stays with us.
    expect(JSON.stringify(sent.body)).not.toContain('Asha');

    const again = await gateway().createVirtualAccount(customer(1));
    expect(again).toEqual(account);
    expect(createRequests()).toHaveLength(1);
    expect(fake.activeAccountsOf(900_001)).toHaveLength(1);
    expect(await gateway().getVirtualAccount(account.providerAccountId)).toEqual(account);
    expect(await gateway().getVirtualAccount('va_00000000000000')).toBeUndefined();
  });

  it('after a lost reply, asking again finds the account it made: never a second one', async () => {
    fake.state.dropNextReply = true;
    await expect(gateway().createVirtualAccount(customer(2))).rejects.toBeInstanceOf(
      CollectionGatewayUnavailable,
    );
    const [made] = fake.activeAccountsOf(900_002);
    expect(made).toBeDefined();
    const account = await gateway().createVirtualAccount(customer(2));
    expect(account.providerAccountId).toBe(made!.id);
    expect(fake.activeAccountsOf(900_002)).toHaveLength(1);
  });

  it('two accounts for one customer (a race): one is kept, the other closed', async () => {
    const body = {
      receivers: { types: ['bank_account', 'vpa'] },
      notes: { customer_id: '900003' },
    };
    const auth = `Basic ${Buffer.from(`${credentials.keyId}:${credentials.keySecret}`).toString('base64')}`;
    for (let i = 0; i < 2; i += 1) {
      const response = await fetch(`${fake.url}/v1/virtual_accounts`, {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { authorization: auth, 'content-type': 'application/json' },
      });
      expect(response.status).toBe(200);
    }
    expect(fake.activeAccountsOf(900_003)).toHaveLength(2);
    const account = await gateway().createVirtualAccount(customer(3));
    const active = fake.activeAccountsOf(900_003);
    expect(active.map((entity) => entity.id)).toEqual([account.providerAccountId]);
    // Asked from elsewhere, the same one.
    expect((await gateway().createVirtualAccount(customer(3))).providerAccountId).toBe(
      account.providerAccountId,
    );
  });

  it('a 5xx, a 429, a timeout or a refused connection is unavailable (retry)', async () => {
    fake.state.failNextWith500 = true;
    await expect(gateway().createVirtualAccount(customer(4))).rejects.toBeInstanceOf(
      CollectionGatewayUnavailable,
    );
    const tooMany: typeof fetch = async () =>
      new Response('{"error":{"description":"Too many requests"}}', { status: 429 });
    await expect(gateway({ fetch: tooMany }).getVirtualAccount('va_x')).rejects.toBeInstanceOf(
      CollectionGatewayUnavailable,
    );
    const hanging: typeof fetch = (_url, init) =>
      new Promise((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)),
      );
    await expect(
      gateway({ fetch: hanging, timeoutMs: 50 }).createVirtualAccount(customer(4)),
    ).rejects.toBeInstanceOf(CollectionGatewayUnavailable);
    await expect(
      gateway({ baseUrl: 'http://127.0.0.1:1' }).createVirtualAccount(customer(4)),
    ).rejects.toBeInstanceOf(CollectionGatewayUnavailable);
    expect(fake.activeAccountsOf(900_004)).toHaveLength(0);
  });

  it("a 4xx is a refusal carrying Razorpay's description", async () => {
    fake.state.rejectNextWith = 'Smart Collect is not enabled for this merchant';
    const refused = gateway().createVirtualAccount(customer(5));
    await expect(refused).rejects.toBeInstanceOf(CollectionGatewayRejected);
    await expect(refused).rejects.toThrow(/Smart Collect is not enabled for this merchant/);
    const badKey = gateway({ keySecret: 'not-the-secret' }).createVirtualAccount(customer(5));
    await expect(badKey).rejects.toBeInstanceOf(CollectionGatewayRejected);
    await expect(badKey).rejects.toThrow(/The api key provided is invalid/);
    expect(fake.activeAccountsOf(900_005)).toHaveLength(0);
  });

  it('the statement of credits is what the fake holds: transfers to accounts, paged, not checkout', async () => {
    const from = new Date((Math.floor(Date.now() / 1000) - 1) * 1000);
    const a = await gateway().createVirtualAccount(customer(10));
    const b = await gateway().createVirtualAccount(customer(11));
    // More than one page of 100.
    for (let i = 0; i < 101; i += 1) {
      await fake.credit(a.providerAccountId, { amountPaise: 10_000 + i, deliver: false });
    }
    await fake.credit(b.providerAccountId, { amountPaise: 77_700, method: 'upi', deliver: false });
    fake.checkoutPayment('card', 50_000);
    fake.checkoutPayment('upi', 60_000);
    const to = new Date(Date.now() + 2_000);
    const pagesBefore = fake.requests.filter((r) => r.path.startsWith('/v1/payments?')).length;

    const statement = await gateway().statementOfCredits({ from, to });

    const accountNumberOf = (vaId: string) =>
      fake.accounts.get(vaId)!.receivers.find((r) => r.entity === 'bank_account')!.account_number;
    const expected = [...fake.payments.values()]
      .filter(({ payment, transfer }) => transfer && payment.created_at * 1000 >= from.getTime())
      .map(({ payment, transfer }) => ({
        paymentId: payment.id,
        accountNumber: accountNumberOf(transfer!.virtual_account_id),
        method: payment.method,
        amountPaise: BigInt(payment.amount),
        creditedAt: new Date(payment.created_at * 1000),
      }));
    const byId = (x: { paymentId: string }, y: { paymentId: string }) =>
      x.paymentId.localeCompare(y.paymentId);
    expect(expected).toHaveLength(102);
    expect([...statement].sort(byId)).toEqual(expected.sort(byId));
    expect(statement.find((c) => c.method === 'upi')).toMatchObject({
      accountNumber: b.accountNumber,
      amountPaise: 77_700n,
    });
    const pages = fake.requests.filter((r) => r.path.startsWith('/v1/payments?')).length;
    expect(pages - pagesBefore).toBe(2);
    expect(await gateway().statementOfCredits({ from: new Date(0), to: new Date(1_000) })).toEqual(
      [],
    );
  });
});

describe('the server on Razorpay Smart Collect', () => {
  let deps: LoanBookDeps;
  let productId: number;

  beforeAll(async () => {
    const config = loadIntegrationsConfig({
      COLLECTION_GATEWAY: 'razorpay',
      RAZORPAY_BASE_URL: fake.url,
      RAZORPAY_KEY_ID: credentials.keyId,
      RAZORPAY_KEY_SECRET: credentials.keySecret,
      RAZORPAY_WEBHOOK_SECRET: credentials.webhookSecret,
    });
    t = await buildTestApp({
      demoData: false,
      gateways: { config, scheduler: new ManualScheduler(), deliver: async () => 200 },
    });
    // Razorpay posts its webhooks over HTTP, so the server listens (on a random port).
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    fake.state.webhookUrl = `${address}${RAZORPAY_COLLECTIONS_WEBHOOK_PATH}`;
    deps = loanBookDeps(t.db, t.clock);
    productId = (await makeProduct(deps)).id;
  });

  const app = () => t!.app;
  const db = () => t!.db;
  const accountFor = (customerId: number) =>
    ensureVirtualAccount(
      db(),
      app().integrations.collectionGateway,
      { customerId, name: 'Asha Verma' },
      t!.clock.now(),
    );
  async function activeLoanWithAccount() {
    const order = await makeActiveOrder(deps, productId);
    return { orderId: order.id, account: await accountFor(order.customerId) };
  }
  const repaymentsOf = (orderId: number) =>
    db().select().from(repayments).where(eq(repayments.orderId, orderId));
  const post = (body: string, headers: Record<string, string>) =>
    app().inject({
      method: 'POST',
      url: RAZORPAY_COLLECTIONS_WEBHOOK_PATH,
      payload: body,
      headers: { 'content-type': 'application/json', ...headers },
    });
  /** A signed event the way Razorpay would send it. */
  const signed = (body: string, eventId: string) => ({
    'x-razorpay-signature': razorpaySignature(credentials.webhookSecret, body),
    'x-razorpay-event-id': eventId,
  });

  it('gives a customer one account, kept once; asking again answers the same', async () => {
    expect(app().integrations.collectionGateway.provider).toBe(PROVIDER);
    const customerRow = await makeCustomer(deps);
    const first = await accountFor(customerRow.id);
    const again = await accountFor(customerRow.id);
    expect(again).toEqual(first);
    const [atRazorpay] = fake.activeAccountsOf(customerRow.id);
    expect(fake.activeAccountsOf(customerRow.id)).toHaveLength(1);
    expect(first).toMatchObject({
      provider: PROVIDER,
      providerAccountId: atRazorpay!.id,
      accountNumber: atRazorpay!.receivers[0]!.account_number,
      ifsc: 'RATN0VAAPIS',
      upiId: atRazorpay!.receivers[1]!.address,
    });
  });

  it('a dropped reply answers 503 (gatewayUnavailable); the next ask keeps the account made', async () => {
    const customerRow = await makeCustomer(deps);
    fake.state.dropNextReply = true;
    const failed = await accountFor(customerRow.id).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(AppError);
    expect((failed as AppError).key).toBe('gatewayUnavailable');
    const rows = () =>
      db().select().from(virtualAccounts).where(eq(virtualAccounts.customerId, customerRow.id));
    expect(await rows()).toHaveLength(0);

    const account = await accountFor(customerRow.id);
    const active = fake.activeAccountsOf(customerRow.id);
    expect(active.map((entity) => entity.id)).toEqual([account.providerAccountId]);
    expect(await rows()).toHaveLength(1);
  });

  it('two requests racing for a new account: one is kept, the one nobody saw is closed', async () => {
    const customerRow = await makeCustomer(deps);
    // No look-back, and both calls held until both arrive: each makes its own account.
    const real = gateway({ lookbackPages: 0 });
    let arrived = 0;
    let release = () => {};
    const bothArrived = new Promise<void>((resolve) => (release = resolve));
    const racing: CollectionGateway = {
      ...real,
      async createVirtualAccount(input) {
        arrived += 1;
        if (arrived === 2) release();
        await bothArrived;
        return real.createVirtualAccount(input);
      },
    };
    const ensure = () =>
      ensureVirtualAccount(db(), racing, { customerId: customerRow.id, name: 'x' }, t!.clock.now());
    const [a, b] = await Promise.all([ensure(), ensure()]);
    expect(b).toEqual(a);
    const made = [...fake.accounts.values()].filter(
      (entity) =>
        !Array.isArray(entity.notes) && entity.notes?.customer_id === String(customerRow.id),
    );
    expect(made).toHaveLength(2);
    expect(fake.activeAccountsOf(customerRow.id).map((entity) => entity.id)).toEqual([
      a.providerAccountId,
    ]);
  });

  it('a credit webhook posts one repayment to the open loan, delivered twice or not', async () => {
    const { orderId, account } = await activeLoanWithAccount();
    const sent = await fake.credit(account.providerAccountId, { amountPaise: 100_000, times: 2 });
    expect(sent.statuses).toEqual([200, 200]);
    const replay = await post(sent.body, sent.headers);
    expect(replay.json()).toMatchObject({
      code: 0,
      ret: { eventId: sent.headers['x-razorpay-event-id'], duplicate: true },
    });

    const rows = await repaymentsOf(orderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      amountPaise: 100_000n,
      channel: 'virtual_account',
      virtualAccountCode: account.accountNumber,
      gatewayPaymentId: `${PROVIDER}:${sent.paymentId}`,
    });
    const [credit] = await creditsOfPayment(db(), PROVIDER, sent.paymentId);
    expect(credit).toMatchObject({
      status: 'applied',
      orderId,
      repaymentId: rows[0]!.id,
      method: 'bank_transfer',
      payerReference: expect.stringMatching(/^\d+$/),
    });
    expect((await orderDetail(db(), orderId)).status).toBe('ACTIVE');
    expect((await checkLedger(db())).ok).toBe(true);
  });

  it('a UPI credit finds the loan by its virtual account; the same payment under another event id changes nothing', async () => {
    const { orderId, account } = await activeLoanWithAccount();
    const sent = await fake.credit(account.providerAccountId, {
      amountPaise: 25_000,
      method: 'upi',
    });
    expect(sent.statuses).toEqual([200]);
    const other = await post(sent.body, signed(sent.body, 'evt_another_id_for_it'));
    expect(other.json().ret).toEqual({ eventId: 'evt_another_id_for_it', duplicate: false });
    const rows = await repaymentsOf(orderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ channel: 'upi', amountPaise: 25_000n });

    // The account is found by its Razorpay id alone, whatever receivers the event lists.
    const second = await fake.credit(account.providerAccountId, {
      amountPaise: 10_000,
      method: 'upi',
      deliver: false,
    });
    const event = JSON.parse(second.body) as {
      payload: { virtual_account: { entity: { receivers: unknown[] } } };
    };
    event.payload.virtual_account.entity.receivers = [];
    const trimmed = JSON.stringify(event);
    expect((await post(trimmed, signed(trimmed, 'evt_trimmed_upi'))).statusCode).toBe(200);
    const [credit] = await creditsOfPayment(db(), PROVIDER, second.paymentId);
    expect(credit).toMatchObject({ status: 'applied', orderId, method: 'upi' });
    expect(await repaymentsOf(orderId)).toHaveLength(2);
    expect((await checkLedger(db())).ok).toBe(true);
  });

  it("credits whose webhook never came are found on Razorpay's statement and applied once", async () => {
    const { orderId, account } = await activeLoanWithAccount();
    const transfer = await fake.credit(account.providerAccountId, {
      amountPaise: 30_000,
      deliver: false,
    });
    const upi = await fake.credit(account.providerAccountId, {
      amountPaise: 20_000,
      method: 'upi',
      deliver: false,
    });
    // The fake stamps payments with the real time; the statement is asked for around it.
    const period = { from: new Date(Date.now() - 3_600_000), to: new Date(Date.now() + 60_000) };
    const report = await app().integrations.reconcileCollections(period);
    // (The adapter's tests above left credits to accounts the book does not know: recovered too.)
    expect(report.recovered).toEqual(expect.arrayContaining([transfer.paymentId, upi.paymentId]));
    const ours = [transfer.paymentId, upi.paymentId];
    expect(report.breaks.filter((b) => ours.includes(b.paymentId))).toEqual([]);
    const rows = await repaymentsOf(orderId);
    expect(rows.map((row) => [row.channel, row.amountPaise]).sort()).toEqual([
      ['upi', 20_000n],
      ['virtual_account', 30_000n],
    ]);
    // The late webhook and a second run change nothing.
    expect((await post(upi.body, upi.headers)).statusCode).toBe(200);
    const again = await app().integrations.reconcileCollections(period);
    expect(again).toMatchObject({ recovered: [], breaks: [], notOnStatement: [] });
    expect(await repaymentsOf(orderId)).toHaveLength(2);
    expect((await checkLedger(db())).ok).toBe(true);
  });

  it('a forged, tampered or unsigned webhook → 401 and nothing is written', async () => {
    const { orderId, account } = await activeLoanWithAccount();
    const sent = await fake.credit(account.providerAccountId, {
      amountPaise: 50_000,
      deliver: false,
    });
    const eventId = sent.headers['x-razorpay-event-id'];
    const forged = await post(sent.body, {
      'x-razorpay-signature': razorpaySignature('not-the-webhook-secret', sent.body),
      'x-razorpay-event-id': eventId,
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe(4206);
    const tampered = sent.body.replace('"amount":50000', '"amount":5000000');
    expect(tampered).not.toBe(sent.body);
    expect((await post(tampered, sent.headers)).statusCode).toBe(401);
    expect((await post(sent.body, { 'x-razorpay-event-id': eventId })).statusCode).toBe(401);

    expect(await findGatewayEvent(db(), PROVIDER, eventId)).toBeUndefined();
    expect(await creditsOfPayment(db(), PROVIDER, sent.paymentId)).toHaveLength(0);
    expect(await repaymentsOf(orderId)).toHaveLength(0);
    // The genuine one still goes through.
    expect((await post(sent.body, sent.headers)).json().ret.duplicate).toBe(false);
    expect(await repaymentsOf(orderId)).toHaveLength(1);
  });

  it('money to an account we do not know is kept unmatched; other events are acknowledged and left alone', async () => {
    const stranger = await gateway().createVirtualAccount(customer(100));
    const sent = await fake.credit(stranger.providerAccountId, { amountPaise: 12_300 });
    expect(sent.statuses).toEqual([200]);
    const [credit] = await creditsOfPayment(db(), PROVIDER, sent.paymentId);
    expect(credit).toMatchObject({
      status: 'unmatched',
      note: 'unknown virtual account',
      virtualAccountId: null,
      amountPaise: 12_300n,
    });

    const creditsBefore = (await db().select().from(collectionCredits)).length;
    const created = JSON.stringify({
      entity: 'event',
      event: 'virtual_account.created',
      contains: ['virtual_account'],
      payload: { virtual_account: { entity: fake.accounts.get(stranger.providerAccountId) } },
      created_at: Math.floor(Date.now() / 1000),
    });
    const acknowledged = await post(created, signed(created, 'evt_va_created_1'));
    expect(acknowledged.statusCode).toBe(200);
    expect(await findGatewayEvent(db(), PROVIDER, 'evt_va_created_1')).toBeDefined();
    expect((await db().select().from(collectionCredits)).length).toBe(creditsBefore);
  });

  it('a signed but malformed credit → 400 with a code, nothing recorded (never a 500)', async () => {
    const bodies = [
      '{"entity":"event","event":"virtual_account.credited","created_at":1,"payload":{}}',
      '{"entity":"event","event":"virtual_account.credited","created_at":1,"payload":{"payment":{"entity":{"id":"pay_x","amount":-5,"currency":"INR","method":"upi","created_at":1}},"virtual_account":{"entity":{"id":"va_x"}}}}',
      '{"not":"an event"}',
      'not json at all',
    ];
    for (const [index, body] of bodies.entries()) {
      const response = await post(body, signed(body, `evt_malformed_${index}`));
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBeGreaterThanOrEqual(4000);
      expect(await findGatewayEvent(db(), PROVIDER, `evt_malformed_${index}`)).toBeUndefined();
    }
  });

  it('the sandbox credit route is closed while Razorpay collects', async () => {
    const response = await app().inject({
      method: 'POST',
      url: '/webhooks/collections/sandbox',
      payload: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(404);
  });

  it("the borrower's repayment instructions show the Razorpay account", async () => {
    const appInstance = app() as FastifyInstance;
    const phone = '9812345670';
    const ip = '10.77.0.1';
    const call = (url: string, payload: object, token?: string) =>
      appInstance.inject({
        method: 'POST',
        url: `/app-api${url}`,
        payload,
        remoteAddress: ip,
        headers: token ? { 'x-app-token': token } : {},
      });
    const codeSentTo = () => app().integrations.sms.lastTo(phone)!.params.code!;
    await call('/auth/send_otp', { phone });
    const verified = await call('/auth/verify_otp', {
      phone,
      code: codeSentTo(),
      channel: 'playstore',
    });
    const token = verified.json().ret.token as string;
    const profile = {
      name: 'Asha Verma',
      birthDate: '1994-03-02',
      region: 'Maharashtra',
      occupation: 'Salaried',
      monthlyIncomePaise: 4_500_000,
      pan: 'ABCDE7777F',
      aadhaar: '2345 6789 7777',
    };
    expect((await call('/profile/save', profile, token)).statusCode).toBe(200);
    const bank = { bankName: 'SBI', accountNumber: '123456789012', ifsc: 'SBIN0001234' };
    expect((await call('/bank/save', bank, token)).statusCode).toBe(200);
    await call('/auth/send_otp', { phone, purpose: 'loanAcceptance' }, token);
    const applied = await call(
      '/loan/apply',
      { productId, principalPaise: Number(WORKED_EXAMPLE_PRINCIPAL), otpCode: codeSentTo() },
      token,
    );
    expect(applied.statusCode).toBe(200);
    const orderId = applied.json().ret.orderId as number;

    fake.state.failNextWith500 = true;
    const down = await call('/repay/instructions', { orderId }, token);
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ code: 5030, msg: expect.any(String) });
    expect(down.body).not.toContain('Razorpay');

    const instructions = await call('/repay/instructions', { orderId }, token);
    expect(instructions.statusCode).toBe(200);
    const customerId = (await orderDetail(db(), orderId)).customerId;
    const [atRazorpay] = fake.activeAccountsOf(customerId);
    expect(instructions.json().ret).toMatchObject({
      virtualAccount: {
        accountNumber: atRazorpay!.receivers[0]!.account_number,
        ifsc: 'RATN0VAAPIS',
      },
      upiId: atRazorpay!.receivers[1]!.address,
    });
  });
});

describe('collection gateway settings', () => {
  it('default to the sandbox; Razorpay needs its keys and webhook secret, named when missing', () => {
    expect(loadIntegrationsConfig({})).toMatchObject({ collectionGateway: 'sandbox' });
    expect(loadIntegrationsConfig({}).razorpay).toBeUndefined();
    expect(() => loadIntegrationsConfig({ COLLECTION_GATEWAY: 'razorpay' })).toThrow(
      'Invalid gateway setting RAZORPAY_KEY_ID: required with COLLECTION_GATEWAY=razorpay',
    );
    expect(() =>
      loadIntegrationsConfig({
        COLLECTION_GATEWAY: 'razorpay',
        RAZORPAY_KEY_ID: 'rzp_live_x',
        RAZORPAY_KEY_SECRET: 'secret',
      }),
    ).toThrow(/RAZORPAY_WEBHOOK_SECRET: required/);
    expect(() => loadIntegrationsConfig({ COLLECTION_GATEWAY: 'paytm' })).toThrow(
      /COLLECTION_GATEWAY/,
    );
    expect(
      loadIntegrationsConfig({
        COLLECTION_GATEWAY: 'razorpay',
        RAZORPAY_KEY_ID: 'rzp_live_x',
        RAZORPAY_KEY_SECRET: 'secret',
        RAZORPAY_WEBHOOK_SECRET: 'whsec',
      }).razorpay,
    ).toEqual({
      baseUrl: 'https://api.razorpay.com',
      keyId: 'rzp_live_x',
      keySecret: 'secret',
      webhookSecret: 'whsec',
    });
  });
});
