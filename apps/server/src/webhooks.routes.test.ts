import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './testing/build-test-app.js';
import {
  checkLedger,
  createPayout,
  finalReview,
  firstReview,
  orderDetail,
  recordPayoutResult,
  runMachineReview,
  submitApplication,
  type LoanBookDeps,
} from './modules/loan-book/index.js';
import { loanBookDeps, makeCustomer, makeProduct } from './testing/loan-book.factories.js';
import { repayments } from './modules/loan-book/repayments.table.js';
import { marketingOptOuts } from './modules/marketing-sms/marketing-sms.table.js';
import { findSmsMessage, sendSms } from './integrations/index.js';
import { creditsOfPayment, ensureVirtualAccount } from './modules/collections/index.js';
import { manualGateways } from './integrations/testing/manual-gateways.js';
import {
  signatureHeader,
  SIGNATURE_HEADER,
  verifySignature,
} from './integrations/webhooks/signature.js';

let t: TestApp;
let deps: LoanBookDeps;
const gateways = manualGateways(() => t.app);
const secret = gateways.config.sandboxWebhookSecret;

beforeAll(async () => {
  t = await buildTestApp({ demoData: false, gateways });
  deps = loanBookDeps(t.db, t.clock);
});
afterAll(() => t.close());

function deliver(path: string, body: string, header: string) {
  return t.app.inject({
    method: 'POST',
    url: path,
    payload: body,
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: header },
  });
}

async function activeOrderWithAccount() {
  const product = await makeProduct(deps);
  const customer = await makeCustomer(deps);
  const order = await submitApplication(
    deps,
    {
      customerId: customer.id,
      productId: product.id,
      principalPaise: 450_000n,
      acceptance: { acceptedAt: t.clock.now(), channel: 'app', otpReference: 'otp:test' },
    },
    null,
  );
  await runMachineReview(deps, order.id);
  await firstReview(deps, { orderId: order.id, decision: 'pass' }, 101);
  await finalReview(deps, { orderId: order.id, decision: 'pass' }, 102);
  const payout = await createPayout(
    deps,
    { orderId: order.id, idempotencyKey: `wh-pay-${order.id}`, channel: 'sandbox' },
    null,
  );
  await recordPayoutResult(deps, payout.payoutId!, { status: 'processed', utr: `UTR${order.id}` });
  const account = await ensureVirtualAccount(
    t.db,
    t.app.integrations.collections,
    { customerId: customer.id, name: customer.name },
    t.clock.now(),
  );
  return { orderId: order.id, account };
}

describe('webhook signatures', () => {
  it('verifies HMAC-SHA256 over the raw body in a time window', () => {
    const body = Buffer.from('{"a":1}');
    const now = new Date('2025-01-15T04:30:00Z');
    const header = signatureHeader('s3cret-key-123456', now, body);
    expect(verifySignature('s3cret-key-123456', header, body, now, 300)).toMatchObject({
      ok: true,
    });
    expect(verifySignature('another-key-123456', header, body, now, 300)).toEqual({
      ok: false,
      reason: 'mismatch',
    });
    expect(verifySignature('s3cret-key-123456', header, Buffer.from('{"a": 1}'), now, 300)).toEqual(
      {
        ok: false,
        reason: 'mismatch',
      },
    );
    const later = new Date(now.getTime() + 301_000);
    expect(verifySignature('s3cret-key-123456', header, body, later, 300)).toEqual({
      ok: false,
      reason: 'outside window',
    });
    expect(verifySignature('s3cret-key-123456', undefined, body, now, 300)).toEqual({
      ok: false,
      reason: 'missing',
    });
    expect(verifySignature('s3cret-key-123456', 'garbage', body, now, 300)).toEqual({
      ok: false,
      reason: 'malformed',
    });
  });
});

