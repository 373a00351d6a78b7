import { WORKED_EXAMPLE_PRINCIPAL } from '@lending/lending';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualGateways } from '../../integrations/testing/manual-gateways.js';
import { indiaDateOf } from '../../shared/india-date.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import {
  createPayout,
  finalReview,
  firstReview,
  orderDetail,
  recordPayoutResult,
  type LoanBookDeps,
} from '../loan-book/index.js';
import { loanBookDeps, makeProduct } from '../../testing/loan-book.factories.js';

let t: TestApp;
let deps: LoanBookDeps;
let productId: number;
const gateways = manualGateways(() => t.app);
let ipSeq = 0;
let phoneSeq = 0;

beforeAll(async () => {
  t = await buildTestApp({ demoData: false, gateways });
  deps = loanBookDeps(t.db, t.clock);
  productId = (await makeProduct(deps)).id;
});
afterAll(() => t.close());

/** Each test signs in from its own address, so the per-address limit is its own. */
function freshIp() {
  ipSeq += 1;
  return `10.0.${Math.floor(ipSeq / 250)}.${ipSeq % 250}`;
}
function freshPhone() {
  phoneSeq += 1;
  return `98${String(10_000_000 + phoneSeq).slice(-8)}`;
}

function call(
  url: string,
  payload: unknown,
  options: { token?: string; ip?: string } = {},
): Promise<LightMyRequestResponse> {
  return (t.app as FastifyInstance).inject({
    method: 'POST',
    url: `/app-api${url}`,
    payload: payload as object,
    remoteAddress: options.ip ?? '10.9.9.9',
    headers: options.token ? { 'x-app-token': options.token } : {},
  });
}

function lastCode(phone: string): string {
  const message = t.app.integrations.sms.lastTo(phone);
  if (!message?.params.code) throw new Error(`no SMS to ${phone}`);
  return message.params.code;
}

async function signIn(phone = freshPhone(), ip = freshIp()) {
  const sent = await call('/auth/send_otp', { phone: `+91 ${phone}` }, { ip });
  expect(sent.statusCode).toBe(200);
  const verified = await call(
    '/auth/verify_otp',
    { phone, code: lastCode(phone), channel: 'playstore' },
    { ip },
  );
  expect(verified.statusCode).toBe(200);
  return {
    phone,
    ip,
    ...(verified.json().ret as { token: string; borrowerId: number; newlyRegistered: boolean }),
  };
}

let aadhaarSeq = 0;
function profile(overrides: Record<string, unknown> = {}) {
  aadhaarSeq += 1;
  return {
    name: 'Asha Verma',
    birthDate: '1994-03-02',
    region: 'Maharashtra',
    occupation: 'Salaried',
    monthlyIncomePaise: 4_500_000,
    pan: `ABCDE${String(1000 + aadhaarSeq).slice(-4)}F`,
    aadhaar: `2345 6789 ${String(1000 + aadhaarSeq).slice(-4)}`,
    ...overrides,
  };
}

const bank = {
  bankName: 'State Bank of India',
  accountNumber: '123456789012',
  ifsc: 'SBIN0001234',
};

async function onboarded() {
  const session = await signIn();
  expect((await call('/profile/save', profile(), session)).statusCode).toBe(200);
  expect((await call('/bank/save', bank, session)).statusCode).toBe(200);
  return session;
}

async function apply(session: { phone: string; token: string; ip: string }) {
  await call('/auth/send_otp', { phone: session.phone, purpose: 'loanAcceptance' }, session);
  return call(
    '/loan/apply',
    {
      productId,
      principalPaise: Number(WORKED_EXAMPLE_PRINCIPAL),
      otpCode: lastCode(session.phone),
    },
    session,
  );
}

