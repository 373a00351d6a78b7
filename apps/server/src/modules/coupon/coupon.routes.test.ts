import { errorCatalogue, couponApi, loanBookApi } from '@lending/contract';
import { WORKED_EXAMPLE_PRINCIPAL } from '@lending/lending';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualGateways } from '../../integrations/testing/manual-gateways.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { callEndpoint, createStaff, loginAs } from '../../testing/factories.js';
import { ledgerEntries, ledgerJournals } from '../ledger/tables.js';
import { riskBlacklist } from '../risk/risk.table.js';
import {
  checkLedger,
  createPayout,
  finalReview,
  firstReview,
  postRepayment,
  recordPayoutResult,
  type LoanBookDeps,
} from '../loan-book/index.js';
import { loanBookDeps, makeProduct } from '../../testing/loan-book.factories.js';

let t: TestApp;
let deps: LoanBookDeps;
let productId: number;
let admin: string;
const gateways = manualGateways(() => t.app);
let seq = 0;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await buildTestApp({ demoData: false, gateways });
  deps = loanBookDeps(t.db, t.clock);
  productId = (await makeProduct(deps)).id;
  admin = await loginAs(t.app);
});
afterAll(() => t.close());

function appCall(url: string, payload: unknown, session: { token: string; ip: string }) {
  return (t.app as FastifyInstance).inject({
    method: 'POST',
    url: `/app-api${url}`,
    payload: payload as object,
    remoteAddress: session.ip,
    headers: { 'x-app-token': session.token },
  });
}

function lastCode(phone: string): string {
  return t.app.integrations.sms.lastTo(phone)!.params.code!;
}

/** A borrower registered through the app from `channel` (each test uses its own channel). */
async function registered(channel: string) {
  seq += 1;
  const phone = `97${String(10_000_000 + seq).slice(-8)}`;
  const ip = `10.7.${Math.floor(seq / 250)}.${seq % 250}`;
  const inject = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/app-api${url}`, payload, remoteAddress: ip });
  await inject('/auth/send_otp', { phone });
  const verified = await inject('/auth/verify_otp', { phone, code: lastCode(phone), channel });
  const ret = verified.json().ret as { token: string; borrowerId: number };
  return { phone, ip, token: ret.token, borrowerId: ret.borrowerId };
}

/** Days pass (interest accrues); the borrower signs in again, as the app would. */
async function daysLater<S extends { phone: string; ip: string; token: string }>(
  session: S,
  days: number,
): Promise<S> {
  t.clock.advance(days * DAY);
  admin = await loginAs(t.app); // staff sessions end when idle for days too
  const inject = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/app-api${url}`, payload, remoteAddress: session.ip });
  await inject('/auth/send_otp', { phone: session.phone });
  const verified = await inject('/auth/verify_otp', {
    phone: session.phone,
    code: lastCode(session.phone),
  });
  return { ...session, token: (verified.json().ret as { token: string }).token };
}

/** …with a loan disbursed today. */
async function withActiveLoan(channel: string) {
  const session = await registered(channel);
  const four = String(1000 + seq).slice(-4);
  await appCall(
    '/profile/save',
    {
      name: 'Asha Verma',
      birthDate: '1994-03-02',
      region: 'Maharashtra',
      occupation: 'Salaried',
      monthlyIncomePaise: 4_500_000,
      pan: `CPNPA${four}F`,
      aadhaar: `2345 6780 ${four}`,
    },
    session,
  );
  await appCall(
    '/bank/save',
    { bankName: 'State Bank of India', accountNumber: `5${four}6789012`, ifsc: 'SBIN0001234' },
    session,
  );
  await appCall('/auth/send_otp', { phone: session.phone, purpose: 'loanAcceptance' }, session);
  const applied = await appCall(
    '/loan/apply',
    {
      productId,
      principalPaise: Number(WORKED_EXAMPLE_PRINCIPAL),
      otpCode: lastCode(session.phone),
    },
    session,
  );
  if (applied.statusCode !== 200) throw new Error(applied.body);
  const { orderId } = applied.json().ret as { orderId: number };
  await firstReview(deps, { orderId, decision: 'pass' }, 101);
  await finalReview(deps, { orderId, decision: 'pass' }, 102);
  const payout = await createPayout(
    deps,
    { orderId, idempotencyKey: `pay-coupon-${orderId}`, channel: 'sandbox' },
    null,
  );
  await recordPayoutResult(deps, payout.payoutId!, { status: 'processed', utr: `UTR${orderId}` });
  return { ...session, orderId };
}

