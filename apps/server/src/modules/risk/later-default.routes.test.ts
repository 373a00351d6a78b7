import { approvalApi, riskApi } from '@lending/contract';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { callEndpoint, createStaff, loginAs } from '../../testing/factories.js';
import { runDayEnd } from '../day-end/index.js';
import {
  createPayout,
  finalReview,
  findOrder,
  firstReview,
  orderDetail,
  postRepayment,
  recordPayoutResult,
  runMachineReview,
  type LoanBookDeps,
} from '../loan-book/index.js';
import {
  loanBookDeps,
  makeApplication,
  makeProduct,
  publishBureauAndAgeRules,
} from '../../testing/loan-book.factories.js';

/**
 * The later-default figures (issue #11): the back-test's overdue of the loans a draft would
 * newly reject, the rule analysis's FPD / 7+ / 30+ of loans that hit a rule against those that
 * did not, and the reviewers' quality. One small book with known outcomes, built through the
 * services (apply, machine review, first and final review, payout, day-ends, repayments):
 *
 * Day 0 (2025-01-15), tenor 7 (due 2025-01-22), all age 30 unless said:
 *   H1 bureau 600, cleared on the due date            (worst 0)
 *   H2 bureau 600, cleared 3 days late                (FPD)
 *   H3 bureau 600, never paid                         (FPD, 7+, 30+)
 *   H4 bureau 600, rejected at first review           (no loan)
 *   H5 bureau 600, age 19: the hard rule rejects it   (no loan)
 *   N1, N2 bureau 800, cleared on the due date        (worst 0)
 *   N3 bureau 800, cleared 10 days late               (FPD, 7+)
 *   N4 bureau 800, never paid                         (FPD, 7+, 30+)
 * Day 30: N5 bureau 800, never paid (due day 37)      (FPD, 7+; too young for 30+)
 * Read on day 47.
 *
 * Rules: R001 bureau < 650 (soft, 30 points: 100 → 70, refer); R002 age < 21 (hard).
 */
const DAY = 86_400_000;

let t: TestApp;
let deps: LoanBookDeps;
let admin: string;
let productId: number;
const staff = { first: 0, finalH: 0, finalN: 0 };
let rejectionCodeId: number;
const orders: Record<string, { id: number; orderNo: string }> = {};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test reads of JSON answers
type Json = any;
const ok = (response: { statusCode: number; body: string; json: () => { ret: unknown } }): Json => {
  expect(response.statusCode, response.body).toBe(200);
  return response.json().ret;
};

async function apply(name: string, features: Record<string, unknown>) {
  const order = await makeApplication(deps, productId, 400_000n, features);
  await runMachineReview(deps, order.id);
  orders[name] = { id: order.id, orderNo: order.orderNo };
  return order.id;
}

/** First review by the first reviewer, final by `finalId`, payout processed: ACTIVE. */
async function approveAndDisburse(orderId: number, finalId: number) {
  await firstReview(deps, { orderId, decision: 'pass', finalReviewerId: finalId }, staff.first);
  await finalReview(deps, { orderId, decision: 'pass' }, finalId);
  const payout = await createPayout(
    deps,
    { orderId, idempotencyKey: `pay-${orderId}`, channel: 'sandbox' },
    null,
  );
  await recordPayoutResult(deps, payout.payoutId!, { status: 'processed', utr: `UTR${orderId}` });
}

async function advanceDays(days: number) {
  t.clock.advance(days * DAY);
  await runDayEnd({ db: t.db, clock: t.clock, holder: 'later-default-test' });
}

/** Pays what the order owes today in full. */
async function repayInFull(orderId: number) {
  const owed = (await orderDetail(t.db, orderId)).outstandingTotalPaise;
  const paid = await postRepayment(
    deps,
    {
      orderId,
      idempotencyKey: `repay-${orderId}-${randomBytes(3).toString('hex')}`,
      amountPaise: BigInt(owed),
      channel: 'upi',
    },
    null,
  );
  expect(paid.status).toBe('CLEARED');
}