describe('collection credits', () => {
  it('posts exactly one repayment when the credit webhook arrives twice', async () => {
    const { orderId, account } = await activeOrderWithAccount();
    const { paymentId } = t.app.integrations.collections.simulateCredit({
      accountNumber: account.accountNumber,
      amountPaise: 100_000n,
    });
    // The sandbox delivers every event twice here.
    expect(gateways.scheduler.tasks).toHaveLength(2);
    await gateways.scheduler.runAllReversed();
    const outcomes = gateways.deliveries.slice(-2).map((d) => JSON.parse(d.body).ret.duplicate);
    expect(outcomes.sort()).toEqual([false, true]);
    const rows = await t.db.select().from(repayments).where(eq(repayments.orderId, orderId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      amountPaise: 100_000n,
      gatewayPaymentId: `sandbox:${paymentId}`,
    });
    const [credit] = await creditsOfPayment(t.db, 'sandbox', paymentId);
    expect(credit).toMatchObject({ status: 'applied', orderId, repaymentId: rows[0]!.id });
    expect((await orderDetail(t.db, orderId)).status).toBe('ACTIVE');
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('a second event id for the same payment changes nothing; a UPI credit clears the loan', async () => {
    const { orderId, account } = await activeOrderWithAccount();
    const { body } = t.app.integrations.collections.simulateCredit({
      upiId: account.upiId,
      amountPaise: 450_000n,
    });
    gateways.scheduler.stop();
    const first = await deliver(
      '/webhooks/collections/sandbox',
      body,
      signatureHeader(secret, t.clock.now(), body),
    );
    expect(first.statusCode).toBe(200);
    const renamed = body.replace(/"id":"evt_[0-9a-z_]+"/, '"id":"evt_other"');
    const second = await deliver(
      '/webhooks/collections/sandbox',
      renamed,
      signatureHeader(secret, t.clock.now(), renamed),
    );
    expect(second.json().ret).toEqual({ eventId: 'evt_other', duplicate: false });
    const rows = await t.db.select().from(repayments).where(eq(repayments.orderId, orderId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.channel).toBe('upi');
    expect((await orderDetail(t.db, orderId)).status).toBe('CLEARED');
  });

  it('refuses a forged signature and a replay outside the window (401); nothing is applied', async () => {
    const { orderId, account } = await activeOrderWithAccount();
    const { body } = t.app.integrations.collections.simulateCredit({
      accountNumber: account.accountNumber,
      amountPaise: 50_000n,
    });
    gateways.scheduler.stop();
    const forged = await deliver(
      '/webhooks/collections/sandbox',
      body,
      signatureHeader('not-the-secret-at-all', t.clock.now(), body),
    );
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe(4206);
    const tampered = body.replace('"amountPaise":50000', '"amountPaise":5000000');
    const changed = await deliver(
      '/webhooks/collections/sandbox',
      tampered,
      signatureHeader(secret, t.clock.now(), body),
    );
    expect(changed.statusCode).toBe(401);
    const old = new Date(t.clock.now().getTime() - 10 * 60_000);
    const replayed = await deliver(
      '/webhooks/collections/sandbox',
      body,
      signatureHeader(secret, old, body),
    );
    expect(replayed.statusCode).toBe(401);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/webhooks/collections/sandbox',
      payload: body,
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(401);
    expect(
      await t.db.select().from(repayments).where(eq(repayments.orderId, orderId)),
    ).toHaveLength(0);
    // The genuine delivery still goes through once.
    const genuine = await deliver(
      '/webhooks/collections/sandbox',
      body,
      signatureHeader(secret, t.clock.now(), body),
    );
    expect(genuine.json().ret.duplicate).toBe(false);
    const again = await deliver(
      '/webhooks/collections/sandbox',
      body,
      signatureHeader(secret, t.clock.now(), body),
    );
    expect(again.json().ret.duplicate).toBe(true);
    expect(
      await t.db.select().from(repayments).where(eq(repayments.orderId, orderId)),
    ).toHaveLength(1);
  });

  it('keeps a credit with no open loan as unmatched', async () => {
    const customer = await makeCustomer(deps);
    const account = await ensureVirtualAccount(
      t.db,
      t.app.integrations.collections,
      { customerId: customer.id, name: 'x' },
      t.clock.now(),
    );
    const { paymentId } = t.app.integrations.collections.simulateCredit({
      accountNumber: account.accountNumber,
      amountPaise: 1_000n,
    });
    await gateways.scheduler.runAllReversed();
    const [credit] = await creditsOfPayment(t.db, 'sandbox', paymentId);
    expect(credit).toMatchObject({ status: 'unmatched', note: 'no open loan', orderId: null });
    const statement = await t.app.integrations.collections.statementOfCredits({
      from: new Date(t.clock.now().getTime() - 1000),
      to: new Date(t.clock.now().getTime() + 1000),
    });
    expect(statement.map((c) => c.paymentId)).toContain(paymentId);
  });
});

describe('SMS delivery receipts', () => {
  it('move the status forward only, whatever order they arrive in', async () => {
    gateways.scheduler.stop();
    const { messageId } = await sendSms(
      t.db,
      t.app.integrations.smsGateways,
      { phone: '9876500001', templateId: 'otp_login_v1', params: { code: '123456' } },
      t.clock.now(),
    );
    // sent ×2 then delivered ×2; run newest first: delivered arrives before sent.
    expect(gateways.scheduler.tasks).toHaveLength(4);
    await gateways.scheduler.runAllReversed();
    expect(await findSmsMessage(t.db, 'sandbox', messageId)).toMatchObject({ status: 'delivered' });
  });

  it('refuses a forged receipt', async () => {
    const body = JSON.stringify({
      id: 'evt_forged',
      type: 'sms.status',
      data: { messageId: 'x', status: 'failed' },
    });
    const response = await deliver(
      '/webhooks/sms/sandbox',
      body,
      signatureHeader('wrong-secret-0123456', t.clock.now(), body),
    );
    expect(response.statusCode).toBe(401);
  });
});

describe('SMS replies', () => {
  let eventNo = 0;
  async function reply(from: string, text: string) {
    eventNo += 1;
    const body = JSON.stringify({
      id: `evt_reply_${eventNo}`,
      type: 'sms.inbound',
      data: { from, text },
    });
    return deliver('/webhooks/sms/sandbox', body, signatureHeader(secret, t.clock.now(), body));
  }
  const optOutOf = async (phone: string) =>
    (await t.db.select().from(marketingOptOuts).where(eq(marketingOptOuts.phone, phone)))[0];

  it('STOP puts the number on the marketing opt-outs; START takes a reply opt-out back', async () => {
    expect((await reply('+91 98765 00111', ' stop ')).statusCode).toBe(200);
    expect(await optOutOf('9876500111')).toMatchObject({ source: 'stopReply' });
    // A sentence that merely contains the word is not an opt-out.
    await reply('9876500112', 'please stop calling me after 6');
    expect(await optOutOf('9876500112')).toBeUndefined();
    await reply('9876500111', 'START');
    expect(await optOutOf('9876500111')).toBeUndefined();
  });

  it('START does not undo an opt-out a reply did not make (DND registry, staff)', async () => {
    await t.db
      .insert(marketingOptOuts)
      .values({ phone: '9876500113', source: 'dndRegistry', optedOutAt: t.clock.now() });
    await reply('9876500113', 'start');
    expect(await optOutOf('9876500113')).toMatchObject({ source: 'dndRegistry' });
  });

  it('refuses a reply without a mobile number, changing nothing', async () => {
    const response = await reply('12345', 'STOP');
    expect(response.statusCode).toBe(400);
    expect(await optOutOf('12345')).toBeUndefined();
  });
});

describe('collections reconciliation with the statement of credits', () => {
  const statementPeriod = () => ({
    from: new Date(t.clock.now().getTime() - 3_600_000),
    to: new Date(t.clock.now().getTime() + 60_000),
  });

  it('applies a credit whose webhook was lost, once, whatever arrives after', async () => {
    const { orderId, account } = await activeOrderWithAccount();
    const { paymentId, body } = t.app.integrations.collections.simulateCredit({
      accountNumber: account.accountNumber,
      amountPaise: 120_000n,
    });
    gateways.scheduler.stop(); // the webhook never comes
    expect(await t.db.select().from(repayments).where(eq(repayments.orderId, orderId))).toEqual([]);

    const report = await t.app.integrations.reconcileCollections(statementPeriod());
    expect(report.recovered).toEqual([paymentId]);
    expect(report.breaks).toEqual([]);
    const rows = await t.db.select().from(repayments).where(eq(repayments.orderId, orderId));
    expect(rows).toMatchObject([
      { amountPaise: 120_000n, gatewayPaymentId: `sandbox:${paymentId}` },
    ]);
    const [credit] = await creditsOfPayment(t.db, 'sandbox', paymentId);
    expect(credit).toMatchObject({ status: 'applied', orderId });
    expect(credit!.note).toMatch(/^recovered by reconciliation: credited \d{4}-\d\d-\d\d, posted /);

    // The webhook turns up after all, and reconciliation runs again: nothing more is posted.
    const late = await deliver(
      '/webhooks/collections/sandbox',
      body,
      signatureHeader(secret, t.clock.now(), body),
    );
    expect(late.statusCode).toBe(200);
    const again = await t.app.integrations.reconcileCollections(statementPeriod());
    expect(again.recovered).toEqual([]);
    expect(again.alreadyRecorded).toBeGreaterThanOrEqual(1);
    expect(
      await t.db.select().from(repayments).where(eq(repayments.orderId, orderId)),
    ).toHaveLength(1);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('reports a credit the book recorded otherwise than the statement, and one it lacks', async () => {
    const { account } = await activeOrderWithAccount();
    const { paymentId, body } = t.app.integrations.collections.simulateCredit({
      accountNumber: account.accountNumber,
      amountPaise: 70_000n,
    });
    gateways.scheduler.stop();
    // A webhook reporting another amount than the gateway's statement shows.
    const misreported = body.replace('"amountPaise":70000', '"amountPaise":7000');
    await deliver(
      '/webhooks/collections/sandbox',
      misreported,
      signatureHeader(secret, t.clock.now(), misreported),
    );
    // And a credit the statement does not list at all.
    const unknown = body
      .replaceAll(paymentId, 'pay_not_on_statement')
      .replace(/"id":"evt_[0-9a-z_]+"/, '"id":"evt_not_on_statement"');
    await deliver(
      '/webhooks/collections/sandbox',
      unknown,
      signatureHeader(secret, t.clock.now(), unknown),
    );

    const report = await t.app.integrations.reconcileCollections(statementPeriod());
    expect(report.breaks).toContainEqual({
      paymentId,
      field: 'amountPaise',
      statement: '70000',
      book: '7000',
    });
    expect(report.recovered).not.toContain(paymentId);
    expect(report.notOnStatement).toEqual(['pay_not_on_statement']);
    // The book keeps what it recorded: a break is for finance, not overwritten.
    const [credit] = await creditsOfPayment(t.db, 'sandbox', paymentId);
    expect(credit!.amountPaise).toBe(7_000n);
  });
});
