import { repayApi } from '@lending/contract';
import { eq } from 'drizzle-orm';
import { clearingAmountOn, WORKED_EXAMPLE_TERMS } from '@lending/lending';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { customers, virtualAccounts } from '../../testing/tables.js';
import { ensureVirtualAccount } from '../collections/index.js';
import { indiaDateOf } from '../../shared/india-date.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { callEndpoint, createStaff, loginAs } from '../../testing/factories.js';
import { runDayEnd } from '../day-end/index.js';
import {
  balancesOf,
  findOrder,
  postRepayment,
  reverseRepayment,
  type LoanBookDeps,
} from '../loan-book/index.js';
import { loanBookDeps, makeActiveOrder, makeProduct } from '../../testing/loan-book.factories.js';

const DAY = 86_400_000;

let t: TestApp;
let deps: LoanBookDeps;
let admin: string;
/** Holds the three repayment reads and nothing else. */
let reader: string;
let noGrant: string;
/** Overdue (day 17), partly repaid. */
let overdue: { id: number; orderNo: string; phone: string };
/** Overdue, a repayment posted and reversed. */
let reversed: { id: number; orderNo: string; repaymentId: number };
/** Disbursed today: not yet due. */
let active: { id: number; orderNo: string; phone: string };

async function phoneOf(orderId: number) {
  const order = (await findOrder(t.db, orderId))!;
  const [customer] = await t.db.select().from(customers).where(eq(customers.id, order.customerId));
  return customer!.phone;
}

beforeAll(async () => {
  t = await buildTestApp({ demoData: false });
  deps = loanBookDeps(t.db, t.clock);
  const product = await makeProduct(deps, { maxRollovers: 2, allowOverdueRollover: true });
  const first = await makeActiveOrder(deps, product.id);
  const second = await makeActiveOrder(deps, product.id);
  t.clock.advance(17 * DAY);
  await runDayEnd({ db: t.db, clock: t.clock, holder: 'test' });
  await postRepayment(
    deps,
    {
      orderId: first.id,
      idempotencyKey: 'repay-test-partial-1',
      channel: 'upi',
      amountPaise: 100_000n,
    },
    null,
  );
  const bounced = await postRepayment(
    deps,
    {
      orderId: second.id,
      idempotencyKey: 'repay-test-bounce-1',
      channel: 'neft',
      amountPaise: 50_000n,
    },
    null,
  );
  await reverseRepayment(
    deps,
    {
      repaymentId: bounced.repaymentId!,
      idempotencyKey: 'repay-test-reverse-1',
      reason: 'bounced',
    },
    1,
  );
  const third = await makeActiveOrder(deps, product.id);
  overdue = { id: first.id, orderNo: first.orderNo, phone: await phoneOf(first.id) };
  reversed = { id: second.id, orderNo: second.orderNo, repaymentId: bounced.repaymentId! };
  active = { id: third.id, orderNo: third.orderNo, phone: await phoneOf(third.id) };
  // Signed in after the clock moved: sessions end after 15 idle minutes.
  admin = await loginAs(t.app);
  reader = await loginAs(
    t.app,
    await createStaff(t.db, t.clock, {
      interfaces: ['repay.plan_list', 'repay.record_list', 'repay.query'],
    }),
  );
  noGrant = await loginAs(
    t.app,
    await createStaff(t.db, t.clock, { interfaces: ['order.detail'] }),
  );
}, 60_000);
afterAll(() => t.close());

