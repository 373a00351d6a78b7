import { type EndpointBody, type EndpointRet, approvalApi, loanBookApi } from '@lending/contract';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import type { EndpointReply } from '../../testing/call-endpoint.js';
import { badBody, callEndpoint, createStaff, loginAs } from '../../testing/factories.js';
import { auditEvents, customers, riskBlacklist } from '../../testing/tables.js';
import { lastRejection } from '../borrower-app/loans.repository.js';
import {
  loanOrders,
  submitApplication,
  runMachineReview,
  type LoanBookDeps,
} from '../loan-book/index.js';
import { publishRuleSet } from '../risk/index.js';
import { loanBookDeps, makeApplication, makeProduct } from '../../testing/loan-book.factories.js';

let t: TestApp;
let deps: LoanBookDeps;
let admin: string;
let noGrant: string;

/** What a reviewer (not a lead) holds: their queue, the form and the two decisions. */
const REVIEWER_INTERFACES = [
  'approve.queue_list',
  'approve.review_form',
  'order.first_review',
  'order.final_review',
];

const ok = <E>(response: EndpointReply<E>): EndpointRet<E> => {
  expect(response.statusCode, response.body).toBe(200);
  return response.json().ret;
};

async function reviewer(name: string) {
  const staff = await createStaff(t.db, t.clock, { name, interfaces: REVIEWER_INTERFACES });
  return { id: staff.id, token: await loginAs(t.app, staff) };
}

async function group(body: EndpointBody<typeof approvalApi.saveReviewGroup>): Promise<number> {
  const saved = await callEndpoint(t.app, approvalApi.saveReviewGroup, body, admin);
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json().ret.id;
}

async function addReviewer(userId: number, groupId: number, dailyCap: number | null = null) {
  const saved = await callEndpoint(
    t.app,
    approvalApi.saveReviewer,
    { userId, groupId, onDuty: true, dailyCap },
    admin,
  );
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json().ret;
}

/** An application machine review passes: it is queued for first review. */
async function queuedOrder(productId: number, principal?: bigint) {
  const order = await makeApplication(deps, productId, principal);
  await runMachineReview(deps, order.id);
  return order;
}

async function waiting(stage: 'first' | 'final', token: string, orderNo?: string) {
  const list = await callEndpoint(
    t.app,
    approvalApi.reviewQueue,
    { pageSize: 100, filters: { stage, state: 'wait', ...(orderNo ? { orderNo } : {}) } },
    token,
  );
  expect(list.statusCode, list.body).toBe(200);
  return list.json().ret;
}

beforeAll(async () => {
  t = await buildTestApp({ demoData: false });
  deps = loanBookDeps(t.db, t.clock);
  admin = await loginAs(t.app);
  noGrant = await loginAs(
    t.app,
    await createStaff(t.db, t.clock, { interfaces: ['loanConfig.list'] }),
  );
});
afterAll(() => t.close());

describe('every approval endpoint', () => {
  it('refuses a caller without its grant (403) and an unknown field (400)', async () => {
    for (const endpoint of approvalApi.approvalEndpoints) {
      // Each endpoint's schema differs; the loop sends the same two bodies to all of them.
      const refused = await callEndpoint(t.app, endpoint, badBody({}), noGrant);
      expect(refused.statusCode, endpoint.id).toBe(403);
      const bad = await callEndpoint(t.app, endpoint, badBody({ bogusField: 1 }), admin);
      expect(bad.statusCode, endpoint.id).toBe(400);
      expect(bad.json().code, endpoint.id).toBe(4000);
    }
  });
});

