import { remarketingApi } from '@lending/contract';
import { and, eq } from 'drizzle-orm';
import { clearingAmountOn, WORKED_EXAMPLE_TERMS } from '@lending/lending';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  borrowerAccounts,
  customers,
  loanOrders,
  recoveryCases,
  staffUsers,
} from '../../testing/tables.js';
import { indiaDateOf } from '../../shared/india-date.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { badBody, callEndpoint, createStaff, loginAs } from '../../testing/factories.js';
import { runDayEnd } from '../day-end/index.js';
import { balancesOf, findOrder, postRepayment, submitApplication } from '../loan-book/index.js';
import { loanBookDeps, makeActiveOrder, makeProduct } from '../../testing/loan-book.factories.js';

const DAY = 86_400_000;
let t: TestApp;
let reader: string;
let noGrant: string;
let cleared: { customerId: number; orderNo: string; phone: string };
/** What the cleared customer repaid: only their own repayments count, not b's. */
let clearedRepaidPaise = 0n;
let reapplied: { customerId: number };
let overdue: { orderNo: string };

async function phoneOf(customerId: number) {
  const [row] = await t.db.select().from(customers).where(eq(customers.id, customerId));
  return row!.phone;
}

beforeAll(async () => {
  t = await buildTestApp({ demoData: false });
  const deps = loanBookDeps(t.db, t.clock);
  const product = await makeProduct(deps);
  const a = await makeActiveOrder(deps, product.id);
  const b = await makeActiveOrder(deps, product.id);
  const c = await makeActiveOrder(deps, product.id);
  t.clock.advance(3 * DAY);
  // a and b clear on time; b's customer applies again; c runs overdue.
  for (const order of [a, b]) {
    const row = (await findOrder(t.db, order.id))!;
    const due = clearingAmountOn(
      balancesOf(row)!,
      WORKED_EXAMPLE_TERMS,
      indiaDateOf(t.clock.now()),
    );
    await postRepayment(
      deps,
      {
        orderId: order.id,
        idempotencyKey: `clear-${order.id}`,
        channel: 'upi',
        amountPaise: due.total,
      },
      null,
    );
    if (order === a) clearedRepaidPaise = due.total;
  }
  const bRow = (await findOrder(t.db, b.id))!;
  await submitApplication(
    deps,
    {
      customerId: bRow.customerId,
      productId: product.id,
      principalPaise: 300_000n,
      acceptance: { acceptedAt: t.clock.now(), channel: 'app', otpReference: 'otp-again' },
      applicantFeatures: {},
    },
    null,
  );
  t.clock.advance(17 * DAY);
  await runDayEnd({ db: t.db, clock: t.clock, holder: 'test' });
  const aRow = (await findOrder(t.db, a.id))!;
  cleared = {
    customerId: aRow.customerId,
    orderNo: a.orderNo,
    phone: await phoneOf(aRow.customerId),
  };
  reapplied = { customerId: bRow.customerId };
  overdue = { orderNo: c.orderNo };
  // Two app accounts that never applied: one registered only, one with a verified bank account.
  const now = t.clock.now();
  await t.db.insert(borrowerAccounts).values([
    {
      phone: '9811100001',
      registrationDate: indiaDateOf(now),
      registeredAt: now,
      channel: 'google',
      updatedAt: now,
    },
    {
      phone: '9811100002',
      registrationDate: indiaDateOf(new Date(now.getTime() - 5 * DAY)),
      registeredAt: now,
      channel: 'facebook',
      name: 'Ravi Kumar',
      bankVerification: 'verified',
      updatedAt: now,
    },
  ]);
  reader = await loginAs(
    t.app,
    await createStaff(t.db, t.clock, {
      interfaces: ['order.clear_not_loan', 'order.reg_not_loan', 'order.collection_list'],
    }),
  );
  noGrant = await loginAs(t.app, await createStaff(t.db, t.clock, { interfaces: ['order.list'] }));
}, 90_000);
afterAll(() => t.close());

