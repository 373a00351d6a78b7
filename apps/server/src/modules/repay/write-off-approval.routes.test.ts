import { loanBookApi, repayApi, waiverApprovalApi } from '@lending/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, ledgerEntries, ledgerJournals } from '../../testing/tables.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { callEndpoint, createStaff, loginAs } from '../../testing/factories.js';
import { runDayEnd } from '../day-end/index.js';
import { findOrder, type LoanBookDeps } from '../loan-book/index.js';
import { loanBookDeps, makeActiveOrder, makeProduct } from '../../testing/loan-book.factories.js';

const DAY = 86_400_000;

let t: TestApp;
let deps: LoanBookDeps;
let admin: string;
/** Asks for write-offs and waivers and reads the plan and the order. */
let maker: string;
/** Approves and rejects write-offs. */
let checker: string;
/** Approves waivers only: write-offs are another grant. */
let waiverChecker: string;
let overdue: { id: number; orderNo: string }[];
let active: { id: number; orderNo: string };

const planRow = async (orderNo: string, token = admin) =>
  (await callEndpoint(t.app, repayApi.listRepayPlan, { filters: { orderNo } }, token)).json().ret
    .list[0];

const ask = (orderId: number, idempotencyKey: string, token = maker, reason = 'No payment') =>
  callEndpoint(t.app, loanBookApi.writeOffOrder, { orderId, idempotencyKey, reason }, token);

beforeAll(async () => {
  t = await buildTestApp({ demoData: false });
  deps = loanBookDeps(t.db, t.clock);
  const productId = (await makeProduct(deps)).id;
  overdue = [];
  for (let i = 0; i < 5; i += 1) overdue.push(await makeActiveOrder(deps, productId));
  // Sixteen days on, past the due date: the orders are overdue (and their penal charge runs).
  t.clock.advance(16 * DAY);
  await runDayEnd({ db: t.db, clock: t.clock, holder: 'test' });
  active = await makeActiveOrder(deps, productId);
  admin = await loginAs(t.app);
  maker = await loginAs(
    t.app,
    await createStaff(t.db, t.clock, {
      interfaces: ['repay.write_off', 'repay.waiver', 'repay.plan_list', 'order.detail'],
    }),
  );
  checker = await loginAs(
    t.app,
    await createStaff(t.db, t.clock, {
      interfaces: ['repay.write_off_approve', 'repay.write_off_reject', 'repay.plan_list'],
    }),
  );
  waiverChecker = await loginAs(
    t.app,
    await createStaff(t.db, t.clock, {
      interfaces: ['repay.waiver_approve', 'repay.waiver_reject'],
    }),
  );
}, 60_000);

afterAll(async () => {
  await t.close();
});