describe('assignment', () => {
  it('gives new work to the least-loaded on-duty reviewer under their cap; off duty releases the queue', async () => {
    const productId = (await makeProduct(deps)).id;
    const firstGroup = await group({
      name: 'First A/D',
      stage: 'first',
      productIds: [productId],
      customerType: 'all',
      dailyCap: 2,
      active: true,
    });
    const a = await reviewer('Asha First');
    const d = await reviewer('Dev First');
    await addReviewer(a.id, firstGroup);
    await addReviewer(d.id, firstGroup);
    const orders: { id: number; orderNo: string }[] = [];
    for (let i = 0; i < 5; i += 1) orders.push(await queuedOrder(productId));
    const queue = await waiting('first', admin);
    const assignedTo = (orderNo: string) =>
      queue.list.find((row) => row.orderNo === orderNo)?.reviewerId;
    expect(orders.map((o) => assignedTo(o.orderNo))).toEqual([a.id, d.id, a.id, d.id, null]);

    // A reviewer's Wait list is their own queue; names arrive masked.
    const own = await waiting('first', a.token);
    expect(own.list.map((row) => row.orderNo).sort()).toEqual(
      [orders[0]!.orderNo, orders[2]!.orderNo].sort(),
    );
    expect(own.list[0]!.customerName).toMatch(/\*/);

    // Off duty: A's two orders are released (D is at the cap, so they wait unassigned).
    const off = await callEndpoint(
      t.app,
      approvalApi.saveReviewer,
      { userId: a.id, groupId: firstGroup, onDuty: false, dailyCap: null },
      admin,
    );
    expect(off.json().ret).toEqual({ userId: a.id, released: 2 });
    expect((await waiting('first', a.token)).total).toBe(0);

    // A lead distributes by hand ('Success distribute'), over the cap if they choose.
    const unassigned = (await waiting('first', admin)).list.filter(
      (row) => row.reviewerId === null && orders.some((o) => o.orderNo === row.orderNo),
    );
    expect(unassigned).toHaveLength(3);
    const refused = await callEndpoint(
      t.app,
      approvalApi.assignReview,
      { taskIds: [unassigned[0]!.taskId], reviewerId: a.id },
      admin,
    );
    expect(refused.statusCode).toBe(400); // A is off duty
    const assigned = await callEndpoint(
      t.app,
      approvalApi.assignReview,
      { taskIds: unassigned.map((row) => row.taskId), reviewerId: d.id },
      admin,
    );
    expect(assigned.json().ret).toEqual({ assigned: 3 });
    expect((await waiting('first', d.token)).total).toBe(5);

    const list = await callEndpoint(
      t.app,
      approvalApi.reviewerList,
      { filters: { groupId: firstGroup } },
      admin,
    );
    expect(list.json().ret.list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ userId: d.id, pending: 5, dailyCap: 2, onDuty: true }),
        expect.objectContaining({ userId: a.id, pending: 0, onDuty: false }),
      ]),
    );
    const badSort = await callEndpoint(
      t.app,
      approvalApi.reviewQueue,
      { sort: { field: 'customerName', order: 'asc' } },
      admin,
    );
    expect(badSort.statusCode).toBe(400);
  });
});