describe('POST /order/clear_not_loan', () => {
  it('lists customers whose last loan cleared and who did not apply since, masked, with their record', async () => {
    const response = await callEndpoint(t.app, remarketingApi.listClearNotLoan, {}, reader);
    expect(response.statusCode).toBe(200);
    const { list, total } = response.json().ret;
    expect(total).toBe(1);
    expect(list[0]).toMatchObject({
      id: cleared.customerId,
      lastOrderNo: cleared.orderNo,
      customerName: 'A*** V****',
      phone: `******${cleared.phone.slice(-4)}`,
      daysSinceCleared: 17,
      loansTaken: 1,
      lastAmountPaise: 450_000,
      clearedOnTime: 1,
      clearedLate: 0,
    });
    expect(list[0]!.totalRepaidPaise).toBe(Number(clearedRepaidPaise));
    expect(clearedRepaidPaise).toBeGreaterThan(450_000n);
    expect(list.map((row: { id: number }) => row.id)).not.toContain(reapplied.customerId);
  });

  it('filters by phone exactly and by the clearing date; refuses a sort it does not offer and a backwards range', async () => {
    const byPhone = await callEndpoint(
      t.app,
      remarketingApi.listClearNotLoan,
      { filters: { phone: cleared.phone } },
      reader,
    );
    expect(byPhone.json().ret.total).toBe(1);
    const other = await callEndpoint(
      t.app,
      remarketingApi.listClearNotLoan,
      { filters: { phone: '9000000000' } },
      reader,
    );
    expect(other.json().ret.total).toBe(0);
    const repeatOnly = await callEndpoint(
      t.app,
      remarketingApi.listClearNotLoan,
      { filters: { minLoans: 2 } },
      reader,
    );
    expect(repeatOnly.json().ret.total).toBe(0);
    const badSort = await callEndpoint(
      t.app,
      remarketingApi.listClearNotLoan,
      { sort: { field: 'phone', order: 'asc' } },
      reader,
    );
    expect(badSort.statusCode).toBe(400);
    const backwards = await callEndpoint(
      t.app,
      remarketingApi.listClearNotLoan,
      { filters: { clearedFrom: '2025-02-01', clearedTo: '2025-01-01' } },
      reader,
    );
    expect(backwards.statusCode).toBe(400);
  });

  it('403 without the grant', async () => {
    expect(
      (await callEndpoint(t.app, remarketingApi.listClearNotLoan, {}, noGrant)).statusCode,
    ).toBe(403);
  });
});

describe('POST /order/reg_not_loan', () => {
  it('lists app accounts that never applied, with KYC progress, masked; filters by KYC and channel', async () => {
    const response = await callEndpoint(t.app, remarketingApi.listRegNotLoan, {}, reader);
    expect(response.statusCode).toBe(200);
    const { list, total } = response.json().ret;
    expect(total).toBe(2);
    expect(list[0]).toMatchObject({
      phone: '******0001',
      kyc: 'registered',
      channel: 'google',
      customerName: null,
      daysSinceRegistration: 0,
    });
    expect(list[1]).toMatchObject({
      phone: '******0002',
      kyc: 'bankVerified',
      customerName: 'R*** K****',
      daysSinceRegistration: 5,
    });
    const verified = await callEndpoint(
      t.app,
      remarketingApi.listRegNotLoan,
      { filters: { kyc: 'bankVerified' } },
      reader,
    );
    expect(verified.json().ret.list.map((r: { phone: string }) => r.phone)).toEqual(['******0002']);
    const google = await callEndpoint(
      t.app,
      remarketingApi.listRegNotLoan,
      { filters: { channel: 'google' } },
      reader,
    );
    expect(google.json().ret.total).toBe(1);
    const bad = await callEndpoint(
      t.app,
      remarketingApi.listRegNotLoan,
      badBody({ filters: { kyc: 'done' } }),
      reader,
    );
    expect(bad.statusCode).toBe(400);
    expect((await callEndpoint(t.app, remarketingApi.listRegNotLoan, {}, noGrant)).statusCode).toBe(
      403,
    );
  });
});