beforeAll(async () => {
  t = await buildTestApp({ demoData: false });
  deps = loanBookDeps(t.db, t.clock);
  admin = await loginAs(t.app);
  productId = (await makeProduct(deps, { tenorDays: 7 })).id;
  await publishBureauAndAgeRules(deps);
  // Reviewers: one first reviewer, two final reviewers (H loans to one, N loans to the other).
  const groupOf = async (name: string, stage: 'first' | 'final') =>
    ok(
      await callEndpoint(
        t.app,
        approvalApi.saveReviewGroup,
        { name, stage, productIds: [productId], customerType: 'all', dailyCap: 100, active: true },
        admin,
      ),
    ).id as number;
  const firstGroup = await groupOf('First', 'first');
  const finalGroup = await groupOf('Final', 'final');
  for (const [key, name, groupId] of [
    ['first', 'Farah First', firstGroup],
    ['finalH', 'Gita Final', finalGroup],
    ['finalN', 'Hari Final', finalGroup],
  ] as const) {
    staff[key] = (await createStaff(t.db, t.clock, { name, interfaces: [] })).id;
    ok(
      await callEndpoint(
        t.app,
        approvalApi.saveReviewer,
        { userId: staff[key], groupId, onDuty: true, dailyCap: null },
        admin,
      ),
    );
  }
  rejectionCodeId = ok(
    await callEndpoint(
      t.app,
      approvalApi.saveRejectionCode,
      {
        code: 'INCOME_UNVERIFIED',
        textEn: 'Income not verified',
        textZh: '收入未核实',
        stage: 'first',
        reapplyAfterDays: 0,
        blacklist: false,
        borrowerMessage: 'We cannot offer a loan now.',
        enabled: true,
      },
      admin,
    ),
  ).id;

  // Day 0.
  for (const name of ['H1', 'H2', 'H3', 'H4']) await apply(name, { bureauScore: 600, age: 30 });
  await apply('H5', { bureauScore: 600, age: 19 });
  for (const name of ['N1', 'N2', 'N3', 'N4']) await apply(name, { bureauScore: 800, age: 30 });
  for (const name of ['H1', 'H2', 'H3']) await approveAndDisburse(orders[name]!.id, staff.finalH);
  for (const name of ['N1', 'N2', 'N3', 'N4'])
    await approveAndDisburse(orders[name]!.id, staff.finalN);
  await firstReview(
    deps,
    {
      orderId: orders.H4!.id,
      decision: 'reject',
      reason: 'payslip unreadable',
      rejectionCodeId,
    },
    staff.first,
  );
  // Day 7 (the due date): three pay on time. Day 10: H2 pays 3 days late. Day 17: N3 pays 10
  // days late.
  await advanceDays(7);
  for (const name of ['H1', 'N1', 'N2']) await repayInFull(orders[name]!.id);
  await advanceDays(3);
  await repayInFull(orders.H2!.id);
  await advanceDays(7);
  await repayInFull(orders.N3!.id);
  // Day 30: N5 is lent; day 47: the day-ends have run through day 46.
  t.clock.advance(13 * DAY);
  await apply('N5', { bureauScore: 800, age: 30 });
  await approveAndDisburse(orders.N5!.id, staff.finalN);
  await advanceDays(17);
  admin = await loginAs(t.app);
}, 240_000);
afterAll(() => t.close());

describe('the book the figures read', () => {
  it('holds the outcomes the figures are computed from', async () => {
    const of = async (name: string) => (await findOrder(t.db, orders[name]!.id))!;
    expect(await of('H1')).toMatchObject({ status: 'CLEARED', clearedDate: '2025-01-22' });
    expect(await of('H2')).toMatchObject({
      status: 'CLEARED',
      closureType: 'OVERDUE_CLEAR',
      clearedDate: '2025-01-25',
    });
    expect(await of('H3')).toMatchObject({ status: 'OVERDUE', dueDate: '2025-01-22' });
    expect((await of('H3')).overdueDays).toBeGreaterThanOrEqual(30);
    expect(await of('H4')).toMatchObject({ status: 'REJECTED', machineResult: 'pass' });
    expect(await of('H5')).toMatchObject({ status: 'REJECTED', machineResult: 'reject' });
    expect(await of('N3')).toMatchObject({ status: 'CLEARED', clearedDate: '2025-02-01' });
    expect(await of('N4')).toMatchObject({ status: 'OVERDUE' });
    const n5 = await of('N5');
    expect(n5).toMatchObject({ status: 'OVERDUE', dueDate: '2025-02-21' });
    expect(n5.overdueDays).toBeGreaterThanOrEqual(7);
    expect(n5.overdueDays).toBeLessThan(30);
  });
});

