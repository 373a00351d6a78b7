import { errorCatalogue, loanBookApi } from '@lending/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { callEndpoint, loginAs } from '../../testing/factories.js';
import { loanBookDeps, makeActiveOrder, makeProduct } from '../../testing/loan-book.factories.js';
import { runDayEnd } from '../day-end/index.js';
import { recoveryCases } from '../recovery/tables.js';
import { checkLedger, postRepayment, type LoanBookDeps } from './index.js';

/**
 * Reversals weeks after the payment (issue #35, decision 0099), as an auditor found them: the
 * worked example's product (0.1 % a day, ₹20 a day penal after the due date of day 14).
 */

const DAY = 86_400_000;
let t: TestApp;
let deps: LoanBookDeps;
let admin: string;
let productId: number;
let n = 0;
const key = (label: string) => `${label}-rev-${++n}`;

beforeAll(async () => {
  t = await buildTestApp({ demoData: false });
  deps = loanBookDeps(t.db, t.clock);
  admin = await loginAs(t.app);
  productId = (await makeProduct(deps)).id;
});
afterAll(() => t.close());
afterEach(async () => {
  const check = await checkLedger(t.db);
  expect(check.unbalancedJournals).toEqual([]);
  expect(check.mismatchedOrders).toEqual([]);
});

async function advanceDays(days: number) {
  for (let i = 0; i < days; i++) {
    t.clock.advance(DAY);
    await runDayEnd({ db: t.db, clock: t.clock, holder: 'test' });
  }
  // A session lasts hours, not the weeks the clock moved.
  admin = await loginAs(t.app);
}

async function pay(orderId: number, amountPaise: bigint) {
  const paid = await postRepayment(
    deps,
    { orderId, idempotencyKey: key('pay'), amountPaise, channel: 'upi' },
    null,
  );
  return paid.repaymentId!;
}

async function reverse(repaymentId: number) {
  const response = await callEndpoint(
    t.app,
    loanBookApi.reverseRepayment,
    { repaymentId, idempotencyKey: key('reverse'), reason: 'bounced' },
    admin,
  );
  expect(response.statusCode).toBe(200);
  return response.json().ret;
}

async function detail(orderId: number) {
  const response = await callEndpoint(t.app, loanBookApi.orderDetail, { orderId }, admin);
  expect(response.statusCode).toBe(200);
  return response.json().ret;
}

describe('a repayment reversed weeks after it was made', () => {
  it('a ₹1,000 part payment on day 0 reversed on day 21: interest on ₹3,500 for 21 days, ₹73.50', async () => {
    const order = await makeActiveOrder(deps, productId, 350_000n);
    const paid = await pay(order.id, 100_000n);
    await advanceDays(21);
    expect((await detail(order.id)).outstanding.interest).toBe(5250);
    await reverse(paid);
    const after = await detail(order.id);
    expect(after.outstanding).toMatchObject({ principal: 350000, interest: 7350 });
    // Each day-end of the 21 days was restated on the reversal's day, naming its own day.
    const restated = after.journals.filter(
      (journal: { eventType: string }) => journal.eventType === 'valueDateReversal',
    );
    expect(restated).toHaveLength(21);
    // Booked today, each naming the day it belongs to and why.
    for (const journal of restated as {
      businessDate: string;
      valueDate: string;
      reason: string;
    }[]) {
      expect(journal.valueDate < journal.businessDate).toBe(true);
      expect(journal.reason).toMatch(/^reversal: bounced; repayment RP\d+ valued /);
    }
  });

  it('a payment that cleared the loan on day 14, reversed on day 21: overdue 7 days, owing what clears it', async () => {
    const order = await makeActiveOrder(deps, productId);
    await advanceDays(14);
    const paid = await pay(order.id, 456_300n);
    expect((await detail(order.id)).status).toBe('CLEARED');
    await advanceDays(7);
    const reopened = await reverse(paid);
    expect(reopened).toMatchObject({ status: 'OVERDUE', closureType: null });
    const after = await detail(order.id);
    // ₹4,563.00 + 7 days × (₹4.50 interest + ₹20.00 penal) = ₹4,734.50, at once.
    expect(after).toMatchObject({
      status: 'OVERDUE',
      overdueDays: 7,
      overdueBand: '1-7',
      outstandingTotalPaise: 473450,
      clearingToday: { totalPaise: 473450, overdueDays: 7 },
      clearedDate: null,
      rbiClass: 'SMA-0',
      rbiDaysPastDue: 7,
    });
    expect(after.classHistory.at(-1)).toMatchObject({
      fromClass: 'STANDARD',
      toClass: 'SMA-0',
      reason: 'repaymentReversed',
    });
    // Its collection case is open at once, staged by its 7 days overdue.
    const cases = await t.db
      .select({ kind: recoveryCases.kind, stage: recoveryCases.stage })
      .from(recoveryCases)
      .where(and(eq(recoveryCases.orderId, order.id), eq(recoveryCases.status, 'open')));
    expect(cases).toEqual([{ kind: 'collection', stage: 'S1' }]);
    // The next day-end goes on from there: one more day of interest and penal, nothing twice.
    await advanceDays(1);
    expect((await detail(order.id)).outstandingTotalPaise).toBe(475900);
  });

  it('a later payment is re-allocated: without the reversed one it pays interest first', async () => {
    const order = await makeActiveOrder(deps, productId);
    await advanceDays(2);
    const first = await pay(order.id, 100_000n);
    await advanceDays(3);
    await pay(order.id, 50_000n);
    await advanceDays(2);
    await reverse(first);
    const after = await detail(order.id);
    const standing = after.repayments.filter((r: { reversed: boolean }) => !r.reversed);
    expect(standing).toHaveLength(1);
    // Day 5: 5 days on ₹4,500 is ₹22.50 of interest, paid before principal.
    expect(standing[0]).toMatchObject({ allocated: { interest: 2250 } });
  });

  it('a reversal is posted once for one key, and refused a second time', async () => {
    const order = await makeActiveOrder(deps, productId);
    await advanceDays(1);
    const paid = await pay(order.id, 10_000n);
    await advanceDays(1);
    const body = { repaymentId: paid, idempotencyKey: key('twice'), reason: 'bounced' };
    const [a, b] = await Promise.all([
      callEndpoint(t.app, loanBookApi.reverseRepayment, body, admin),
      callEndpoint(t.app, loanBookApi.reverseRepayment, body, admin),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const again = await callEndpoint(
      t.app,
      loanBookApi.reverseRepayment,
      { ...body, idempotencyKey: key('again') },
      admin,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe(errorCatalogue.repaymentAlreadyReversed.code);
    // The one reversal posted one bounce journal.
    const bounces = (await detail(order.id)).journals.filter(
      (journal: { eventType: string; reversesEventType: string | null }) =>
        journal.eventType === 'reversal' && journal.reversesEventType === 'repayment',
    );
    expect(bounces).toHaveLength(1);
  });
});