describe('OTP sign-in', () => {
  it('registers on the first verification, signs in on the next; the token opens the API', async () => {
    const phone = freshPhone();
    const first = await signIn(phone);
    expect(first.newlyRegistered).toBe(true);
    t.clock.advanceMinutes(2);
    const second = await signIn(phone);
    expect(second).toMatchObject({ newlyRegistered: false, borrowerId: first.borrowerId });
    const me = await call('/profile/get', {}, second);
    expect(me.json().ret).toMatchObject({
      phone,
      channel: 'playstore',
      registrationDate: '2025-01-15',
    });
    // The code went through the SMS gateway with a template id, and is erased once used.
    expect(t.app.integrations.sms.lastTo(phone)?.templateId).toBe('otp_login_v1');
    const out = await call('/auth/logout', {}, second);
    expect(out.statusCode).toBe(200);
    expect((await call('/profile/get', {}, second)).json().code).toBe(4005);
  });

  it('refuses calls without a session, or with a staff token', async () => {
    const none = await call('/loan/list', {});
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe(4005);
    const forged = await call('/loan/list', {}, { token: 'not-a-token' });
    expect(forged.statusCode).toBe(401);
  });

  it('names a bad phone number', async () => {
    for (const phone of ['5123456789', '98765', '+1 9876543210', 'abcdefghij']) {
      const response = await call('/auth/send_otp', { phone }, { ip: freshIp() });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 4000, errors: [{ field: 'phone' }] });
    }
  });
});

describe('OTP abuse', () => {
  it('one code per phone per minute, five per hour', async () => {
    const phone = freshPhone();
    const ip = freshIp();
    expect((await call('/auth/send_otp', { phone }, { ip })).statusCode).toBe(200);
    const again = await call('/auth/send_otp', { phone }, { ip });
    expect(again.statusCode).toBe(429);
    expect(again.json().code).toBe(4203);
    for (let i = 0; i < 4; i += 1) {
      t.clock.advance(61_000);
      expect((await call('/auth/send_otp', { phone }, { ip })).statusCode).toBe(200);
    }
    t.clock.advance(61_000);
    const sixth = await call('/auth/send_otp', { phone }, { ip });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().code).toBe(4203);
    t.clock.advanceMinutes(60);
    expect((await call('/auth/send_otp', { phone }, { ip })).statusCode).toBe(200);
  });

  it('limits codes per address across phones', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i += 1) {
      expect((await call('/auth/send_otp', { phone: freshPhone() }, { ip })).statusCode).toBe(200);
    }
    const refused = await call('/auth/send_otp', { phone: freshPhone() }, { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe(4203);
  });

  it('five wrong codes exhaust it: even the right code is refused after', async () => {
    const phone = freshPhone();
    const ip = freshIp();
    await call('/auth/send_otp', { phone }, { ip });
    const code = lastCode(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let left = 4; left >= 1; left -= 1) {
      const response = await call('/auth/verify_otp', { phone, code: wrong }, { ip });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 4200, errors: [{ field: 'code' }] });
      expect(response.json().msg).toContain(`${left} attempt`);
    }
    const fifth = await call('/auth/verify_otp', { phone, code: wrong }, { ip });
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().code).toBe(4202);
    const right = await call('/auth/verify_otp', { phone, code }, { ip });
    expect(right.statusCode).toBe(429);
    expect(right.json().code).toBe(4202);
  });

  it('an expired code is refused; a used code cannot be used again', async () => {
    const phone = freshPhone();
    const ip = freshIp();
    await call('/auth/send_otp', { phone }, { ip });
    const code = lastCode(phone);
    t.clock.advance(301_000);
    const late = await call('/auth/verify_otp', { phone, code }, { ip });
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe(4201);

    await call('/auth/send_otp', { phone }, { ip });
    const fresh = lastCode(phone);
    expect((await call('/auth/verify_otp', { phone, code: fresh }, { ip })).statusCode).toBe(200);
    const replay = await call('/auth/verify_otp', { phone, code: fresh }, { ip });
    expect(replay.json().code).toBe(4201);
  });
});