describe('back-test: the later overdue of the loans a draft would newly reject', () => {
  it('counts the disbursed loans it turns to reject, each rate over the loans old enough for it', async () => {
    ok(await callEndpoint(t.app, riskApi.startRiskDraft, {}, admin));
    const draftRules = ok(
      await callEndpoint(
        t.app,
        riskApi.listRiskRules,
        { filters: { fieldName: 'bureauScore' } },
        admin,
      ),
    ).list as Json[];
    const draftRule = draftRules.find((r) => r.versionStatus === 'draft' && r.ruleCode === 'R001');
    const { ruleSetId, version: _v, versionStatus: _vs, ...body } = draftRule;
    // R001 costs 70 points: bureau 600 scores 30, below the reject threshold of 40.
    ok(await callEndpoint(t.app, riskApi.saveRiskRule, { ...body, score: 70 }, admin));

    const test = ok(
      await callEndpoint(t.app, riskApi.backtestRiskDraft, { id: ruleSetId, days: 60 }, admin),
    );
    expect(test).toMatchObject({
      evaluated: 10,
      changed: 4,
      transitions: [{ from: 'refer', to: 'reject', count: 4 }],
      publishedDecisions: { pass: 5, refer: 4, reject: 1 },
      draftDecisions: { pass: 5, refer: 0, reject: 5 },
      // H1, H2, H3 (H4 and H5 were never lent): FPD 2 of 3, 7+ and 30+ 1 of 3 each.
      newlyRejectedLoans: 3,
      newlyRejectedFpdPpm: 666_667,
      newlyRejectedDpd7Ppm: 333_333,
      newlyRejectedDpd30Ppm: 333_333,
      // All eight loans: FPD H2, H3, N3, N4, N5.
      allLoans: 8,
      allLoansFpdPpm: 625_000,
    });

    // Over the last 20 days only N5 was decided: nothing changes, and no rate is made up.
    expect(
      ok(await callEndpoint(t.app, riskApi.backtestRiskDraft, { id: ruleSetId, days: 20 }, admin)),
    ).toMatchObject({
      evaluated: 1,
      changed: 0,
      newlyRejectedLoans: 0,
      newlyRejectedFpdPpm: null,
      newlyRejectedDpd7Ppm: null,
      newlyRejectedDpd30Ppm: null,
      allLoans: 1,
      allLoansFpdPpm: 1_000_000,
    });
    ok(await callEndpoint(t.app, riskApi.discardRiskDraft, { id: ruleSetId }, admin));
  });
});