describe('first and final review', () => {
  let productId: number;
  let first: { id: number; token: string };
  let final: { id: number; token: string };
  let other: { id: number; token: string };
  let codeId: number;
  let firstGroupId: number;

  beforeAll(async () => {
    productId = (await makeProduct(deps)).id;
    firstGroupId = await group({
      name: 'First E',
      stage: 'first',
      productIds: [productId],
      customerType: 'all',
      dailyCap: 100,
      active: true,
    });
    const finalGroup = await group({
      name: 'Final B',
      stage: 'final',
      productIds: [productId],
      customerType: 'all',
      dailyCap: 100,
      active: true,
    });
    first = await reviewer('Esha First');
    final = await reviewer('Bala Final');
    other = await reviewer('Omar Other');
    await addReviewer(first.id, firstGroupId);
    await addReviewer(final.id, finalGroup);
    const code = await callEndpoint(
      t.app,
      approvalApi.saveRejectionCode,
      {
        code: 'INCOME_LOW',
        textEn: 'Income too low',
        textZh: '收入过低',
        stage: 'any',
        reapplyAfterDays: 30,
        blacklist: false,
        borrowerMessage: 'We cannot offer a loan now. You may apply again in 30 days.',
        enabled: true,
      },
      admin,
    );
    codeId = code.json().ret.id;
  });

  it('A passes and picks B (never A); B lowers the amount and passes; each stage decides once', async () => {
    const order = await queuedOrder(productId, 400_000n);
    expect((await waiting('first', first.token, order.orderNo)).list[0]!.reviewerId).toBe(first.id);
    // Reviewer scope: another reviewer cannot decide A's order.
    const notTheirs = await callEndpoint(
      t.app,
      loanBookApi.firstReviewOrder,
      { orderId: order.id, decision: 'pass' },
      other.token,
    );
    expect(notTheirs.statusCode).toBe(403);
    const form = await callEndpoint(
      t.app,
      approvalApi.reviewForm,
      { orderNo: order.orderNo },
      first.token,
    );
    expect(form.json().ret).toMatchObject({
      stage: 'first',
      canDecide: true,
      principalPaise: 400_000,
      finalReviewers: [{ userId: final.id, name: 'Bala Final' }],
    });
    const self = await callEndpoint(
      t.app,
      loanBookApi.firstReviewOrder,
      { orderId: order.id, decision: 'pass', finalReviewerId: first.id },
      first.token,
    );
    expect(self.statusCode).toBe(400);
    expect(self.json().msg).toContain('finalReviewerId');
    const passed = await callEndpoint(
      t.app,
      loanBookApi.firstReviewOrder,
      { orderId: order.id, decision: 'pass', finalReviewerId: final.id },
      first.token,
    );
    expect(passed.json().ret).toMatchObject({ status: 'FINAL_REVIEW' });
    const again = await callEndpoint(
      t.app,
      loanBookApi.firstReviewOrder,
      { orderId: order.id, decision: 'pass', finalReviewerId: final.id },
      first.token,
    );
    expect(again.statusCode).toBe(409);
    expect((await waiting('final', final.token, order.orderNo)).total).toBe(1);
    expect(
      (
        await callEndpoint(
          t.app,
          loanBookApi.finalReviewOrder,
          { orderId: order.id, decision: 'pass' },
          first.token,
        )
      ).statusCode,
    ).toBe(403);

    const higher = await callEndpoint(
      t.app,
      loanBookApi.finalReviewOrder,
      { orderId: order.id, decision: 'pass', approvedPrincipalPaise: 400_001 },
      final.token,
    );
    expect(higher.statusCode).toBe(400);
    expect(higher.json().msg).toContain('approvedPrincipalPaise');
    const belowMinimum = await callEndpoint(
      t.app,
      loanBookApi.finalReviewOrder,
      { orderId: order.id, decision: 'pass', approvedPrincipalPaise: 1_000 },
      final.token,
    );
    expect(belowMinimum.statusCode).toBe(400);
    const approved = await callEndpoint(
      t.app,
      loanBookApi.finalReviewOrder,
      { orderId: order.id, decision: 'pass', approvedPrincipalPaise: 300_000 },
      final.token,
    );
    expect(approved.json().ret).toMatchObject({ status: 'PENDING_DISBURSEMENT' });
    const [row] = await t.db.select().from(loanOrders).where(eq(loanOrders.id, order.id));
    expect(row!.principalPaise).toBe(300_000n);
    expect(row!.keyFacts.principalPaise).toBe('300000');
    const twice = await callEndpoint(
      t.app,
      loanBookApi.finalReviewOrder,
      { orderId: order.id, decision: 'pass' },
      final.token,
    );
    expect(twice.statusCode).toBe(409);

    const decisions = await callEndpoint(
      t.app,
      approvalApi.reviewDecisionList,
      { filters: { orderNo: order.orderNo } },
      admin,
    );
    expect(decisions.json().ret.list.map((d) => [d.stage, d.decision])).toEqual(
      expect.arrayContaining([
        ['first', 'pass'],
        ['final', 'pass'],
      ]),
    );
    const quality = await callEndpoint(t.app, approvalApi.reviewerQuality, {}, admin);
    expect(quality.json().ret.list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ reviewerId: final.id, decided: 1, passRatePpm: 1_000_000 }),
      ]),
    );
  });

  it('the same person cannot do first and final review, even a lead (409)', async () => {
    const order = await queuedOrder(productId);
    await callEndpoint(
      t.app,
      loanBookApi.firstReviewOrder,
      { orderId: order.id, decision: 'pass' },
      admin,
    );
    const same = await callEndpoint(
      t.app,
      loanBookApi.finalReviewOrder,
      { orderId: order.id, decision: 'pass' },
      admin,
    );
    expect(same.statusCode).toBe(409);
    expect(same.json().code).toBe(4093);
  });

  it("final review sends an order back: it returns to its first reviewer's queue, or to another when they are off duty", async () => {
    const order = await queuedOrder(productId);
    ok(
      await callEndpoint(
        t.app,
        loanBookApi.firstReviewOrder,
        { orderId: order.id, decision: 'pass', finalReviewerId: final.id },
        first.token,
      ),
    );
    const back = await callEndpoint(
      t.app,
      loanBookApi.finalReviewOrder,
      { orderId: order.id, decision: 'sendBack', reason: 'bank statement missing' },
      final.token,
    );
    expect(back.json().ret).toMatchObject({ status: 'FIRST_REVIEW' });
    // Waiting again for the reviewer who passed it, and no longer for the final reviewer.
    expect((await waiting('first', first.token, order.orderNo)).list).toEqual([
      expect.objectContaining({ orderNo: order.orderNo, reviewerId: first.id }),
    ]);
    expect((await waiting('final', final.token, order.orderNo)).total).toBe(0);
    const decided = await callEndpoint(
      t.app,
      approvalApi.reviewDecisionList,
      { filters: { orderNo: order.orderNo } },
      admin,
    );
    expect(
      decided
        .json()
        .ret.list.map((d) => [d.stage, d.decision])
        .sort(),
    ).toEqual([
      ['final', 'sendBack'],
      ['first', 'pass'],
    ]);
    // The final reviewer's send-back is decided: a second one is refused.
    expect(
      (
        await callEndpoint(
          t.app,
          loanBookApi.finalReviewOrder,
          { orderId: order.id, decision: 'sendBack' },
          final.token,
        )
      ).statusCode,
    ).toBe(409);

    // Passed again, sent back again while its first reviewer is off duty: another first
    // reviewer of the group takes it.
    ok(
      await callEndpoint(
        t.app,
        loanBookApi.firstReviewOrder,
        { orderId: order.id, decision: 'pass', finalReviewerId: final.id },
        first.token,
      ),
    );
    const stand = await reviewer('Sara Standby');
    await addReviewer(stand.id, firstGroupId);
    ok(
      await callEndpoint(
        t.app,
        approvalApi.saveReviewer,
        { userId: first.id, groupId: firstGroupId, onDuty: false, dailyCap: null },
        admin,
      ),
    );
    expect(
      ok(
        await callEndpoint(
          t.app,
          loanBookApi.finalReviewOrder,
          { orderId: order.id, decision: 'sendBack' },
          final.token,
        ),
      ),
    ).toMatchObject({ status: 'FIRST_REVIEW' });
    expect((await waiting('first', stand.token, order.orderNo)).list).toEqual([
      expect.objectContaining({ reviewerId: stand.id }),
    ]);
    ok(
      await callEndpoint(
        t.app,
        approvalApi.saveReviewer,
        { userId: first.id, groupId: firstGroupId, onDuty: true, dailyCap: null },
        admin,
      ),
    );
    ok(
      await callEndpoint(
        t.app,
        approvalApi.saveReviewer,
        { userId: stand.id, groupId: firstGroupId, onDuty: false, dailyCap: null },
        admin,
      ),
    );
  });

  it('a lead cannot hand out an order that was decided meanwhile (409)', async () => {
    const order = await queuedOrder(productId);
    const [task] = (await waiting('first', admin, order.orderNo)).list;
    ok(
      await callEndpoint(
        t.app,
        loanBookApi.firstReviewOrder,
        { orderId: order.id, decision: 'pass', finalReviewerId: final.id },
        first.token,
      ),
    );
    const late = await callEndpoint(
      t.app,
      approvalApi.assignReview,
      { taskIds: [task!.taskId], reviewerId: first.id },
      admin,
    );
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 4090 });
    expect(late.json().msg).toContain('an order was decided already');
    // Nothing of the batch is assigned when one of it was decided.
    const next = await queuedOrder(productId);
    const [open] = (await waiting('first', admin, next.orderNo)).list;
    expect(open!.reviewerId).toBe(first.id);
    const spare = await reviewer('Tara Spare');
    await addReviewer(spare.id, firstGroupId);
    expect(
      (
        await callEndpoint(
          t.app,
          approvalApi.assignReview,
          { taskIds: [open!.taskId, task!.taskId], reviewerId: spare.id },
          admin,
        )
      ).statusCode,
    ).toBe(409);
    expect((await waiting('first', admin, next.orderNo)).list[0]!.reviewerId).toBe(first.id);
    expect(
      ok(
        await callEndpoint(
          t.app,
          approvalApi.assignReview,
          { taskIds: [open!.taskId], reviewerId: spare.id },
          admin,
        ),
      ),
    ).toEqual({ assigned: 1 });
    // Off duty again: Tara's order goes back to the group.
    ok(
      await callEndpoint(
        t.app,
        approvalApi.saveReviewer,
        { userId: spare.id, groupId: firstGroupId, onDuty: false, dailyCap: null },
        admin,
      ),
    );
    expect((await waiting('first', admin, next.orderNo)).list[0]!.reviewerId).toBe(first.id);
  });

  it('two decisions at once: one wins, the other is refused', async () => {
    const order = await queuedOrder(productId);
    await callEndpoint(
      t.app,
      loanBookApi.firstReviewOrder,
      { orderId: order.id, decision: 'pass', finalReviewerId: final.id },
      first.token,
    );
    const results = await Promise.all([
      callEndpoint(
        t.app,
        loanBookApi.finalReviewOrder,
        { orderId: order.id, decision: 'pass' },
        final.token,
      ),
      callEndpoint(
        t.app,
        loanBookApi.finalReviewOrder,
        { orderId: order.id, decision: 'reject', reason: 'no', rejectionCodeId: codeId },
        admin,
      ),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const decided = await callEndpoint(
      t.app,
      approvalApi.reviewDecisionList,
      { filters: { orderNo: order.orderNo, stage: 'final' } },
      admin,
    );
    expect(decided.json().ret.total).toBe(1);
  });

  it('a code marked blacklist puts the phone and PAN on the blacklist; machine review then refuses the customer', async () => {
    const code = await callEndpoint(
      t.app,
      approvalApi.saveRejectionCode,
      {
        code: 'FORGED_DOCS',
        textEn: 'Forged documents',
        textZh: '伪造材料',
        stage: 'any',
        reapplyAfterDays: 0,
        blacklist: true,
        borrowerMessage: 'We cannot offer a loan.',
        enabled: true,
      },
      admin,
    );
    expect(code.statusCode, code.body).toBe(200);
    const order = await queuedOrder(productId);
    const rejected = await callEndpoint(
      t.app,
      loanBookApi.firstReviewOrder,
      {
        orderId: order.id,
        decision: 'reject',
        reason: 'payslip edited',
        rejectionCodeId: code.json().ret.id,
      },
      first.token,
    );
    expect(rejected.json().ret).toMatchObject({ status: 'REJECTED' });
    const [customer] = await t.db
      .select({ phone: customers.phone, idType: customers.idType, idNumber: customers.idNumber })
      .from(customers)
      .where(eq(customers.id, order.customerId));
    const entries = await t.db
      .select()
      .from(riskBlacklist)
      .where(eq(riskBlacklist.source, 'rejectionCode'));
    const expected = [{ kind: 'phone', value: customer!.phone }];
    if (customer!.idType === 'pan') expected.push({ kind: 'pan', value: customer!.idNumber! });
    expect(entries.map(({ kind, value }) => ({ kind, value }))).toEqual(
      expect.arrayContaining(expected),
    );
    expect(entries[0]!.reason).toContain('FORGED_DOCS');
    // The customer's next application stops at machine review on the blacklist.
    const next = await submitApplication(
      deps,
      {
        customerId: order.customerId,
        productId,
        principalPaise: order.principalPaise,
        acceptance: { acceptedAt: t.clock.now(), channel: 'app', otpReference: 'otp-again' },
        applicantFeatures: {},
      },
      null,
    );
    await runMachineReview(deps, next.id);
    const [after] = await t.db
      .select({ status: loanOrders.status })
      .from(loanOrders)
      .where(eq(loanOrders.id, next.id));
    expect(after!.status).toBe('REJECTED');
  });

  it('rejecting needs remarks and a rejection code; a used code is disabled, not deleted', async () => {
    const order = await queuedOrder(productId);
    const bare = await callEndpoint(
      t.app,
      loanBookApi.firstReviewOrder,
      { orderId: order.id, decision: 'reject' },
      first.token,
    );
    expect(bare.statusCode).toBe(400);
    expect(bare.json().msg).toMatch(/reason|rejectionCodeId/);
    const rejected = await callEndpoint(
      t.app,
      loanBookApi.firstReviewOrder,
      {
        orderId: order.id,
        decision: 'reject',
        reason: 'payslip does not match',
        rejectionCodeId: codeId,
      },
      first.token,
    );
    expect(rejected.json().ret).toMatchObject({ status: 'REJECTED' });
    // The code's 30 re-apply days outlast the system's default for the borrower app.
    expect(await lastRejection(t.db, order.customerId)).toMatchObject({ codeDays: 30 });
    const list = await callEndpoint(
      t.app,
      approvalApi.reviewQueue,
      { filters: { stage: 'first', state: 'reject', orderNo: order.orderNo } },
      first.token,
    );
    expect(list.json().ret.list[0]).toMatchObject({ rejectionCode: 'INCOME_LOW' });
    const del = await callEndpoint(t.app, approvalApi.deleteRejectionCode, { id: codeId }, admin);
    expect(del.statusCode).toBe(409);
    const duplicate = await callEndpoint(
      t.app,
      approvalApi.saveRejectionCode,
      {
        code: 'INCOME_LOW',
        textEn: 'x',
        textZh: 'x',
        stage: 'first',
        reapplyAfterDays: 0,
        blacklist: true,
        borrowerMessage: 'x',
        enabled: true,
      },
      admin,
    );
    expect(duplicate.statusCode).toBe(409);
    const unused = await callEndpoint(
      t.app,
      approvalApi.saveRejectionCode,
      {
        code: 'UNUSED',
        textEn: 'Unused',
        textZh: '未用',
        stage: 'final',
        reapplyAfterDays: 0,
        blacklist: true,
        borrowerMessage: 'x',
        enabled: true,
      },
      admin,
    );
    expect(
      (
        await callEndpoint(
          t.app,
          approvalApi.deleteRejectionCode,
          { id: unused.json().ret.id },
          admin,
        )
      ).statusCode,
    ).toBe(200);
    const codes = await callEndpoint(
      t.app,
      approvalApi.rejectionCodeList,
      { filters: { code: 'INCOME' } },
      admin,
    );
    expect(codes.json().ret.list).toEqual([
      expect.objectContaining({ code: 'INCOME_LOW', usedCount: 1, enabled: true }),
    ]);
  });
});