describe('POST /repay/plan_list', () => {
  it('lists orders with money owing: masked customer, due per part, paid, outstanding and today’s clearing amount', async () => {
    const response = await callEndpoint(t.app, repayApi.listRepayPlan, {}, reader);
    expect(response.statusCode).toBe(200);
    const { list, total } = response.json().ret;
    expect(total).toBe(3);
    // Oldest due first by default.
    expect(
      list
        .map((row: { orderNo: string }) => row.orderNo)
        .slice(0, 2)
        .sort(),
    ).toEqual([overdue.orderNo, reversed.orderNo].sort());
    const row = list.find((r: { id: number }) => r.id === overdue.id);
    const order = (await findOrder(t.db, overdue.id))!;
    const today = indiaDateOf(t.clock.now());
    const clearing = clearingAmountOn(balancesOf(order)!, WORKED_EXAMPLE_TERMS, today);
    expect(row).toMatchObject({
      status: 'OVERDUE',
      overdueDays: order.overdueDays,
      customerName: 'A*** V****',
      customerPhone: `******${overdue.phone.slice(-4)}`,
      paidPaise: 100_000,
      duePenalPaise: Number(order.outstandingPenalPaise),
      clearingTodayPaise: Number(clearing.total),
      clearingDate: today,
    });
    expect(row!.outstandingPaise).toBe(
      row!.duePrincipalPaise +
        row!.dueInterestPaise +
        row!.dueFeePaise +
        row!.dueGstPaise +
        row!.duePenalPaise,
    );
    // No raw phone number anywhere in the answer.
    expect(response.body).not.toContain(overdue.phone);
    // A reversed repayment is not paid.
    expect(list.find((r: { id: number }) => r.id === reversed.id)!.paidPaise).toBe(0);
  });

  it('filters by order number, exact phone, status, due dates and overdue days', async () => {
    const byNo = await callEndpoint(
      t.app,
      repayApi.listRepayPlan,
      { filters: { orderNo: overdue.orderNo.toLowerCase() } },
      reader,
    );
    expect(byNo.json().ret.list.map((r: { id: number }) => r.id)).toEqual([overdue.id]);
    const byPhone = await callEndpoint(
      t.app,
      repayApi.listRepayPlan,
      { filters: { phone: `+91 ${active.phone}` } },
      reader,
    );
    expect(byPhone.json().ret.list.map((r: { id: number }) => r.id)).toEqual([active.id]);
    const partial = await callEndpoint(
      t.app,
      repayApi.listRepayPlan,
      { filters: { phone: active.phone.slice(0, 6) } },
      reader,
    );
    expect(partial.statusCode).toBe(400);
    expect(partial.json().errors![0]!.field).toContain('phone');
    const status = await callEndpoint(
      t.app,
      repayApi.listRepayPlan,
      { filters: { status: 'ACTIVE' } },
      reader,
    );
    expect(status.json().ret.list.map((r: { id: number }) => r.id)).toEqual([active.id]);
    const late = await callEndpoint(
      t.app,
      repayApi.listRepayPlan,
      { filters: { overdueDaysMin: 1 } },
      reader,
    );
    expect(late.json().ret.total).toBe(2);
    const today = indiaDateOf(t.clock.now());
    const dueLater = await callEndpoint(
      t.app,
      repayApi.listRepayPlan,
      { filters: { dueDateFrom: today } },
      reader,
    );
    expect(dueLater.json().ret.list.map((r: { id: number }) => r.id)).toEqual([active.id]);
    const backwards = await callEndpoint(
      t.app,
      repayApi.listRepayPlan,
      { filters: { dueDateFrom: today, dueDateTo: '2020-01-01' } },
      reader,
    );
    expect(backwards.json()).toMatchObject({
      code: 4000,
      errors: [{ field: 'filters.dueDateTo' }],
    });
  });

  it('sorts by overdue days and refuses a field it does not sort by', async () => {
    const sorted = await callEndpoint(
      t.app,
      repayApi.listRepayPlan,
      { sort: { field: 'overdueDays', order: 'asc' } },
      reader,
    );
    expect(sorted.json().ret.list[0]!.id).toBe(active.id);
    const refused = await callEndpoint(
      t.app,
      repayApi.listRepayPlan,
      { sort: { field: 'customerPhone', order: 'asc' } },
      reader,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 4000, errors: [{ field: 'sort.field' }] });
  });

  it('is refused without its grant', async () => {
    const response = await callEndpoint(t.app, repayApi.listRepayPlan, {}, noGrant);
    expect(response.statusCode).toBe(403);
  });
});