describe('rule analysis: FPD / 7+ / 30+ of loans that hit a rule against those that did not', () => {
  it('gives each rule its hit rate, pass rate of hits and overdue rates on both sides', async () => {
    const analysis = ok(
      await callEndpoint(
        t.app,
        riskApi.riskRuleAnalysis,
        { filters: { dateFrom: '2025-01-15', dateTo: '2025-03-03' } },
        admin,
      ),
    );
    expect(analysis.total).toBe(2);
    const [r001, r002] = analysis.list;
    expect(r001).toEqual({
      id: 'R001',
      ruleCode: 'R001',
      ruleName: 'Low bureau score',
      fieldName: 'bureauScore',
      evaluated: 10,
      hit: 5,
      hitRatePpm: 500_000,
      // H1–H4 went on to people; the hard rule refused H5.
      passRatePpm: 800_000,
      loansHit: 3,
      loansNotHit: 5,
      fpdHitPpm: 666_667,
      fpdNotHitPpm: 600_000,
      dpd7HitPpm: 333_333,
      dpd7NotHitPpm: 600_000,
      dpd30HitPpm: 333_333,
      // N5 is too young for 30+: 1 (N4) of 4, not of 5.
      dpd30NotHitPpm: 250_000,
    });
    expect(r002).toEqual({
      id: 'R002',
      ruleCode: 'R002',
      ruleName: 'Under 21',
      fieldName: 'age',
      evaluated: 10,
      hit: 1,
      hitRatePpm: 100_000,
      passRatePpm: 0,
      loansHit: 0,
      loansNotHit: 8,
      fpdHitPpm: null,
      fpdNotHitPpm: 625_000,
      dpd7HitPpm: null,
      dpd7NotHitPpm: 500_000,
      dpd30HitPpm: null,
      dpd30NotHitPpm: 285_714,
    });

    // The default range (the last 30 days) holds only N5.
    const recent = ok(await callEndpoint(t.app, riskApi.riskRuleAnalysis, {}, admin));
    expect(recent.list[0]).toMatchObject({
      ruleCode: 'R001',
      evaluated: 1,
      hit: 0,
      hitRatePpm: 0,
      passRatePpm: null,
      loansNotHit: 1,
      fpdNotHitPpm: 1_000_000,
      dpd30NotHitPpm: null,
    });

    const single = ok(
      await callEndpoint(
        t.app,
        riskApi.singleRiskRuleAnalysis,
        { ruleCode: 'R001', dateFrom: '2025-01-15', dateTo: '2025-01-16' },
        admin,
      ),
    );
    expect(single.days).toEqual([
      {
        date: '2025-01-15',
        evaluated: 9,
        hit: 5,
        hitRatePpm: 555_556,
        passRatePpm: 800_000,
        loansHit: 3,
        fpdHitPpm: 666_667,
        fpdNotHitPpm: 500_000,
      },
      {
        date: '2025-01-16',
        evaluated: 0,
        hit: 0,
        hitRatePpm: null,
        passRatePpm: null,
        loansHit: 0,
        fpdHitPpm: null,
        fpdNotHitPpm: null,
      },
    ]);
  });
});

describe('reviewer quality: how the loans each reviewer passed went later', () => {
  it('counts loans, first-payment defaults, 7+ and 30+ per reviewer, over the range asked', async () => {
    const quality = ok(await callEndpoint(t.app, approvalApi.reviewerQuality, {}, admin));
    const row = (id: number) => quality.list.find((r: Json) => r.reviewerId === id);
    // The first reviewer decided nine (eight passes, H4 refused) and passed all eight loans.
    expect(row(staff.first)).toMatchObject({
      reviewerName: 'Farah First',
      assigned: 9,
      decided: 9,
      passRatePpm: 888_889,
      loans: 8,
      firstPaymentDefault: 5,
      overdue7: 4,
      overdue30: 2,
    });
    // H1–H3: FPD H2 and H3 (2 of 3), 7+ and 30+ H3 (1 of 3).
    expect(row(staff.finalH)).toMatchObject({
      reviewerName: 'Gita Final',
      assigned: 3,
      decided: 3,
      passRatePpm: 1_000_000,
      loans: 3,
      firstPaymentDefault: 2,
      overdue7: 1,
      overdue30: 1,
    });
    // N1–N5: FPD N3, N4, N5; 7+ the same three; 30+ N4.
    expect(row(staff.finalN)).toMatchObject({
      reviewerName: 'Hari Final',
      assigned: 5,
      decided: 5,
      loans: 5,
      firstPaymentDefault: 3,
      overdue7: 3,
      overdue30: 1,
    });

    // Day 30 only: N5's two tasks.
    const day30 = ok(
      await callEndpoint(
        t.app,
        approvalApi.reviewerQuality,
        { dateFrom: '2025-02-14', dateTo: '2025-02-14' },
        admin,
      ),
    );
    expect(
      day30.list.map((r: Json) => [r.reviewerName, r.decided, r.loans, r.firstPaymentDefault]),
    ).toEqual([
      ['Farah First', 1, 1, 1],
      ['Hari Final', 1, 1, 1],
    ]);
    const backwards = await callEndpoint(
      t.app,
      approvalApi.reviewerQuality,
      { dateFrom: '2025-02-14', dateTo: '2025-02-13' },
      admin,
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().msg).toContain('dateTo');
  });
});