describe('machine review', () => {
  it('lists rejections with the refusing rule, shows rule by rule, and refers one to first review once', async () => {
    await t.db.transaction((tx) =>
      publishRuleSet(
        tx,
        {
          rejectScoreAbove: 50,
          rules: [
            {
              ruleName: 'Income below ₹10,000 a month',
              className: 'income',
              fieldName: 'monthlyIncomePaise',
              expression: '<',
              comparisonValue: '1000000',
              score: 100,
              level: 'hard',
            },
          ],
        },
        t.clock.now(),
      ),
    );
    const productId = (await makeProduct(deps)).id;
    const order = await makeApplication(deps, productId, undefined, {
      monthlyIncomePaise: 500_000,
    });
    await runMachineReview(deps, order.id);
    const list = await callEndpoint(
      t.app,
      approvalApi.machineList,
      { filters: { result: 'reject', orderNo: order.orderNo } },
      admin,
    );
    expect(list.json().ret.list[0]).toMatchObject({
      orderNo: order.orderNo,
      machineResult: 'reject',
      rulesHit: 1,
      firstRefusingRule: 'Income below ₹10,000 a month',
      referred: false,
    });
    const detail = await callEndpoint(
      t.app,
      approvalApi.machineDetail,
      { orderNo: order.orderNo },
      admin,
    );
    expect(detail.json().ret).toMatchObject({
      referable: true,
      rules: [
        expect.objectContaining({ fieldName: 'monthlyIncomePaise', value: '500000', hit: true }),
      ],
    });
    const badReason = await callEndpoint(
      t.app,
      approvalApi.machineRefer,
      badBody({ orderId: order.id, reasonCode: 'approveIt', remarks: 'x' }),
      admin,
    );
    expect(badReason.statusCode).toBe(400);
    const referred = await callEndpoint(
      t.app,
      approvalApi.machineRefer,
      { orderId: order.id, reasonCode: 'documentsVerified', remarks: 'salary slips checked' },
      admin,
    );
    expect(referred.json().ret).toMatchObject({ status: 'FIRST_REVIEW' });
    const again = await callEndpoint(
      t.app,
      approvalApi.machineRefer,
      { orderId: order.id, reasonCode: 'documentsVerified', remarks: 'again' },
      admin,
    );
    expect(again.statusCode).toBe(409);
    expect((await waiting('first', admin, order.orderNo)).total).toBe(1);
  });
});