describe('profile, KYC and bank account', () => {
  it('stores Aadhaar only as its last 4 digits; masks the PAN', async () => {
    const session = await signIn();
    const saved = await call('/profile/save', profile({ pan: 'abcpe1234k' }), session);
    expect(saved.statusCode).toBe(200);
    const view = saved.json().ret;
    expect(view).toMatchObject({
      name: 'Asha Verma',
      panMasked: '******234K',
      monthlyIncomePaise: 4_500_000,
    });
    expect(view.aadhaarLast4).toMatch(/^\d{4}$/);
    expect(JSON.stringify(view)).not.toContain('23456789');
    // Identity is set once.
    expect((await call('/profile/save', profile(), session)).statusCode).toBe(409);
  });

  it('names bad PAN, Aadhaar, IFSC and account values', async () => {
    const session = await signIn();
    const cases: [Record<string, unknown>, string][] = [
      [{ pan: 'ABCD1234F' }, 'pan'],
      [{ pan: '12345ABCDE' }, 'pan'],
      [{ aadhaar: '12345678901' }, 'aadhaar'],
      [{ aadhaar: '1234 5678 9012' }, 'aadhaar'],
      [{ birthDate: '2030-01-01' }, 'birthDate'],
    ];
    for (const [override, field] of cases) {
      const response = await call('/profile/save', profile(override), session);
      expect(response.statusCode, field).toBe(400);
      expect(response.json().code).toBe(4000);
      expect(response.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    // A bank account needs the profile first.
    expect((await call('/bank/save', bank, session)).json().code).toBe(4204);
    await call('/profile/save', profile(), session);
    for (const [override, field] of [
      [{ ifsc: 'SBIN1001234' }, 'ifsc'],
      [{ ifsc: 'SBI0001234' }, 'ifsc'],
      [{ accountNumber: '12AB' }, 'accountNumber'],
    ] as const) {
      const response = await call('/bank/save', { ...bank, ...override }, session);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].field).toBe(field);
    }
    const saved = await call('/bank/save', bank, session);
    expect(saved.json().ret.bankAccount).toMatchObject({
      accountNumberMasked: '********9012',
      ifsc: 'SBIN0001234',
      verification: 'pending',
    });
  });

  it('refuses a PAN or Aadhaar another borrower holds', async () => {
    const one = await signIn();
    const body = profile();
    expect((await call('/profile/save', body, one)).statusCode).toBe(200);
    const two = await signIn();
    const samePan = await call('/profile/save', { ...profile(), pan: body.pan }, two);
    expect(samePan.statusCode).toBe(409);
    expect(samePan.json().errors[0].field).toBe('pan');
    const sameAadhaar = await call('/profile/save', { ...profile(), aadhaar: body.aadhaar }, two);
    expect(sameAadhaar.statusCode).toBe(409);
    expect(sameAadhaar.json().errors[0].field).toBe('aadhaar');
  });
});

describe('products, key fact statement and application', () => {
  it('quotes the worked example: net ₹4,128.30, due ₹4,563.00, APR 274.53 %', async () => {
    const session = await onboarded();
    const products = await call('/loan/products', {}, session);
    expect(products.json().ret.kind).toBe('first');
    expect(products.json().ret.list.map((p: { productId: number }) => p.productId)).toContain(
      productId,
    );
    const quote = await call('/loan/quote', { productId, principalPaise: 450_000 }, session);
    expect(quote.statusCode).toBe(200);
    expect(quote.json().ret).toMatchObject({
      principalPaise: 450_000,
      processingFeePaise: 31_500,
      gstOnFeePaise: 5_670,
      netDisbursedPaise: 412_830,
      totalInterestPaise: 6_300,
      dueAmountPaise: 456_300,
      aprPercent: '274.53',
      tenorDays: 14,
      dueDate: '2025-01-29',
      coolingOffDays: 3,
    });
    const tooMuch = await call('/loan/quote', { productId, principalPaise: 999_999_999 }, session);
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().errors[0].field).toBe('principalPaise');
  });

  it('applies with the acceptance OTP; the order goes through machine review', async () => {
    const session = await onboarded();
    // Without a valid acceptance code nothing is created.
    const noCode = await call(
      '/loan/apply',
      { productId, principalPaise: 450_000, otpCode: '123456' },
      session,
    );
    expect(noCode.json().code).toBe(4201);
    const applied = await apply(session);
    expect(applied.statusCode).toBe(200);
    const { orderId, status } = applied.json().ret;
    expect(status).toBe('FIRST_REVIEW');
    const detail = await orderDetail(t.db, orderId);
    expect(detail).toMatchObject({
      principalPaise: 450_000,
      netDisbursedPaise: 412_830,
      dueAmountPaise: 456_300,
    });
    const list = await call('/loan/list', {}, session);
    expect(list.json().ret.list).toEqual([
      expect.objectContaining({ orderId, status: 'FIRST_REVIEW', amountToClearTodayPaise: 0 }),
    ]);
    // One open loan at a time.
    t.clock.advance(61_000);
    expect((await apply(session)).statusCode).toBe(409);
  });

  it('needs the profile and the bank account before applying', async () => {
    const session = await signIn();
    const response = await call(
      '/loan/apply',
      { productId, principalPaise: 450_000, otpCode: '123456' },
      session,
    );
    expect(response.json().code).toBe(4204);
  });
});