describe('POST /repay/record_list', () => {
  it('lists every repayment with its allocation, type and status', async () => {
    const response = await callEndpoint(t.app, repayApi.listRepaymentRecords, {}, reader);
    expect(response.statusCode).toBe(200);
    const { list, total } = response.json().ret;
    expect(total).toBe(2);
    const [bounced, partial] = list;
    expect(bounced).toMatchObject({
      orderNo: reversed.orderNo,
      channel: 'neft',
      amountPaise: 50_000,
      kind: 'normal',
      coverage: 'partial',
      status: 'reversed',
      reversalReason: 'bounced',
      customerName: 'A*** V****',
    });
    expect(partial).toMatchObject({ orderNo: overdue.orderNo, status: 'posted', reversedAt: null });
    expect(partial!.serialNo).toMatch(/^RP\d{8}\d{8}$/);
    expect(
      partial!.principalPaise +
        partial!.interestPaise +
        partial!.feePaise +
        partial!.gstPaise +
        partial!.penalPaise,
    ).toBe(100_000);
    expect(partial!.valueDate).toBe(indiaDateOf(t.clock.now()));
  });

  it('filters by order, status, type and value date; sorts; refuses an unknown sort', async () => {
    const byOrder = await callEndpoint(
      t.app,
      repayApi.listRepaymentRecords,
      { filters: { orderNo: overdue.orderNo } },
      reader,
    );
    expect(byOrder.json().ret.total).toBe(1);
    const reversedOnly = await callEndpoint(
      t.app,
      repayApi.listRepaymentRecords,
      { filters: { status: 'reversed' } },
      reader,
    );
    expect(reversedOnly.json().ret.list.map((r: { id: number }) => r.id)).toEqual([
      reversed.repaymentId,
    ]);
    const renewals = await callEndpoint(
      t.app,
      repayApi.listRepaymentRecords,
      { filters: { kind: 'renew' } },
      reader,
    );
    expect(renewals.json().ret.total).toBe(0);
    const full = await callEndpoint(
      t.app,
      repayApi.listRepaymentRecords,
      { filters: { coverage: 'full' } },
      reader,
    );
    expect(full.json().ret.total).toBe(0);
    const old = await callEndpoint(
      t.app,
      repayApi.listRepaymentRecords,
      { filters: { valueDateFrom: '2020-01-01', valueDateTo: '2020-01-31' } },
      reader,
    );
    expect(old.json().ret.total).toBe(0);
    const byAmount = await callEndpoint(
      t.app,
      repayApi.listRepaymentRecords,
      { sort: { field: 'amountPaise', order: 'asc' } },
      reader,
    );
    expect(byAmount.json().ret.list[0]!.amountPaise).toBe(50_000);
    const refused = await callEndpoint(
      t.app,
      repayApi.listRepaymentRecords,
      { sort: { field: 'channel', order: 'asc' } },
      reader,
    );
    expect(refused.json()).toMatchObject({ code: 4000, errors: [{ field: 'sort.field' }] });
  });

  it('is refused without its grant', async () => {
    expect((await callEndpoint(t.app, repayApi.listRepaymentRecords, {}, noGrant)).statusCode).toBe(
      403,
    );
  });
});