async function createCoupon(overrides: Record<string, unknown> = {}) {
  const response = await callEndpoint(
    t.app,
    couponApi.saveCoupon,
    {
      title: `Interest off ${++seq}`,
      target: 'interest',
      faceKind: 'amount',
      amountPaise: 5_000,
      totalNumber: 100,
      validDays: 7,
      thresholdPaise: 0,
      expiresOn: '2025-12-31',
      ...overrides,
    },
    admin,
  );
  expect(response.statusCode).toBe(200);
  return response.json().ret as { id: number; title: string };
}

function send(couponId: number, channel: string, idempotencyKey: string) {
  return callEndpoint(
    t.app,
    couponApi.sendCoupon,
    { couponId, filters: { segment: 'all', channel }, idempotencyKey },
    admin,
  );
}

async function amountToClear(session: { token: string; ip: string }) {
  const loans = (await appCall('/loan/list', {}, session)).json().ret.list as {
    amountToClearTodayPaise: number;
  }[];
  return loans[0]!.amountToClearTodayPaise;
}

const codeOf = (response: LightMyRequestResponse) => (response.json() as { code: number }).code;

describe('coupon templates', () => {
  it('refuses a percent coupon without its percent, naming the field', async () => {
    const response = await callEndpoint(
      t.app,
      couponApi.saveCoupon,
      {
        title: 'Ten percent',
        target: 'interest',
        faceKind: 'percent',
        amountPaise: 10_000,
        totalNumber: 10,
        validDays: 7,
        thresholdPaise: 0,
        expiresOn: '2025-12-31',
      },
      admin,
    );
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain('percentBasisPoints');
  });

  it('a role without the coupon interfaces gets 403', async () => {
    const staff = await createStaff(t.db, t.clock, { menus: ['Coupon'] });
    const token = await loginAs(t.app, staff);
    const response = await callEndpoint(
      t.app,
      couponApi.listCoupons,
      { page: 1, pageSize: 20 },
      token,
    );
    expect(response.statusCode).toBe(403);
  });

  it('a coupon once sent can no longer be edited or deleted', async () => {
    const channel = 'tpl-lock';
    await registered(channel);
    const coupon = await createCoupon();
    const terms = {
      id: coupon.id,
      title: coupon.title,
      target: 'interest',
      faceKind: 'amount',
      totalNumber: 100,
      validDays: 7,
      thresholdPaise: 0,
      expiresOn: '2025-12-31',
    } as const;
    // Never sent: it can still be edited.
    const edited = await callEndpoint(
      t.app,
      couponApi.saveCoupon,
      { ...terms, amountPaise: 6_000 },
      admin,
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json().ret).toMatchObject({ id: coupon.id, amountPaise: 6_000 });
    expect((await send(coupon.id, channel, 'send-tpl-lock-1')).statusCode).toBe(200);
    // Sent: an edit is refused, naming the coupon, and its terms stay those it was sent with.
    const reedited = await callEndpoint(
      t.app,
      couponApi.saveCoupon,
      { ...terms, amountPaise: 9_000 },
      admin,
    );
    expect(reedited.statusCode).toBe(409);
    expect(reedited.json()).toMatchObject({
      code: errorCatalogue.couponAlreadySent.code,
      msg: `Coupon ${coupon.title} has already been sent: it cannot be edited or deleted, make it unavailable instead`,
    });
    const deleted = await callEndpoint(t.app, couponApi.deleteCoupon, { id: coupon.id }, admin);
    expect(deleted.statusCode).toBe(409);
    expect(codeOf(deleted)).toBe(errorCatalogue.couponAlreadySent.code);
    const listed = await callEndpoint(
      t.app,
      couponApi.listCoupons,
      { page: 1, pageSize: 100 },
      admin,
    );
    const row = (
      listed.json().ret.list as { id: number; remainingNumber: number; amountPaise: number }[]
    ).find((r) => r.id === coupon.id);
    expect(row?.remainingNumber).toBe(99);
    expect(row?.amountPaise).toBe(6_000);
  });
});