describe('write-offs wait for a second person', () => {
  it('keeps the request, the order unchanged; a replay is the same request, a second is refused', async () => {
    const order = overdue[0]!;
    const before = await findOrder(t.db, order.id);
    const asked = await ask(order.id, 'write-off-1', maker, 'No payment for 60 days');
    expect(asked.statusCode).toBe(200);
    const requestId = asked.json().ret.writeOffRequestId as number;
    expect(requestId).toBeGreaterThan(0);
    expect(asked.json().ret.waiverRequestId).toBeUndefined();
    expect(asked.json().ret.status).toBe('OVERDUE');
    expect(await findOrder(t.db, order.id)).toEqual(before);

    const replay = await ask(order.id, 'write-off-1', maker, 'No payment for 60 days');
    expect(replay.json().ret).toEqual(asked.json().ret);
    const reused = await ask(order.id, 'write-off-1', maker, 'another reason');
    expect(reused.statusCode).toBe(409);
    expect(reused.json().code).toBe(4096);
    const second = await ask(order.id, 'write-off-2');
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe(4091);
    // One request waits per order: a settlement waiver above the amount is refused too.
    const settle = await callEndpoint(
      t.app,
      loanBookApi.waiveOrder,
      { orderId: order.id, idempotencyKey: 'settle-while-wo', reason: 'hardship' },
      maker,
    );
    expect(settle.statusCode).toBe(409);
    expect(settle.json().msg).toContain('awaiting approval');

    // The plan shows it as a write-off, filters to it, and the order detail shows it read-only.
    const row = await planRow(order.orderNo, checker);
    expect(row!.pendingWaiver).toMatchObject({
      id: requestId,
      kind: 'writeOff',
      amountPaise: asked.json().ret.amountPaise,
      toWaivePaise: row!.clearingTodayPaise,
      reason: 'No payment for 60 days',
      yours: false,
    });
    const writeOffs = await callEndpoint(
      t.app,
      repayApi.listRepayPlan,
      { filters: { writeOffPending: true } },
      checker,
    );
    expect(writeOffs.json().ret.list.map((r: { id: number }) => r.id)).toEqual([order.id]);
    const waivers = await callEndpoint(
      t.app,
      repayApi.listRepayPlan,
      { filters: { waiverPending: true } },
      checker,
    );
    expect(waivers.json().ret.list).toEqual([]);
    const detail = await callEndpoint(t.app, loanBookApi.orderDetail, { orderId: order.id }, maker);
    expect(detail.json().ret.pendingApproval).toMatchObject({
      kind: 'writeOff',
      amountPaise: asked.json().ret.amountPaise,
      whole: true,
      reason: 'No payment for 60 days',
    });
  });

  it('refuses a write-off of an order that is not overdue (409 4092)', async () => {
    const refused = await ask(active.id, 'write-off-active');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe(4092);
  });

  it('takes its own grant: the maker and a waiver checker get 403, a waiver approval 404', async () => {
    const order = overdue[1]!;
    const requestId = (await ask(order.id, 'write-off-grants')).json().ret
      .writeOffRequestId as number;
    const amountPaise = (await planRow(order.orderNo))!.pendingWaiver!.toWaivePaise as number;
    const body = { id: requestId, idempotencyKey: 'approve-grants', amountPaise };
    expect(
      (await callEndpoint(t.app, waiverApprovalApi.approveWriteOff, body, maker)).statusCode,
    ).toBe(403);
    expect(
      (await callEndpoint(t.app, waiverApprovalApi.approveWriteOff, body, waiverChecker))
        .statusCode,
    ).toBe(403);
    expect(
      (await callEndpoint(t.app, waiverApprovalApi.approveWaiver, body, waiverChecker)).statusCode,
    ).toBe(404);
    expect((await findOrder(t.db, order.id))!.status).toBe('OVERDUE');
  });

  it('refuses the maker as checker, even one who holds the grant (409 4120)', async () => {
    const order = overdue[2]!;
    const asked = await ask(order.id, 'write-off-admin', admin);
    const own = await callEndpoint(
      t.app,
      waiverApprovalApi.approveWriteOff,
      {
        id: asked.json().ret.writeOffRequestId!,
        idempotencyKey: 'approve-own',
        amountPaise: asked.json().ret.amountPaise!,
      },
      admin,
    );
    expect(own.statusCode).toBe(409);
    expect(own.json().code).toBe(4120);
    expect(own.json().msg).toContain('write-off');
    expect((await findOrder(t.db, order.id))!.status).toBe('OVERDUE');
  });

  it('a rejection needs a reason, leaves the order as it was and frees it for another request', async () => {
    const order = overdue[3]!;
    const requestId = (await ask(order.id, 'write-off-reject')).json().ret
      .writeOffRequestId as number;
    const noReason = await callEndpoint(
      t.app,
      waiverApprovalApi.rejectWriteOff,
      { id: requestId, reason: ' ' },
      checker,
    );
    expect(noReason.statusCode).toBe(400);
    const rejected = await callEndpoint(
      t.app,
      waiverApprovalApi.rejectWriteOff,
      { id: requestId, reason: 'Borrower promised to pay' },
      checker,
    );
    expect(rejected.json().ret).toEqual({ id: requestId, status: 'rejected' });
    expect((await findOrder(t.db, order.id))!.status).toBe('OVERDUE');
    expect((await planRow(order.orderNo))!.pendingWaiver).toBeNull();
    const again = await ask(order.id, 'write-off-reject-2');
    expect(again.json().ret.writeOffRequestId).toBeGreaterThan(requestId);
  });

  it('approval writes the order off with balancing ledger entries; a replay answers the same', async () => {
    const order = overdue[0]!;
    const waiting = (await planRow(order.orderNo, checker))!.pendingWaiver;
    const approved = await callEndpoint(
      t.app,
      waiverApprovalApi.approveWriteOff,
      { id: waiting!.id, idempotencyKey: 'approve-wo-1', amountPaise: waiting!.toWaivePaise },
      checker,
    );
    expect(approved.statusCode).toBe(200);
    expect(approved.json().ret).toMatchObject({
      status: 'WRITTEN_OFF',
      amountPaise: waiting!.toWaivePaise,
      writeOffRequestId: waiting!.id,
    });
    const written = (await findOrder(t.db, order.id))!;
    expect(written.status).toBe('WRITTEN_OFF');
    // What was owed left through the write-off expense, every journal balancing.
    const [journal] = await t.db
      .select()
      .from(ledgerJournals)
      .where(and(eq(ledgerJournals.orderId, order.id), eq(ledgerJournals.eventType, 'writeOff')));
    const lines = await t.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.journalId, journal!.id));
    expect(lines.reduce((sum, line) => sum + line.amountPaise, 0n)).toBe(0n);
    expect(
      lines
        .filter((line) => line.account === 'expense:write_off')
        .reduce((sum, line) => sum + line.amountPaise, 0n),
    ).toBe(BigInt(waiting!.toWaivePaise));
    const check = await callEndpoint(t.app, loanBookApi.checkLedger, {}, admin);
    expect(check.json().ret).toMatchObject({ ok: true, unbalancedJournals: [] });

    const replay = await callEndpoint(
      t.app,
      waiverApprovalApi.approveWriteOff,
      { id: waiting!.id, idempotencyKey: 'approve-wo-1', amountPaise: waiting!.toWaivePaise },
      checker,
    );
    expect(replay.statusCode).toBe(200);
    expect(replay.json().ret).toEqual(approved.json().ret);
    const again = await callEndpoint(
      t.app,
      waiverApprovalApi.approveWriteOff,
      { id: waiting!.id, idempotencyKey: 'approve-wo-2', amountPaise: waiting!.toWaivePaise },
      checker,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe(4121);
    const audits = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'repay.write_off_approve'));
    expect(audits.length).toBeGreaterThan(0);
    const detail = await callEndpoint(t.app, loanBookApi.orderDetail, { orderId: order.id }, maker);
    expect(detail.json().ret.pendingApproval).toBeNull();
    expect(detail.json().ret.waivers).toEqual([
      expect.objectContaining({ kind: 'writeOff', reason: 'No payment for 60 days' }),
    ]);
  });

  it('approves at what it writes off today: a sum seen before charges accrued is refused (4191)', async () => {
    const order = overdue[4]!;
    const asked = await ask(order.id, 'write-off-late');
    const requestId = asked.json().ret.writeOffRequestId as number;
    t.clock.advance(2 * DAY);
    await runDayEnd({ db: t.db, clock: t.clock, holder: 'test' });
    const checkerLater = await loginAs(
      t.app,
      await createStaff(t.db, t.clock, {
        interfaces: ['repay.write_off_approve', 'repay.plan_list'],
      }),
    );
    const stale = await callEndpoint(
      t.app,
      waiverApprovalApi.approveWriteOff,
      { id: requestId, idempotencyKey: 'approve-late', amountPaise: asked.json().ret.amountPaise! },
      checkerLater,
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe(4191);
    expect((await findOrder(t.db, order.id))!.status).toBe('OVERDUE');
    const waiting = (await planRow(order.orderNo, checkerLater))!.pendingWaiver;
    expect(waiting!.toWaivePaise).toBeGreaterThan(asked.json().ret.amountPaise!);
    const approved = await callEndpoint(
      t.app,
      waiverApprovalApi.approveWriteOff,
      { id: requestId, idempotencyKey: 'approve-late-2', amountPaise: waiting!.toWaivePaise },
      checkerLater,
    );
    expect(approved.json().ret).toMatchObject({
      status: 'WRITTEN_OFF',
      amountPaise: waiting!.toWaivePaise,
    });
  });
});