describe('POST /order/collection_list', () => {
  it('lists the orders overdue now with overdue days and band; filters by band', async () => {
    const response = await callEndpoint(t.app, remarketingApi.listCollectionOrders, {}, reader);
    expect(response.statusCode).toBe(200);
    const { list, total } = response.json().ret;
    expect(total).toBe(1);
    expect(list[0]).toMatchObject({
      orderNo: overdue.orderNo,
      status: 'OVERDUE',

      customerName: 'A*** V****',
    });
    const days = list[0]!.overdueDays as number;
    expect(days).toBeGreaterThanOrEqual(1);
    const band = days >= 8 ? '8+' : '1-7';
    expect(list[0]!.band).toBe(band);
    expect(list[0]!.outstandingPaise).toBeGreaterThan(450_000);
    // The day-end opened its collection case; no collector holds it yet (no groups here).
    expect(list[0]).toMatchObject({ collectorName: null, lastContactAt: null });
    const [collector] = await t.db
      .select({ id: staffUsers.id, name: staffUsers.name })
      .from(staffUsers)
      .limit(1);
    const contactAt = t.clock.now();
    const held = await t.db
      .update(recoveryCases)
      .set({ collectorId: collector!.id, lastContactAt: contactAt })
      .where(and(eq(recoveryCases.kind, 'collection'), eq(recoveryCases.status, 'open')))
      .returning({ id: recoveryCases.id });
    expect(held).toHaveLength(1);
    const withCollector = await callEndpoint(
      t.app,
      remarketingApi.listCollectionOrders,
      {},
      reader,
    );
    expect(withCollector.json().ret.list[0]).toMatchObject({
      collectorName: collector!.name,
      lastContactAt: contactAt.toISOString(),
    });
    const same = await callEndpoint(
      t.app,
      remarketingApi.listCollectionOrders,
      { filters: { band } },
      reader,
    );
    expect(same.json().ret.total).toBe(1);
    const otherBand = band === '8+' ? '1-7' : '8+';
    const other = await callEndpoint(
      t.app,
      remarketingApi.listCollectionOrders,
      { filters: { band: otherBand } },
      reader,
    );
    expect(other.json().ret.total).toBe(0);
    const badSort = await callEndpoint(
      t.app,
      remarketingApi.listCollectionOrders,
      { sort: { field: 'phone', order: 'asc' } },
      reader,
    );
    expect(badSort.statusCode).toBe(400);
    expect(
      (await callEndpoint(t.app, remarketingApi.listCollectionOrders, {}, noGrant)).statusCode,
    ).toBe(403);
  });

  it('filters by asset class and rescheduled, shows both, and names a class that is not one', async () => {
    await t.db
      .update(loanOrders)
      .set({ rbiClass: 'SMA-1', rescheduled: true })
      .where(eq(loanOrders.orderNo, overdue.orderNo));
    const nos = async (filters: Record<string, unknown>) => {
      const response = await callEndpoint(
        t.app,
        remarketingApi.listCollectionOrders,
        { filters },
        reader,
      );
      expect(response.statusCode).toBe(200);
      return (response.json().ret.list as { orderNo: string }[]).map((row) => row.orderNo);
    };
    expect(await nos({ rbiClass: 'SMA-1' })).toEqual([overdue.orderNo]);
    expect(await nos({ rbiClass: 'NPA' })).toEqual([]);
    expect(await nos({ rescheduled: true })).toEqual([overdue.orderNo]);
    expect(await nos({ rescheduled: false })).toEqual([]);
    const all = await callEndpoint(t.app, remarketingApi.listCollectionOrders, {}, reader);
    expect(all.json().ret.list[0]).toMatchObject({ rbiClass: 'SMA-1', rescheduled: true });
    const bad = await callEndpoint(
      t.app,
      remarketingApi.listCollectionOrders,
      badBody({ filters: { rbiClass: 'DOUBTFUL' } }),
      reader,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 4000, errors: [{ field: 'filters.rbiClass' }] });
  });
});