/** An application approved and disbursed today (day 0) through the loan book's services. */
async function activeLoan() {
  const session = await onboarded();
  const { orderId } = (await apply(session)).json().ret as { orderId: number };
  await firstReview(deps, { orderId, decision: 'pass' }, 101);
  await finalReview(deps, { orderId, decision: 'pass' }, 102);
  const payout = await createPayout(
    deps,
    { orderId, idempotencyKey: `pay-app-${orderId}`, channel: 'sandbox' },
    null,
  );
  await recordPayoutResult(deps, payout.payoutId!, { status: 'processed', utr: `UTR${orderId}` });
  return { session, orderId };
}

describe('a lowered amount', () => {
  it('holds the payout until the borrower accepts the revised key facts with an OTP', async () => {
    const session = await onboarded();
    const { orderId } = (await apply(session)).json().ret as { orderId: number };
    await firstReview(deps, { orderId, decision: 'pass' }, 101);
    await finalReview(deps, { orderId, decision: 'pass', approvedPrincipalPaise: 300_000n }, 102);
    const listed = await call('/loan/list', {}, session);
    expect(listed.json().ret.list[0]).toMatchObject({
      orderId,
      status: 'PENDING_DISBURSEMENT',
      awaitingAcceptance: true,
    });
    const payoutKey = { orderId, idempotencyKey: `pay-revised-${orderId}`, channel: 'sandbox' };
    await expect(createPayout(deps, payoutKey, null)).rejects.toMatchObject({
      key: 'orderStateConflict',
    });

    // A wrong code accepts nothing; the right one lifts the hold and records new evidence.
    const wrong = await call('/loan/accept_revised', { orderId, otpCode: '123456' }, session);
    expect(wrong.json().code).toBe(4201);
    t.clock.advance(61_000); // one code per phone per minute
    await call('/auth/send_otp', { phone: session.phone, purpose: 'loanAcceptance' }, session);
    const accepted = await call(
      '/loan/accept_revised',
      { orderId, otpCode: lastCode(session.phone) },
      session,
    );
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().ret).toMatchObject({ orderId, status: 'PENDING_DISBURSEMENT' });
    const after = await call('/loan/list', {}, session);
    expect(after.json().ret.list[0]).toMatchObject({ awaitingAcceptance: false });
    // Nothing is left to accept a second time.
    const again = await call('/loan/accept_revised', { orderId, otpCode: '000000' }, session);
    expect(again.statusCode).toBe(409);

    const payout = await createPayout(deps, payoutKey, null);
    await recordPayoutResult(deps, payout.payoutId!, { status: 'processed', utr: `UTR${orderId}` });
    expect(await orderDetail(t.db, orderId)).toMatchObject({ principalPaise: 300_000 });
  });

  it("another borrower cannot accept someone else's revised amount", async () => {
    const owner = await onboarded();
    const { orderId } = (await apply(owner)).json().ret as { orderId: number };
    await firstReview(deps, { orderId, decision: 'pass' }, 101);
    await finalReview(deps, { orderId, decision: 'pass', approvedPrincipalPaise: 300_000n }, 102);
    const stranger = await onboarded();
    t.clock.advance(61_000);
    await call('/auth/send_otp', { phone: stranger.phone, purpose: 'loanAcceptance' }, stranger);
    const response = await call(
      '/loan/accept_revised',
      { orderId, otpCode: lastCode(stranger.phone) },
      stranger,
    );
    expect(response.statusCode).toBe(404);
  });
});