describe('POST /repay/query', () => {
  it('answers what clears an order on a chosen date, the rollover quote and where to pay', async () => {
    const today = indiaDateOf(t.clock.now());
    const inFive = indiaDateOf(new Date(t.clock.now().getTime() + 5 * DAY));
    const response = await callEndpoint(
      t.app,
      repayApi.repayQuery,
      { orderNo: active.orderNo, date: inFive },
      reader,
    );
    expect(response.statusCode).toBe(200);
    const { date, orders } = response.json().ret;
    expect(date).toBe(inFive);
    expect(orders).toHaveLength(1);
    const order = (await findOrder(t.db, active.id))!;
    const engine = clearingAmountOn(balancesOf(order)!, WORKED_EXAMPLE_TERMS, inFive);
    expect(orders[0]!.clearing).toEqual({
      date: inFive,
      principalPaise: Number(engine.components.principal),
      interestPaise: Number(engine.components.interest),
      feePaise: Number(engine.components.fee),
      gstPaise: Number(engine.components.gst),
      penalPaise: Number(engine.components.penal),
      totalPaise: Number(engine.total),
      overdueDays: 0,
    });
    expect(orders[0]!.rollover).toMatchObject({ available: true, rolloverNumber: 1 });
    expect(response.body).not.toContain(active.phone);
    const again = await callEndpoint(t.app, repayApi.repayQuery, { phone: active.phone }, reader);
    expect(again.json().ret).toMatchObject({ date: today });
    expect(again.json().ret.orders[0]!.clearing!.date).toBe(today);
  });

  it('is a read (decision 0058): no payment account yet is said so, and none is opened at the gateway', async () => {
    const gateway = t.app.integrations.collectionGateway;
    const calls = [
      vi.spyOn(gateway, 'createVirtualAccount'),
      vi.spyOn(gateway, 'getVirtualAccount'),
    ];
    const accountsBefore = await t.db.$count(virtualAccounts);
    try {
      const response = await callEndpoint(
        t.app,
        repayApi.repayQuery,
        { orderNo: active.orderNo },
        reader,
      );
      expect(response.json().ret.orders[0]).toMatchObject({
        orderNo: active.orderNo,
        clearing: { totalPaise: expect.any(Number) },
        instructions: null,
        instructionsMissing: 'noPaymentAccountYet',
      });
      expect(await t.db.$count(virtualAccounts)).toBe(accountsBefore);
      for (const call of calls) expect(call).not.toHaveBeenCalled();
    } finally {
      for (const call of calls) call.mockRestore();
    }
  });

  it('shows the account the borrower app opened, without touching it', async () => {
    const { customerId } = (await findOrder(t.db, active.id))!;
    const gateway = t.app.integrations.collectionGateway;
    // What the borrower app does on the borrower's first repayment.
    const account = await ensureVirtualAccount(
      t.db,
      gateway,
      { customerId, name: 'Borrower' },
      t.clock.now(),
    );
    const created = vi.spyOn(gateway, 'createVirtualAccount');
    const accountsBefore = await t.db.$count(virtualAccounts);
    try {
      const response = await callEndpoint(
        t.app,
        repayApi.repayQuery,
        { phone: active.phone },
        reader,
      );
      expect(response.json().ret.orders[0]).toMatchObject({
        orderNo: active.orderNo,
        instructions: {
          virtualAccount: { accountNumber: account.accountNumber, ifsc: account.ifsc },
          upiId: account.upiId,
        },
        instructionsMissing: null,
      });
      expect(await t.db.$count(virtualAccounts)).toBe(accountsBefore);
      expect(created).not.toHaveBeenCalled();
    } finally {
      created.mockRestore();
    }
  });

  it('refuses an empty search naming the order number, and a date in the past', async () => {
    const empty = await callEndpoint(t.app, repayApi.repayQuery, { orderNo: '  ' }, reader);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      code: 4000,
      errors: [
        { field: 'orderNo', message: expect.stringContaining('order number cannot be empty') },
      ],
    });
    const past = await callEndpoint(
      t.app,
      repayApi.repayQuery,
      { orderNo: active.orderNo, date: '2020-01-01' },
      reader,
    );
    expect(past.json()).toMatchObject({ code: 4000, errors: [{ field: 'date' }] });
    const unknown = await callEndpoint(t.app, repayApi.repayQuery, { orderNo: 'LN000' }, reader);
    expect(unknown.json().ret.orders).toEqual([]);
  });

  it('is refused without its grant', async () => {
    expect(
      (await callEndpoint(t.app, repayApi.repayQuery, { orderNo: active.orderNo }, noGrant))
        .statusCode,
    ).toBe(403);
    expect(
      (await callEndpoint(t.app, repayApi.repayQuery, { orderNo: active.orderNo }, admin))
        .statusCode,
    ).toBe(200);
  });
});
