import { loanBookApi, opsConfigApi, repayApi, waiverApprovalApi } from '@lending/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../testing/tables.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { callEndpoint, createStaff, loginAs } from '../../testing/factories.js';
import { runDayEnd } from '../day-end/index.js';
import { findOrder, type LoanBookDeps } from '../loan-book/index.js';
import { loanBookDeps, makeActiveOrder, makeProduct } from '../../testing/loan-book.factories.js';

const DAY = 86_400_000;

let t: TestApp;
let deps: LoanBookDeps;
let admin: string;
/** Asks for waivers (repay.waiver) and reads the plan. */
let maker: string;
/** Approves and rejects them. */
let checker: string;
let productId: number;

const planRow = async (orderNo: string, token = admin) =>
  (await callEndpoint(t.app, repayApi.listRepayPlan, { filters: { orderNo } }, token)).json().ret
    .list[0];

beforeAll(async () => {
  t = await buildTestApp({ demoData: false });
  deps = loanBookDeps(t.db, t.clock);
  productId = (await makeProduct(deps)).id;
  admin = await loginAs(t.app);
  maker = await loginAs(
    t.app,
    await createStaff(t.db, t.clock, { interfaces: ['repay.waiver', 'repay.plan_list'] }),
  );
  checker = await loginAs(
    t.app,
    await createStaff(t.db, t.clock, {
      interfaces: ['repay.waiver_approve', 'repay.waiver_reject', 'repay.plan_list'],
    }),
  );
}, 60_000);

afterAll(async () => {
  await t.close();
});

