import type { EndpointInput, InvalidOnPurpose } from '../../testing/call-endpoint.js';
import { eq } from 'drizzle-orm';
import {
  orderDetailSchema,
  orderListRetSchema,
  loanBookApi,
  orderApi,
  type AssetClass,
} from '@lending/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { badBody, callEndpoint, createStaff, loginAs } from '../../testing/factories.js';
import { customers } from './customers.table.js';
import { assetClassHistory, loanOrders } from './loan-orders.table.js';
import type { LoanBookDeps } from './index.js';
import {
  loanBookDeps,
  makeActiveOrder,
  makeApplication,
  makeProduct,
} from '../../testing/loan-book.factories.js';

let t: TestApp;
let deps: LoanBookDeps;
let admin: string;
let detailOnly: string;
let detailOnlyLogin: { email: string; password: string };
let productId: number;

beforeAll(async () => {
  t = await buildTestApp({ demoData: false });
  deps = loanBookDeps(t.db, t.clock);
  admin = await loginAs(t.app);
  detailOnlyLogin = await createStaff(t.db, t.clock, { interfaces: ['order.detail'] });
  detailOnly = await loginAs(t.app, detailOnlyLogin);
  productId = (await makeProduct(deps)).id;
});
afterAll(() => t.close());

async function phoneOf(orderId: number): Promise<string> {
  const [row] = await t.db
    .select({ phone: customers.phone })
    .from(loanOrders)
    .innerJoin(customers, eq(customers.id, loanOrders.customerId))
    .where(eq(loanOrders.id, orderId));
  return row!.phone;
}

async function list(
  body: EndpointInput<typeof orderApi.listOrders> | InvalidOnPurpose,
  token = admin,
) {
  return callEndpoint(t.app, orderApi.listOrders, body, token);
}

