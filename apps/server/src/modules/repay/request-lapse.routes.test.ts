import { loanBookApi, repayApi, waiverApprovalApi } from '@lending/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../testing/tables.js';
import { indiaDateOf } from '../../shared/india-date.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { callEndpoint, createStaff, loginAs } from '../../testing/factories.js';
import { rolloverQuoteOfOrder } from '../borrower-app/index.js';
import { runDayEnd } from '../day-end/index.js';
import { findOrder, type LoanBookDeps } from '../loan-book/index.js';
import { loanBookDeps, makeActiveOrder, makeProduct } from '../../testing/loan-book.factories.js';

const DAY = 86_400_000;

let t: TestApp;
let deps: LoanBookDeps;
/** Records repayments, rollovers and reversals. */
let admin: string;
/** Asks for write-offs and waivers. */
let maker: string;
/** Decides both kinds. */
let checker: string;
let overdue: { id: number; orderNo: string }[];
let active: { id: number; orderNo: string };

const detailOf = async (orderId: number) =>
  (await callEndpoint(t.app, loanBookApi.orderDetail, { orderId }, admin)).json().ret;

const planRow = async (orderNo: string) =>
  (await callEndpoint(t.app, repayApi.listRepayPlan, { filters: { orderNo } }, checker)).json().ret
    .list[0]!;

/** Pays what clears the order today, in full. */
async function repayInFull(orderId: number, key: string) {
  const { clearingTodayPaise } = await planRow((await findOrder(t.db, orderId))!.orderNo);
  const paid = await callEndpoint(
    t.app,
    loanBookApi.postRepayment,
    { orderId, idempotencyKey: key, amountPaise: clearingTodayPaise, channel: 'upi' },
    admin,
  );
  expect(paid.json().ret.status).toBe('CLEARED');
  return paid.json().ret.repaymentId as number;
}

beforeAll(async () => {
  t = await buildTestApp({ demoData: false });
  deps = loanBookDeps(t.db, t.clock);
  const productId = (await makeProduct(deps)).id;
  overdue = [];
  for (let i = 0; i < 2; i += 1) overdue.push(await makeActiveOrder(deps, productId));
  t.clock.advance(16 * DAY);
  await runDayEnd({ db: t.db, clock: t.clock, holder: 'test' });
  active = await makeActiveOrder(deps, productId);
  admin = await loginAs(t.app);
  maker = await loginAs(
    t.app,
    await createStaff(t.db, t.clock, {
      interfaces: ['repay.write_off', 'repay.waiver', 'repay.plan_list'],
    }),
  );
  checker = await loginAs(
    t.app,
    await createStaff(t.db, t.clock, {
      interfaces: [
        'repay.write_off_approve',
        'repay.write_off_reject',
        'repay.waiver_approve',
        'repay.waiver_reject',
        'repay.plan_list',
      ],
    }),
  );
}, 180_000);

afterAll(async () => {
  await t.close();
});