describe('waivers above the approval amount (₹1,000 by default)', () => {
  it('applies a waiver up to the amount at once', async () => {
    const order = await makeActiveOrder(deps, productId);
    // ₹4,500 owed: a ₹900 part of the principal is under the amount.
    const waived = await callEndpoint(
      t.app,
      loanBookApi.waiveOrder,
      {
        orderId: order.id,
        idempotencyKey: 'small-waiver-1',
        reason: 'goodwill',
        amounts: { principalPaise: 90_000 },
      },
      maker,
    );
    expect(waived.statusCode).toBe(200);
    expect(waived.json().ret).toMatchObject({ status: 'ACTIVE', amountPaise: 90_000 });
    expect(waived.json().ret.waiverRequestId).toBeUndefined();
    expect((await findOrder(t.db, order.id))!.outstandingPrincipalPaise).toBe(360_000n);
  });

  it('keeps a larger one waiting, the order unchanged, until another person approves it', async () => {
    const order = await makeActiveOrder(deps, productId);
    const body = { orderId: order.id, idempotencyKey: 'settle-1', reason: 'hardship: job lost' };
    const asked = await callEndpoint(t.app, loanBookApi.waiveOrder, body, maker);
    expect(asked.statusCode).toBe(200);
    const requestId = asked.json().ret.waiverRequestId as number;
    expect(asked.json().ret).toMatchObject({ status: 'ACTIVE', amountPaise: 450_000 });
    expect(requestId).toBeGreaterThan(0);
    expect((await findOrder(t.db, order.id))!.status).toBe('ACTIVE');
    // The same call again is the same request; the order has one waiting at a time.
    expect(
      (await callEndpoint(t.app, loanBookApi.waiveOrder, body, maker)).json().ret.waiverRequestId,
    ).toBe(requestId);
    const second = await callEndpoint(
      t.app,
      loanBookApi.waiveOrder,
      { ...body, idempotencyKey: 'settle-2' },
      maker,
    );
    expect(second.statusCode).toBe(409);

    // The repayment plan shows it waiting, with who asked, and can list only those.
    expect((await planRow(order.orderNo, checker))!.pendingWaiver).toMatchObject({
      id: requestId,
      amountPaise: 450_000,
      settle: true,
      reason: 'hardship: job lost',
      yours: false,
    });
    expect((await planRow(order.orderNo, maker))!.pendingWaiver!.yours).toBe(true);
    const waiting = await callEndpoint(
      t.app,
      repayApi.listRepayPlan,
      { filters: { waiverPending: true } },
      checker,
    );
    expect(waiting.json().ret.list.map((r: { id: number }) => r.id)).toEqual([order.id]);

    // Approving takes its own grant, which the maker does not hold.
    const own = await callEndpoint(
      t.app,
      waiverApprovalApi.approveWaiver,
      { id: requestId, idempotencyKey: 'approve-own', amountPaise: 450_000 },
      maker,
    );
    expect(own.statusCode).toBe(403);

    const approved = await callEndpoint(
      t.app,
      waiverApprovalApi.approveWaiver,
      { id: requestId, idempotencyKey: 'approve-1', amountPaise: 450_000 },
      checker,
    );
    expect(approved.statusCode).toBe(200);
    expect(approved.json().ret).toMatchObject({
      status: 'CLEARED',
      closureType: 'SETTLED_WITH_WAIVER',
      amountPaise: 450_000,
      waiverRequestId: requestId,
    });
    // A replay answers the same; a second approval with another key is refused.
    const replay = await callEndpoint(
      t.app,
      waiverApprovalApi.approveWaiver,
      { id: requestId, idempotencyKey: 'approve-1', amountPaise: 450_000 },
      checker,
    );
    expect(replay.json().ret).toMatchObject({ status: 'CLEARED', amountPaise: 450_000 });
    const again = await callEndpoint(
      t.app,
      waiverApprovalApi.approveWaiver,
      { id: requestId, idempotencyKey: 'approve-2', amountPaise: 450_000 },
      checker,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toContain('already been reviewed');
    const audits = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'repay.waiver_approve'));
    expect(audits.length).toBeGreaterThan(0);
  });

  it('refuses the maker as checker, even one who holds the grant', async () => {
    const order = await makeActiveOrder(deps, productId);
    const asked = await callEndpoint(
      t.app,
      loanBookApi.waiveOrder,
      { orderId: order.id, idempotencyKey: 'settle-admin', reason: 'hardship' },
      admin,
    );
    const requestId = asked.json().ret.waiverRequestId as number;
    const own = await callEndpoint(
      t.app,
      waiverApprovalApi.approveWaiver,
      { id: requestId, idempotencyKey: 'approve-own-2', amountPaise: 450_000 },
      admin,
    );
    expect(own.statusCode).toBe(409);
    expect(own.json().msg).toContain('another person must review it');
    expect((await findOrder(t.db, order.id))!.status).toBe('ACTIVE');
  });

  it('a rejection leaves the order as it was and frees it for another request', async () => {
    const order = await makeActiveOrder(deps, productId);
    const asked = await callEndpoint(
      t.app,
      loanBookApi.waiveOrder,
      { orderId: order.id, idempotencyKey: 'settle-3', reason: 'asked by borrower' },
      maker,
    );
    const requestId = asked.json().ret.waiverRequestId as number;
    const noReason = await callEndpoint(
      t.app,
      waiverApprovalApi.rejectWaiver,
      { id: requestId, reason: ' ' },
      checker,
    );
    expect(noReason.statusCode).toBe(400);
    const rejected = await callEndpoint(
      t.app,
      waiverApprovalApi.rejectWaiver,
      { id: requestId, reason: 'no hardship shown' },
      checker,
    );
    expect(rejected.json().ret).toEqual({ id: requestId, status: 'rejected' });
    expect((await findOrder(t.db, order.id))!.status).toBe('ACTIVE');
    expect((await planRow(order.orderNo))!.pendingWaiver).toBeNull();
    const approveRejected = await callEndpoint(
      t.app,
      waiverApprovalApi.approveWaiver,
      { id: requestId, idempotencyKey: 'approve-3', amountPaise: 450_000 },
      checker,
    );
    expect(approveRejected.statusCode).toBe(409);
    const anew = await callEndpoint(
      t.app,
      loanBookApi.waiveOrder,
      { orderId: order.id, idempotencyKey: 'settle-4', reason: 'asked again' },
      maker,
    );
    expect(anew.json().ret.waiverRequestId).toBeGreaterThan(requestId);
  });

  it('approves a settlement at what it waives today: a sum seen before charges accrued is refused', async () => {
    const order = await makeActiveOrder(deps, productId);
    t.clock.advance(13 * DAY);
    await runDayEnd({ db: t.db, clock: t.clock, holder: 'test' });
    const makerNow = await loginAs(
      t.app,
      await createStaff(t.db, t.clock, { interfaces: ['repay.waiver'] }),
    );
    const asked = await callEndpoint(
      t.app,
      loanBookApi.waiveOrder,
      { orderId: order.id, idempotencyKey: 'settle-late', reason: 'hardship' },
      makerNow,
    );
    const requestId = asked.json().ret.waiverRequestId as number;
    const askedPaise = asked.json().ret.amountPaise as number;
    // Three days overdue later, the penal charge has grown.
    t.clock.advance(3 * DAY);
    await runDayEnd({ db: t.db, clock: t.clock, holder: 'test' });
    const checkerLater = await loginAs(
      t.app,
      await createStaff(t.db, t.clock, {
        interfaces: ['repay.waiver_approve', 'repay.plan_list'],
      }),
    );
    const stale = await callEndpoint(
      t.app,
      waiverApprovalApi.approveWaiver,
      { id: requestId, idempotencyKey: 'approve-late', amountPaise: askedPaise },
      checkerLater,
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe(4190);
    expect((await findOrder(t.db, order.id))!.status).toBe('OVERDUE');
    // The plan shows what it waives today; approving that sum settles the order.
    const waiting = (await planRow(order.orderNo, checkerLater))!.pendingWaiver;
    expect(waiting!.amountPaise).toBe(askedPaise);
    expect(waiting!.toWaivePaise).toBeGreaterThan(askedPaise);
    const approved = await callEndpoint(
      t.app,
      waiverApprovalApi.approveWaiver,
      { id: requestId, idempotencyKey: 'approve-late-2', amountPaise: waiting!.toWaivePaise },
      checkerLater,
    );
    expect(approved.json().ret).toMatchObject({
      status: 'CLEARED',
      closureType: 'SETTLED_WITH_WAIVER',
      amountPaise: waiting!.toWaivePaise,
    });
  });

  it('reads the amount from the operations settings at each waiver', async () => {
    // Signed in again: the clock moved past the earlier sessions.
    admin = await loginAs(t.app);
    const saved = await callEndpoint(
      t.app,
      opsConfigApi.saveSetting,
      {
        item: 'waiver_approval_above_rupees',
        value: '10000',
        type: 'string',
        group: 'operations',
        remarks: 'test',
      },
      admin,
    );
    expect(saved.statusCode).toBe(200);
    const order = await makeActiveOrder(deps, productId);
    const waived = await callEndpoint(
      t.app,
      loanBookApi.waiveOrder,
      { orderId: order.id, idempotencyKey: 'settle-under-10k', reason: 'goodwill' },
      admin,
    );
    expect(waived.json().ret).toMatchObject({ status: 'CLEARED', amountPaise: 450_000 });
    // The same call again replays the answer, though the order is closed and owes nothing.
    const again = await callEndpoint(
      t.app,
      loanBookApi.waiveOrder,
      { orderId: order.id, idempotencyKey: 'settle-under-10k', reason: 'goodwill' },
      admin,
    );
    expect(again.statusCode).toBe(200);
    expect(again.json().ret).toEqual(waived.json().ret);
  });
});