describe('POST /order/list', () => {
  it('lists orders with their customer masked, product, amounts and dates', async () => {
    const active = await makeActiveOrder(deps, productId);
    const answer = await list({ filters: { orderNo: active.orderNo.toLowerCase() } });
    expect(answer.statusCode).toBe(200);
    const ret = orderListRetSchema.parse(answer.json().ret);
    expect(ret.total).toBe(1);
    const [row] = ret.list;
    const phone = await phoneOf(active.id);
    expect(row).toMatchObject({
      orderNo: active.orderNo,
      customerName: 'A*** V****',
      phone: `******${phone.slice(-4)}`,
      customerKind: 'first',
      principalPaise: 450_000,
      feesPaise: 31_500 + 5_670,
      tenorDays: 14,
      status: 'ACTIVE',
      disbursalDate: '2025-01-15',
      dueDate: '2025-01-29',
      overdueDays: 0,
    });
    // The raw phone is never in the answer.
    expect(answer.body).not.toContain(phone);
  });

  it('filters by a phone typed with +91 and spaces, exactly; by status, kind, dates and amount', async () => {
    const active = await makeActiveOrder(deps, productId);
    const applied = await makeApplication(deps, productId, 200_000n);
    const phone = await phoneOf(active.id);
    const typed = `+91 ${phone.slice(0, 5)} ${phone.slice(5)}`;
    const byPhone = await list({ filters: { phone: typed } });
    expect(byPhone.json().ret.list.map((r: { orderNo: string }) => r.orderNo)).toEqual([
      active.orderNo,
    ]);
    // Part of a number matches nothing: there is no LIKE over personal data.
    expect((await list({ filters: { phone: phone.slice(0, 9) } })).statusCode).toBe(400);

    const nos = async (filters: Record<string, unknown>) =>
      ((await list({ filters, pageSize: 100 })).json().ret.list as { orderNo: string }[]).map(
        (r) => r.orderNo,
      );
    expect(await nos({ productId, status: 'ACTIVE' })).toContain(active.orderNo);
    expect(await nos({ productId, status: 'ACTIVE' })).not.toContain(applied.orderNo);
    expect(await nos({ productId, customerKind: 'reloan' })).toEqual([]);
    expect(await nos({ productId, dueFrom: '2025-01-29', dueTo: '2025-01-29' })).toContain(
      active.orderNo,
    );
    expect(await nos({ productId, disbursedFrom: '2025-01-16' })).toEqual([]);
    expect(await nos({ productId, appliedFrom: '2025-01-15', appliedTo: '2025-01-15' })).toEqual(
      expect.arrayContaining([active.orderNo, applied.orderNo]),
    );
    const small = await nos({ productId, maxAmountPaise: 200_000 });
    expect(small).toContain(applied.orderNo);
    expect(small).not.toContain(active.orderNo);
  });

  it('sorts by amount, applied at or due date; refuses another sort field and a backwards range', async () => {
    const product = (await makeProduct(deps)).id;
    const big = await makeApplication(deps, product, 900_000n);
    const small = await makeApplication(deps, product, 150_000n);
    const sorted = await list({
      filters: { productId: product },
      sort: { field: 'principalPaise', order: 'asc' },
    });
    expect(sorted.json().ret.list.map((r: { orderNo: string }) => r.orderNo)).toEqual([
      small.orderNo,
      big.orderNo,
    ]);
    const newest = await list({ filters: { productId: product } });
    expect(newest.json().ret.list[0]!.orderNo).toBe(small.orderNo);

    const refused = await list(badBody({ sort: { field: 'phone', order: 'asc' } }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toContain('sort.field');
    const backwards = await list({ filters: { dueFrom: '2025-02-01', dueTo: '2025-01-01' } });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().msg).toContain('filters.dueTo');
    const unknown = await list(badBody({ filters: { name: 'Asha' } }));
    expect(unknown.statusCode).toBe(400);
  });

  it('filters by asset class (loans that owe) and by rescheduled, and shows both on the row', async () => {
    const product = (await makeProduct(deps)).id;
    const sma1 = await makeActiveOrder(deps, product);
    const npa = await makeActiveOrder(deps, product);
    const standard = await makeActiveOrder(deps, product);
    // Written off as an NPA: it owes nothing the book counts, so it is in no class.
    const writtenOff = await makeActiveOrder(deps, product);
    const set = (id: number, columns: Partial<typeof loanOrders.$inferInsert>) =>
      t.db.update(loanOrders).set(columns).where(eq(loanOrders.id, id));
    await set(sma1.id, { status: 'OVERDUE', rbiClass: 'SMA-1', rescheduled: true });
    await set(npa.id, { status: 'OVERDUE', rbiClass: 'NPA' });
    await set(writtenOff.id, { status: 'WRITTEN_OFF', rbiClass: 'NPA', rescheduled: true });

    const rows = async (filters: Record<string, unknown>) =>
      orderListRetSchema.parse(
        (await list({ filters: { productId: product, ...filters } })).json().ret,
      ).list;
    const nos = async (filters: Record<string, unknown>) =>
      (await rows(filters)).map((row) => row.orderNo).sort();
    expect(await nos({ rbiClass: 'NPA' })).toEqual([npa.orderNo]);
    expect(await nos({ rbiClass: 'SMA-1' })).toEqual([sma1.orderNo]);
    expect(await nos({ rbiClass: 'STANDARD' })).toEqual([standard.orderNo]);
    expect(await nos({ rbiClass: 'SMA-2' })).toEqual([]);
    expect(await nos({ rescheduled: true })).toEqual([sma1.orderNo, writtenOff.orderNo].sort());
    expect(await nos({ rescheduled: false })).toEqual([npa.orderNo, standard.orderNo].sort());
    expect(await nos({ rbiClass: 'SMA-1', rescheduled: false })).toEqual([]);

    const shown = new Map((await rows({})).map((row) => [row.orderNo, row]));
    expect(shown.get(sma1.orderNo)).toMatchObject({ rbiClass: 'SMA-1', rescheduled: true });
    expect(shown.get(npa.orderNo)).toMatchObject({ rbiClass: 'NPA', rescheduled: false });
    expect(shown.get(standard.orderNo)).toMatchObject({ rbiClass: 'STANDARD', rescheduled: false });
    expect(shown.get(writtenOff.orderNo)).toMatchObject({ rbiClass: null, rescheduled: true });
  });

  it('refuses an asset class that is not one, naming the field (en and zh), and a rescheduled that is not a boolean', async () => {
    const refused = await list(badBody({ filters: { rbiClass: 'SMA-3' } }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 4000,
      errors: [
        { field: 'filters.rbiClass', message: 'must be one of STANDARD, SMA-0, SMA-1, SMA-2, NPA' },
      ],
    });
    expect(refused.json().msg).toContain('filters.rbiClass');
    const zh = await callEndpoint(
      t.app,
      orderApi.listOrders,
      badBody({ filters: { rbiClass: 'sma-1' } }),
      admin,
      { language: 'zh' },
    );
    expect(zh.statusCode).toBe(400);
    expect(zh.json().errors).toEqual([
      { field: 'filters.rbiClass', message: '必须是以下之一：STANDARD, SMA-0, SMA-1, SMA-2, NPA' },
    ]);
    expect(zh.json().msg).toContain('filters.rbiClass');
    const notBoolean = await list(badBody({ filters: { rescheduled: 'yes' } }));
    expect(notBoolean.statusCode).toBe(400);
    expect(notBoolean.json()).toMatchObject({
      code: 4000,
      errors: [{ field: 'filters.rescheduled' }],
    });
  });

  it('answers 403 without the grant', async () => {
    expect((await list({}, detailOnly)).statusCode).toBe(403);
  });
});

describe('POST /order/detail', () => {
  it('finds an order by its number: customer masked, terms, amounts per component, clearing today', async () => {
    const active = await makeActiveOrder(deps, productId);
    const paid = await callEndpoint(
      t.app,
      loanBookApi.postRepayment,
      {
        orderId: active.id,
        idempotencyKey: `order-detail-part-${active.id}`,
        amountPaise: 100_000,
        channel: 'upi',
      },
      admin,
    );
    expect(paid.statusCode).toBe(200);
    t.clock.advance(3 * 86_400_000);
    try {
      // Sessions end after 8 hours: sign in again on the later day.
      const token = await loginAs(t.app, detailOnlyLogin);
      const answer = await callEndpoint(
        t.app,
        loanBookApi.orderDetail,
        { orderNo: active.orderNo },
        token,
      );
      expect(answer.statusCode).toBe(200);
      const detail = orderDetailSchema.parse(answer.json().ret);
      expect(detail.orderNo).toBe(active.orderNo);
      expect(detail.customer).toMatchObject({
        name: 'A*** V****',
        idType: 'aadhaar',
        bankAccount: '*******8901',
        bankAccountVerified: true,
      });
      expect(detail.customer.idNumber).toMatch(/^XXXX XXXX \d{4}$/);
      expect(detail.terms).toMatchObject({ tenorDays: 14, processingFeePpm: 70_000 });
      expect(detail.keyFacts).toMatchObject({ principalPaise: 450_000, channel: 'app' });
      expect(detail.amounts.charged.principal).toBe(450_000);
      expect(detail.amounts.paid.principal + detail.amounts.paid.interest).toBe(100_000);
      expect(detail.amounts.outstanding).toEqual(detail.outstanding);
      // Three days on, today's clearing amount includes interest the day-end has not posted.
      expect(detail.clearingToday?.date).toBe('2025-01-18');
      expect(detail.clearingToday!.totalPaise).toBeGreaterThan(detail.outstandingTotalPaise);
      expect(detail.payouts[0]).toMatchObject({ attempt: 1, status: 'processed' });
      expect(detail.repayments[0]).toMatchObject({ amountPaise: 100_000, reversed: false });
      expect(detail.auditTrail.at(0)).toMatchObject({ action: 'order.submit' });
      expect(detail.auditTrail.at(-1)).toMatchObject({ actorName: 'Admin' });
      expect(answer.body).not.toContain(await phoneOf(active.id));
    } finally {
      t.clock.advance(-3 * 86_400_000);
    }
  });

  it('shows a waiver with its reason and who gave it', async () => {
    const active = await makeActiveOrder(deps, productId);
    const waived = await callEndpoint(
      t.app,
      loanBookApi.waiveOrder,
      {
        orderId: active.id,
        idempotencyKey: `order-detail-waive-${active.id}`,
        reason: 'hardship',
        amounts: { penalPaise: 0, feePaise: 0, principalPaise: 1_000 },
      },
      admin,
    );
    expect(waived.statusCode).toBe(200);
    const detail = (
      await callEndpoint(t.app, loanBookApi.orderDetail, { orderId: active.id }, admin)
    ).json().ret;
    expect(detail.waivers).toEqual([
      expect.objectContaining({
        kind: 'waiver',
        totalPaise: 1_000,
        reason: 'hardship',
        actorName: 'Admin',
      }),
    ]);
    expect(detail.amounts.waived.principal).toBe(1_000);
  });

  it('shows the asset class: since when, RBI days past due, rescheduled, suspense and its history oldest first', async () => {
    const order = await makeActiveOrder(deps, productId);
    const cause = await makeActiveOrder(deps, productId);
    // As the day-end leaves it: past due since the due date, 91 days at the day-end of 29 April
    // (the due date is day 1), pulled into NPA earlier by the borrower's other loan.
    await t.db
      .update(loanOrders)
      .set({
        rbiClass: 'NPA',
        classifiedDate: '2025-04-10',
        overdueSince: '2025-01-29',
        dayEndDate: '2025-04-29',
        rescheduled: true,
        suspenseInterestPaise: 12_345n,
        suspensePenalPaise: 6_000n,
      })
      .where(eq(loanOrders.id, order.id));
    const row = (
      businessDate: string,
      fromClass: AssetClass | null,
      toClass: AssetClass,
      daysPastDue: number,
      reason: string,
      causeOrderId: number | null = null,
    ) => ({
      orderId: order.id,
      customerId: order.customerId,
      businessDate,
      fromClass,
      toClass,
      daysPastDue,
      reason,
      causeOrderId,
      at: new Date(`${businessDate}T18:31:00.000Z`),
    });
    await t.db
      .insert(assetClassHistory)
      .values([
        row('2025-01-29', 'STANDARD', 'SMA-0', 1, 'daysPastDue'),
        row('2025-02-28', 'SMA-0', 'SMA-1', 31, 'daysPastDue'),
        row('2025-03-30', 'SMA-1', 'SMA-2', 61, 'daysPastDue'),
        row('2025-04-10', 'SMA-2', 'NPA', 72, 'borrowerNpa', cause.id),
      ]);
    // Another order's history is not this one's.
    await t.db
      .insert(assetClassHistory)
      .values({ ...row('2025-01-29', null, 'SMA-0', 1, 'daysPastDue'), orderId: cause.id });

    // The detail's own grant is enough, and the customer stays masked.
    const answer = await callEndpoint(
      t.app,
      loanBookApi.orderDetail,
      { orderNo: order.orderNo },
      detailOnly,
    );
    expect(answer.statusCode).toBe(200);
    const detail = orderDetailSchema.parse(answer.json().ret);
    expect(detail.customer.name).toBe('A*** V****');
    expect(detail).toMatchObject({
      rbiClass: 'NPA',
      classifiedDate: '2025-04-10',
      rbiDaysPastDue: 91,
      rescheduled: true,
      suspense: { interestPaise: 12_345, penalPaise: 6_000 },
    });
    expect(detail.classHistory).toEqual([
      {
        businessDate: '2025-01-29',
        fromClass: 'STANDARD',
        toClass: 'SMA-0',
        daysPastDue: 1,
        reason: 'daysPastDue',
        causeOrderNo: null,
        at: '2025-01-29T18:31:00.000Z',
      },
      expect.objectContaining({ fromClass: 'SMA-0', toClass: 'SMA-1', daysPastDue: 31 }),
      expect.objectContaining({ fromClass: 'SMA-1', toClass: 'SMA-2', daysPastDue: 61 }),
      {
        businessDate: '2025-04-10',
        fromClass: 'SMA-2',
        toClass: 'NPA',
        daysPastDue: 72,
        reason: 'borrowerNpa',
        causeOrderNo: cause.orderNo,
        at: '2025-04-10T18:31:00.000Z',
      },
    ]);

    // The other order, never past due: no class date, no days, nothing in suspense, its own row.
    const fresh = (
      await callEndpoint(t.app, loanBookApi.orderDetail, { orderId: cause.id }, admin)
    ).json().ret;
    expect(fresh).toMatchObject({
      classifiedDate: null,
      rbiDaysPastDue: 0,
      rescheduled: false,
      suspense: { interestPaise: 0, penalPaise: 0 },
    });
    expect(fresh.classHistory).toEqual([
      expect.objectContaining({ fromClass: null, toClass: 'SMA-0', causeOrderNo: null }),
    ]);
  });

  it('answers 404 for an unknown number and 400 without a key', async () => {
    const missing = await callEndpoint(
      t.app,
      loanBookApi.orderDetail,
      { orderNo: 'LN00000000999999' },
      admin,
    );
    expect(missing.statusCode).toBe(404);
    expect((await callEndpoint(t.app, loanBookApi.orderDetail, {}, admin)).statusCode).toBe(400);
    expect(
      (await callEndpoint(t.app, loanBookApi.orderDetail, { orderId: 1, orderNo: 'LN1' }, admin))
        .statusCode,
    ).toBe(400);
  });
});