describe('a waiting request lapses when its order stops qualifying (decision 0054)', () => {
  it('repaying an order lapses its write-off: approve and reject are 409 4192, the detail and audit say so, and it can be asked again once overdue again', async () => {
    const order = overdue[0]!;
    const asked = await callEndpoint(
      t.app,
      loanBookApi.writeOffOrder,
      { orderId: order.id, idempotencyKey: 'lapse-wo-1', reason: 'No payment for 60 days' },
      maker,
    );
    const requestId = asked.json().ret.writeOffRequestId as number;
    const seen = (await planRow(order.orderNo))!.pendingWaiver;
    expect(seen).toMatchObject({ id: requestId, kind: 'writeOff' });

    const repaymentId = await repayInFull(order.id, 'lapse-wo-repay');

    const approve = await callEndpoint(
      t.app,
      waiverApprovalApi.approveWriteOff,
      { id: requestId, idempotencyKey: 'lapse-wo-approve', amountPaise: seen!.toWaivePaise },
      checker,
    );
    expect(approve.statusCode).toBe(409);
    expect(approve.json().code).toBe(4192);
    expect(approve.json().msg).toContain(order.orderNo);
    expect(approve.json().msg).toContain('lapsed');
    expect((await findOrder(t.db, order.id))!.status).toBe('CLEARED');
    const reject = await callEndpoint(
      t.app,
      waiverApprovalApi.rejectWriteOff,
      { id: requestId, reason: 'Paid meanwhile' },
      checker,
    );
    expect(reject.statusCode).toBe(409);
    expect(reject.json().code).toBe(4192);

    const detail = await detailOf(order.id);
    expect(detail.pendingApproval).toBeNull();
    expect(detail.approvalRequests).toEqual([
      expect.objectContaining({
        id: requestId,
        kind: 'writeOff',
        status: 'lapsed',
        reason: 'No payment for 60 days',
        decidedBy: null,
        decidedAt: expect.any(String),
        lapseEvent: 'repayFull',
        decisionReason: expect.stringContaining('CLEARED'),
      }),
    ]);
    expect(detail.auditTrail).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'order.approvalRequestLapsed',
          summary: expect.stringContaining(`#${requestId}`),
        }),
      ]),
    );

    // The payment bounces: the order is overdue again, and a write-off can be asked for again.
    const reversed = await callEndpoint(
      t.app,
      loanBookApi.reverseRepayment,
      { repaymentId, idempotencyKey: 'lapse-wo-reverse', reason: 'bounced' },
      admin,
    );
    expect(reversed.json().ret.status).toBe('OVERDUE');
    const again = await callEndpoint(
      t.app,
      loanBookApi.writeOffOrder,
      { orderId: order.id, idempotencyKey: 'lapse-wo-2', reason: 'Payment bounced' },
      maker,
    );
    expect(again.statusCode).toBe(200);
    expect(again.json().ret.writeOffRequestId).toBeGreaterThan(requestId);
    expect((await planRow(order.orderNo))!.pendingWaiver).toMatchObject({
      id: again.json().ret.writeOffRequestId,
      kind: 'writeOff',
    });
  });

  it('repaying an order lapses its settlement waiver; approving it is 409 4192 and a new one can be asked for', async () => {
    const order = overdue[1]!;
    const asked = await callEndpoint(
      t.app,
      loanBookApi.waiveOrder,
      { orderId: order.id, idempotencyKey: 'lapse-wv-1', reason: 'Hardship' },
      maker,
    );
    const requestId = asked.json().ret.waiverRequestId as number;
    expect(requestId).toBeGreaterThan(0);
    const seen = (await planRow(order.orderNo))!.pendingWaiver;
    const repaymentId = await repayInFull(order.id, 'lapse-wv-repay');

    const approve = await callEndpoint(
      t.app,
      waiverApprovalApi.approveWaiver,
      { id: requestId, idempotencyKey: 'lapse-wv-approve', amountPaise: seen!.toWaivePaise },
      checker,
    );
    expect(approve.statusCode).toBe(409);
    expect(approve.json().code).toBe(4192);
    const [row] = (await detailOf(order.id)).approvalRequests;
    expect(row).toMatchObject({ id: requestId, status: 'lapsed', lapseEvent: 'repayFull' });

    await callEndpoint(
      t.app,
      loanBookApi.reverseRepayment,
      { repaymentId, idempotencyKey: 'lapse-wv-reverse', reason: 'bounced' },
      admin,
    );
    const again = await callEndpoint(
      t.app,
      loanBookApi.waiveOrder,
      { orderId: order.id, idempotencyKey: 'lapse-wv-2', reason: 'Hardship, again' },
      maker,
    );
    expect(again.statusCode).toBe(200);
    expect(again.json().ret.waiverRequestId).toBeGreaterThan(requestId);
  });

  it('a rollover lapses a waiting waiver (a new term), though the order stays open', async () => {
    const asked = await callEndpoint(
      t.app,
      loanBookApi.waiveOrder,
      { orderId: active.id, idempotencyKey: 'lapse-roll-1', reason: 'Goodwill' },
      maker,
    );
    const requestId = asked.json().ret.waiverRequestId as number;
    expect(requestId).toBeGreaterThan(0);
    const quote = rolloverQuoteOfOrder(
      (await findOrder(t.db, active.id))!,
      indiaDateOf(t.clock.now()),
    );
    const rolled = await callEndpoint(
      t.app,
      loanBookApi.rolloverOrder,
      {
        orderId: active.id,
        idempotencyKey: 'lapse-roll-pay',
        amountPaise: quote.totalPaise,
        channel: 'upi',
      },
      admin,
    );
    expect(rolled.json().ret.status).toBe('ACTIVE');
    expect((await planRow(active.orderNo))!.pendingWaiver).toBeNull();
    const [row] = (await detailOf(active.id)).approvalRequests;
    expect(row).toMatchObject({ id: requestId, status: 'lapsed', lapseEvent: 'rollover' });
    const lapses = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'order.approvalRequestLapsed'),
          eq(auditEvents.targetId, String(active.id)),
        ),
      );
    expect(lapses).toHaveLength(1);
  });

  it('a partial repayment leaves a waiting write-off as it is (the order is still overdue)', async () => {
    const order = overdue[0]!;
    const waiting = (await planRow(order.orderNo))!.pendingWaiver;
    await callEndpoint(
      t.app,
      loanBookApi.postRepayment,
      { orderId: order.id, idempotencyKey: 'lapse-partial', amountPaise: 10_000, channel: 'upi' },
      admin,
    );
    expect((await findOrder(t.db, order.id))!.status).toBe('OVERDUE');
    expect((await planRow(order.orderNo))!.pendingWaiver).toMatchObject({
      id: waiting!.id,
      kind: 'writeOff',
    });
  });
});