describe('loans, repayment instructions and quotes', () => {
  it('lists what clears the loan today, the virtual account, and the rollover and cooling-off quotes', async () => {
    const { session, orderId } = await activeLoan();
    t.clock.advance(9 * 86_400_000);
    const fresh = await signIn(session.phone);
    const list = await call('/loan/list', {}, fresh);
    // Clear early on day 9: 4,500.00 + 9 × 4.50.
    expect(list.json().ret.list[0]).toMatchObject({
      orderId,
      status: 'ACTIVE',
      amountToClearTodayPaise: 454_050,
    });
    const instructions = await call('/repay/instructions', { orderId }, fresh);
    expect(instructions.statusCode).toBe(200);
    expect(instructions.json().ret).toMatchObject({
      orderId,
      amountToClearTodayPaise: 454_050,
      virtualAccount: { ifsc: 'SBOX0000001' },
    });
    expect(instructions.json().ret.upiId).toMatch(/@sbxupi$/);
    // The same account every time.
    const again = await call('/repay/instructions', { orderId }, fresh);
    expect(again.json().ret.virtualAccount).toEqual(instructions.json().ret.virtualAccount);

    const rollover = await call('/loan/rollover_quote', { orderId }, fresh);
    expect(rollover.json().ret).toMatchObject({
      available: true,
      interestPaise: 4_050,
      feePaise: 22_500,
      gstPaise: 4_050,
      totalPaise: 30_600,
      newDueDate: '2025-02-05',
    });
    const coolingOff = await call('/loan/cooling_off_quote', { orderId }, fresh);
    expect(coolingOff.json().ret).toMatchObject({
      available: false,
      reason: 'COOLING_OFF_WINDOW_CLOSED',
      lastDate: '2025-01-18',
    });
  });

  it("another borrower's order is not found", async () => {
    const { orderId } = await activeLoan();
    const stranger = await onboarded();
    const response = await call('/repay/instructions', { orderId }, stranger);
    expect(response.statusCode).toBe(404);
  });

  it('quotes the cooling-off exit inside the window', async () => {
    const { session, orderId } = await activeLoan();
    const coolingOff = await call('/loan/cooling_off_quote', { orderId }, session);
    expect(coolingOff.json().ret).toMatchObject({
      available: true,
      daysUsed: 0,
      amountPaise: 450_000,
    });
  });
});