describe('audience and sending', () => {
  it('leaves blacklisted borrowers out of the audience and the send', async () => {
    const channel = 'aud-black';
    const kept = await registered(channel);
    const barred = await registered(channel);
    await t.db.insert(riskBlacklist).values({
      kind: 'phone',
      value: barred.phone,
      reason: 'fraud ring',
      source: 'fraud',
      addedAt: t.clock.now(),
    });
    const audience = await callEndpoint(
      t.app,
      couponApi.couponAudience,
      { filters: { segment: 'registeredNotApplied', channel } },
      admin,
    );
    expect(audience.statusCode).toBe(200);
    const ret = audience.json().ret as {
      total: number;
      blacklisted: number;
      list: { id: number; phone: string }[];
    };
    expect(ret.total).toBe(1);
    expect(ret.blacklisted).toBe(1);
    expect(ret.list.map((r) => r.id)).toEqual([kept.borrowerId]);
    expect(ret.list[0]!.phone).not.toContain(kept.phone.slice(0, 6));

    const coupon = await createCoupon();
    const sent = await send(coupon.id, channel, 'send-aud-black-1');
    expect(sent.json().ret).toMatchObject({ sent: 1, blacklisted: 1 });
    const barredCoupons = await appCall('/coupon/list', {}, barred);
    expect(barredCoupons.json().ret.list).toEqual([]);
    const keptCoupons = await appCall('/coupon/list', {}, kept);
    expect(keptCoupons.json().ret.list).toHaveLength(1);
  });

  it('sends once per idempotency key; a new send skips who already holds it', async () => {
    const channel = 'send-idem';
    await registered(channel);
    await registered(channel);
    const coupon = await createCoupon();
    const first = await send(coupon.id, channel, 'send-idem-key-1');
    const replay = await send(coupon.id, channel, 'send-idem-key-1');
    expect(first.json().ret).toMatchObject({ sent: 2, alreadyHeld: 0 });
    expect(replay.json().ret).toEqual(first.json().ret);
    const other = await createCoupon();
    const reused = await send(other.id, channel, 'send-idem-key-1');
    expect(reused.statusCode).toBe(409);
    expect(codeOf(reused)).toBe(errorCatalogue.idempotencyKeyReused.code);
    const again = await send(coupon.id, channel, 'send-idem-key-2');
    expect(again.json().ret).toMatchObject({ sent: 0, alreadyHeld: 2 });
    const records = await callEndpoint(
      t.app,
      couponApi.listSentCoupons,
      { page: 1, pageSize: 20, filters: { couponId: coupon.id } },
      admin,
    );
    expect(records.json().ret.total).toBe(2);
  });

  it('refuses a send beyond what remains of the coupon', async () => {
    const channel = 'send-stock';
    await registered(channel);
    await registered(channel);
    const coupon = await createCoupon({ totalNumber: 1 });
    const response = await send(coupon.id, channel, 'send-stock-key-1');
    expect(response.statusCode).toBe(409);
    expect(codeOf(response)).toBe(errorCatalogue.couponStockExhausted.code);
  });

  it('answers a send of a coupon that does not exist with 404, and records no batch', async () => {
    const response = await send(2_000_000_000, 'send-unknown', 'send-unknown-key-1');
    expect(response.statusCode).toBe(404);
    expect(codeOf(response)).toBe(errorCatalogue.notFound.code);
    const coupon = await createCoupon();
    // The key was not taken by the refused send: it sends the real coupon.
    expect((await send(coupon.id, 'send-unknown', 'send-unknown-key-1')).statusCode).toBe(200);
  });
});