describe('review groups', () => {
  it('deletes a group without members (audited); refuses one with members (409), an unknown one (404) and a caller without the grant (403)', async () => {
    const productId = (await makeProduct(deps)).id;
    const empty = await group({
      name: 'Final Night',
      stage: 'final',
      productIds: [productId],
      customerType: 'old',
      dailyCap: 20,
      active: false,
    });
    const staffed = await group({
      name: 'First Day',
      stage: 'first',
      productIds: [productId],
      customerType: 'all',
      dailyCap: 20,
      active: true,
    });
    const member = await reviewer('Uma Member');
    await addReviewer(member.id, staffed);
    const names = async () =>
      ok(await callEndpoint(t.app, approvalApi.reviewGroupList, { pageSize: 100 }, admin)).list.map(
        (g) => g.name,
      );
    expect(await names()).toEqual(expect.arrayContaining(['Final Night', 'First Day']));

    // 403: holding the group list is not holding its delete; the group stays.
    const listOnly = await loginAs(
      t.app,
      await createStaff(t.db, t.clock, { interfaces: ['approve.group_list'] }),
    );
    expect(
      (await callEndpoint(t.app, approvalApi.deleteReviewGroup, { id: empty }, listOnly))
        .statusCode,
    ).toBe(403);
    expect(await names()).toContain('Final Night');

    // 409: a group with members stays.
    const withMembers = await callEndpoint(
      t.app,
      approvalApi.deleteReviewGroup,
      { id: staffed },
      admin,
    );
    expect(withMembers.statusCode).toBe(409);
    expect(withMembers.json().msg).toContain('the group has members');
    expect(await names()).toContain('First Day');

    expect(
      ok(await callEndpoint(t.app, approvalApi.deleteReviewGroup, { id: empty }, admin)),
    ).toEqual({
      id: empty,
    });
    expect(await names()).not.toContain('Final Night');
    const [audit] = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.interfaceId, 'approve.group_delete'))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    expect(audit).toMatchObject({ request: { id: empty } });
    // 404: gone.
    expect(
      (await callEndpoint(t.app, approvalApi.deleteReviewGroup, { id: empty }, admin)).statusCode,
    ).toBe(404);

    // Its last member moved to another group of the same stage, the staffed group can go.
    const other = await group({
      name: 'First Evening',
      stage: 'first',
      productIds: [],
      customerType: 'all',
      dailyCap: 20,
      active: true,
    });
    await addReviewer(member.id, other);
    expect(
      ok(await callEndpoint(t.app, approvalApi.deleteReviewGroup, { id: staffed }, admin)),
    ).toEqual({
      id: staffed,
    });
    await callEndpoint(
      t.app,
      approvalApi.saveReviewer,
      { userId: member.id, groupId: other, onDuty: false, dailyCap: null },
      admin,
    );
  });

  it('a saved group keeps its stage while it has members (409), and its name is its own (409)', async () => {
    const body = {
      name: 'Final Weekend',
      stage: 'final' as const,
      productIds: [],
      customerType: 'all' as const,
      dailyCap: 10,
      active: true,
    };
    const id = await group(body);
    const member = await reviewer('Vik Weekend');
    await addReviewer(member.id, id);
    const stage = await callEndpoint(
      t.app,
      approvalApi.saveReviewGroup,
      { ...body, id, stage: 'first' },
      admin,
    );
    expect(stage.statusCode).toBe(409);
    expect(stage.json()).toMatchObject({ code: 4090 });
    expect(stage.json().msg).toContain('the group has members');
    const list = ok(
      await callEndpoint(t.app, approvalApi.reviewGroupList, { pageSize: 100 }, admin),
    ).list.find((g) => g.id === id);
    expect(list).toMatchObject({ stage: 'final', members: ['Vik Weekend'] });
    // Other changes to a staffed group are fine.
    expect(
      ok(
        await callEndpoint(
          t.app,
          approvalApi.saveReviewGroup,
          { ...body, id, dailyCap: 12 },
          admin,
        ),
      ),
    ).toEqual({ id });

    const clash = await callEndpoint(
      t.app,
      approvalApi.saveReviewGroup,
      { ...body, stage: 'first' },
      admin,
    );
    expect(clash.statusCode).toBe(409);
    expect(clash.json().msg).toContain('name');
    expect(
      (
        await callEndpoint(
          t.app,
          approvalApi.saveReviewGroup,
          { ...body, name: 'Final Holiday', id: 999_999 },
          admin,
        )
      ).statusCode,
    ).toBe(404);
    await callEndpoint(
      t.app,
      approvalApi.saveReviewer,
      { userId: member.id, groupId: id, onDuty: false, dailyCap: null },
      admin,
    );
  });
});