describe('paying for a rollover or a cooling-off exit', () => {
  /** The borrower pays in through the collection sandbox; its webhooks are delivered. */
  async function payIn(target: { upiId?: string; accountNumber?: string }, amountPaise: number) {
    t.app.integrations.collections.simulateCredit({ ...target, amountPaise: BigInt(amountPaise) });
    await gateways.scheduler.runAllReversed();
  }
  const today = () => indiaDateOf(t.clock.now());
  const repaymentsOf = (detail: Awaited<ReturnType<typeof orderDetail>>) =>
    detail.repayments.map((r) => [r.type, r.amountPaise]);

  it("renews the loan when today's rollover price arrives; any other amount is a repayment", async () => {
    const { session, orderId } = await activeLoan();
    t.clock.advance(9 * 86_400_000);
    const fresh = await signIn(session.phone);
    const quote = (await call('/loan/rollover_quote', { orderId }, fresh)).json().ret;
    const asked = await call('/loan/rollover', { orderId }, fresh);
    expect(asked.statusCode).toBe(200);
    const request = asked.json().ret;
    expect(request).toMatchObject({
      orderId,
      purpose: 'rollover',
      amountPaise: 30_600,
      payOn: today(),
      virtualAccount: { ifsc: 'SBOX0000001' },
    });
    expect(request.amountPaise).toBe(quote.totalPaise);
    expect(request.upiId).toMatch(/@sbxupi$/);

    // The exact price by UPI renews it, once (the sandbox delivers every webhook twice).
    await payIn({ upiId: request.upiId }, request.amountPaise);
    let detail = await orderDetail(t.db, orderId);
    expect(detail).toMatchObject({ status: 'ACTIVE', dueDate: quote.newDueDate, rolloverCount: 1 });
    expect(repaymentsOf(detail)).toEqual([['renew', 30_600]]);

    // Paid: the same amount again is a plain repayment, not a second rollover.
    await payIn({ upiId: request.upiId }, request.amountPaise);
    detail = await orderDetail(t.db, orderId);
    expect(detail).toMatchObject({ dueDate: quote.newDueDate, rolloverCount: 1 });
    expect(repaymentsOf(detail)).toEqual([
      ['renew', 30_600],
      ['partial', 30_600],
    ]);
  });

  it('another amount repays the loan and leaves the request open; the price then changes', async () => {
    const { session, orderId } = await activeLoan();
    t.clock.advance(9 * 86_400_000);
    const fresh = await signIn(session.phone);
    const request = (await call('/loan/rollover', { orderId }, fresh)).json().ret;
    const dueBefore = (await orderDetail(t.db, orderId)).dueDate;
    await payIn({ accountNumber: request.virtualAccount.accountNumber }, 10_000);
    const detail = await orderDetail(t.db, orderId);
    expect(detail).toMatchObject({ status: 'ACTIVE', dueDate: dueBefore, rolloverCount: 0 });
    expect(repaymentsOf(detail)).toEqual([['partial', 10_000]]);
    // ₹100 paid the interest and some principal: renewing now costs less, and asking again
    // says so (the engine's quote of the moment).
    const again = (await call('/loan/rollover', { orderId }, fresh)).json().ret;
    const quote = (await call('/loan/rollover_quote', { orderId }, fresh)).json().ret;
    expect(again.amountPaise).toBe(quote.totalPaise);
    expect(again.amountPaise).toBeLessThan(request.amountPaise);
    expect(again.requestId).not.toBe(request.requestId);
    await payIn({ upiId: again.upiId }, again.amountPaise);
    expect((await orderDetail(t.db, orderId)).rolloverCount).toBe(1);
  });

  it("yesterday's price does not renew today: the money repays the loan", async () => {
    const { session, orderId } = await activeLoan();
    t.clock.advance(5 * 86_400_000);
    const fresh = await signIn(session.phone);
    const request = (await call('/loan/rollover', { orderId }, fresh)).json().ret;
    t.clock.advance(86_400_000);
    await payIn({ upiId: request.upiId }, request.amountPaise);
    const detail = await orderDetail(t.db, orderId);
    expect(detail.rolloverCount).toBe(0);
    expect(repaymentsOf(detail)).toEqual([['partial', request.amountPaise]]);
  });

  it('closes the loan in the cooling-off window with the exit amount', async () => {
    const { session, orderId } = await activeLoan();
    const asked = await call('/loan/cooling_off_exit', { orderId }, session);
    expect(asked.statusCode).toBe(200);
    expect(asked.json().ret).toMatchObject({ purpose: 'cooling_off_exit', amountPaise: 450_000 });
    await payIn({ upiId: asked.json().ret.upiId }, 450_000);
    const detail = await orderDetail(t.db, orderId);
    expect(detail).toMatchObject({ status: 'CLEARED', closureType: 'COOLING_OFF_EXIT' });
    expect(repaymentsOf(detail)).toEqual([['normal', 450_000]]);
  });

  it("refuses, with the loan book's code, what the loan does not allow", async () => {
    const { session, orderId } = await activeLoan();
    t.clock.advance(9 * 86_400_000);
    const fresh = await signIn(session.phone);
    const late = await call('/loan/cooling_off_exit', { orderId }, fresh);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe(4095);
    const stranger = await onboarded();
    expect((await call('/loan/rollover', { orderId }, stranger)).statusCode).toBe(404);
    expect((await call('/loan/rollover', { orderId: 'x' }, fresh)).statusCode).toBe(400);
  });
});

describe('borrower API document', () => {
  it('is served at /app-api/docs and is not part of the admin document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/app-api/docs' })).json();
    expect(Object.keys(doc.paths)).toContain('/app-api/loan/apply');
    expect(doc.components.securitySchemes.token.name).toBe('X-App-Token');
    const admin = (await t.app.inject({ method: 'GET', url: '/admin-api/docs' })).json();
    expect(Object.keys(admin.paths).some((p: string) => p.startsWith('/app-api'))).toBe(false);
  });
});