describe('using a coupon (borrower API)', () => {
  it('lowers what clears the loan by its reduction, posts a balanced marketing expense, once', async () => {
    const channel = 'use-ok';
    const borrower = await daysLater(await withActiveLoan(channel), 3); // interest owed
    const coupon = await createCoupon({ amountPaise: 200 });
    await send(coupon.id, channel, 'send-use-ok-1');
    const [held] = (await appCall('/coupon/list', {}, borrower)).json().ret.list as {
      id: number;
      state: string;
    }[];
    expect(held!.state).toBe('unused');
    const before = await amountToClear(borrower);

    const body = { orderId: borrower.orderId, couponId: held!.id, idempotencyKey: 'use-ok-key-1' };
    const used = await appCall('/coupon/apply', body, borrower);
    expect(used.statusCode).toBe(200);
    expect(used.json().ret).toMatchObject({ reducedPaise: 200 });
    expect(await amountToClear(borrower)).toBe(before - 200);

    const ledger = await checkLedger(t.db);
    expect(ledger.unbalancedJournals).toEqual([]);
    expect(ledger.mismatchedOrders).toEqual([]);
    const marketing = await t.db
      .select({ amount: ledgerEntries.amountPaise })
      .from(ledgerEntries)
      .innerJoin(ledgerJournals, eq(ledgerJournals.id, ledgerEntries.journalId))
      .where(
        and(
          eq(ledgerJournals.orderId, borrower.orderId),
          eq(ledgerEntries.account, 'expense:marketing'),
        ),
      );
    expect(marketing.map((m) => m.amount)).toEqual([200n]);

    const replay = await appCall('/coupon/apply', body, borrower);
    expect(replay.json().ret).toEqual(used.json().ret);
    const twice = await appCall(
      '/coupon/apply',
      { ...body, idempotencyKey: 'use-ok-key-2' },
      borrower,
    );
    expect(twice.statusCode).toBe(409);
    expect(codeOf(twice)).toBe(errorCatalogue.couponAlreadyUsed.code);
    expect(await amountToClear(borrower)).toBe(before - 200);

    const records = await callEndpoint(
      t.app,
      couponApi.listSentCoupons,
      { page: 1, pageSize: 20, filters: { couponId: coupon.id, state: 'used' } },
      admin,
    );
    expect(records.json().ret.list[0]).toMatchObject({ state: 'used', reducedPaise: 200 });
  });

  it('keeps the discount as a concession when the repayment it was used with is reversed (decision 0100)', async () => {
    const channel = 'use-bounce';
    const borrower = await daysLater(await withActiveLoan(channel), 3);
    const coupon = await createCoupon({ amountPaise: 200 });
    await send(coupon.id, channel, 'send-use-bounce-1');
    const [held] = (await appCall('/coupon/list', {}, borrower)).json().ret.list as {
      id: number;
    }[];
    const body = { orderId: borrower.orderId, couponId: held!.id, idempotencyKey: 'bounce-c-1' };
    expect((await appCall('/coupon/apply', body, borrower)).statusCode).toBe(200);
    const owed = await amountToClear(borrower);
    const paid = await postRepayment(
      deps,
      {
        orderId: borrower.orderId,
        idempotencyKey: 'bounce-pay-1',
        amountPaise: BigInt(owed),
        channel: 'upi',
      },
      null,
    );
    expect(paid.status).toBe('CLEARED');
    const reversed = await callEndpoint(
      t.app,
      loanBookApi.reverseRepayment,
      { repaymentId: paid.repaymentId!, idempotencyKey: 'bounce-rev-1', reason: 'bounced' },
      admin,
    );
    expect(reversed.statusCode).toBe(200);
    // The loan owes again what it owed after the coupon; the coupon stays used, its expense stays.
    expect(await amountToClear(borrower)).toBe(owed);
    const [after] = (await appCall('/coupon/list', {}, borrower)).json().ret.list as {
      state: string;
    }[];
    expect(after!.state).toBe('used');
    const marketing = await t.db
      .select({ amount: ledgerEntries.amountPaise })
      .from(ledgerEntries)
      .innerJoin(ledgerJournals, eq(ledgerJournals.id, ledgerEntries.journalId))
      .where(
        and(
          eq(ledgerJournals.orderId, borrower.orderId),
          eq(ledgerEntries.account, 'expense:marketing'),
        ),
      );
    expect(marketing.map((m) => m.amount)).toEqual([200n]);
    const ledger = await checkLedger(t.db);
    expect(ledger.mismatchedOrders).toEqual([]);
  });

  it('uses a coupon once under concurrent calls', async () => {
    const channel = 'use-race';
    const borrower = await daysLater(await withActiveLoan(channel), 2);
    const coupon = await createCoupon({ amountPaise: 100 });
    await send(coupon.id, channel, 'send-use-race-1');
    const [held] = (await appCall('/coupon/list', {}, borrower)).json().ret.list as {
      id: number;
    }[];
    const before = await amountToClear(borrower);
    const results = await Promise.all(
      ['race-a-key', 'race-b-key', 'race-c-key'].map((idempotencyKey) =>
        appCall(
          '/coupon/apply',
          { orderId: borrower.orderId, couponId: held!.id, idempotencyKey },
          borrower,
        ),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(await amountToClear(borrower)).toBe(before - 100);
  });

  it('refuses an expired coupon with a clear error', async () => {
    const channel = 'use-expired';
    const coupon = await createCoupon({ validDays: 1 });
    const borrowing = await withActiveLoan(channel);
    await send(coupon.id, channel, 'send-use-expired-1');
    const borrower = await daysLater(borrowing, 2);
    const [held] = (await appCall('/coupon/list', {}, borrower)).json().ret.list as {
      id: number;
      state: string;
    }[];
    expect(held!.state).toBe('expired');
    const response = await appCall(
      '/coupon/apply',
      { orderId: borrower.orderId, couponId: held!.id, idempotencyKey: 'use-expired-key' },
      borrower,
    );
    expect(response.statusCode).toBe(409);
    expect(codeOf(response)).toBe(errorCatalogue.couponExpired.code);
    expect(response.json().msg).toMatch(/expired on \d{4}-\d{2}-\d{2}/);
  });

  it("does not find another borrower's coupon", async () => {
    const channel = 'use-other';
    const owner = await registered(channel);
    const stranger = await withActiveLoan('use-other-stranger');
    const coupon = await createCoupon();
    await send(coupon.id, channel, 'send-use-other-1');
    const [held] = (await appCall('/coupon/list', {}, owner)).json().ret.list as { id: number }[];
    const response = await appCall(
      '/coupon/apply',
      { orderId: stranger.orderId, couponId: held!.id, idempotencyKey: 'use-other-key' },
      stranger,
    );
    expect(response.statusCode).toBe(404);
  });
});
