import { recoveryApi } from '@lending/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loanOrders } from '../../testing/tables.js';
import { indiaDateOf } from '../../shared/india-date.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { callEndpoint, createStaff, loginAs } from '../../testing/factories.js';
import { runDayEnd } from '../day-end/index.js';
import { postRepayment, type LoanBookDeps } from '../loan-book/index.js';
import { loanBookDeps, makeActiveOrder, makeProduct } from '../../testing/loan-book.factories.js';
import { recoveryCases } from './recovery.table.js';
import { ratePpm } from './recovery.figures.js';

/*
 * performance2, the stage flow (decision 0044), on a constructed case history of three
 * identical overdue orders: A is promised and repaid in S1; B pays part in S1, is called,
 * and rolls into S2; C is never reached and rolls into S2.
 */

const DAY = 86_400_000;
let t: TestApp;
let deps: LoanBookDeps;
let admin: string;
let orders: { id: number; orderNo: string }[];
/** What each order owed when it entered S1, and B and C when they entered S2. */
let owedS1: bigint;
let owedS2: bigint;
let monthS1: string;
let monthS2: string;

async function owedNow(orderId: number): Promise<bigint> {
  const [o] = await t.db.select().from(loanOrders).where(eq(loanOrders.id, orderId));
  return (
    o!.outstandingPrincipalPaise +
    o!.outstandingInterestPaise +
    o!.outstandingFeePaise +
    o!.outstandingGstPaise +
    o!.outstandingPenalPaise
  );
}

async function caseOf(orderId: number) {
  const [c] = await t.db
    .select()
    .from(recoveryCases)
    .where(and(eq(recoveryCases.orderId, orderId), eq(recoveryCases.kind, 'collection')));
  return c;
}

async function dayEnd() {
  await runDayEnd({ db: t.db, clock: t.clock, holder: 'test' });
}

beforeAll(async () => {
  t = await buildTestApp({ demoData: false });
  deps = loanBookDeps(t.db, t.clock);
  const product = await makeProduct(deps);
  orders = [];
  for (let i = 0; i < 3; i += 1) orders.push(await makeActiveOrder(deps, product.id));
  // Day by day (10:00 India time) until the 14-day loans are overdue: stage S1.
  await dayEnd();
  while (!(await caseOf(orders[0]!.id))) {
    t.clock.advance(DAY);
    await dayEnd();
  }
  monthS1 = indiaDateOf(t.clock.now()).slice(0, 7);
  owedS1 = await owedNow(orders[0]!.id);
  for (const o of orders) expect(await owedNow(o.id)).toBe(owedS1);
  admin = await loginAs(t.app);
  const [a, b] = orders;
  const promise = await callEndpoint(
    t.app,
    recoveryApi.logFollowUp,
    {
      caseId: (await caseOf(a!.id))!.id,
      channel: 'call',
      result: 'promise',
      promiseDate: indiaDateOf(t.clock.now()),
      promisePaise: Number(owedS1),
      remarks: 'pays today',
    },
    admin,
  );
  expect(promise.statusCode).toBe(200);
  const call = await callEndpoint(
    t.app,
    recoveryApi.logFollowUp,
    { caseId: (await caseOf(b!.id))!.id, channel: 'call', result: 'connected', remarks: 'part' },
    admin,
  );
  expect(call.statusCode).toBe(200);
  await postRepayment(
    deps,
    { orderId: a!.id, idempotencyKey: 'flow-a', channel: 'upi', amountPaise: owedS1 },
    null,
  );
  await postRepayment(
    deps,
    { orderId: b!.id, idempotencyKey: 'flow-b', channel: 'upi', amountPaise: 10_000n },
    null,
  );
  // Day by day until eight days overdue: B and C roll into S2.
  while ((await caseOf(orders[1]!.id))!.stage === 'S1') {
    t.clock.advance(DAY);
    await dayEnd();
  }
  expect((await caseOf(orders[2]!.id))!.stage).toBe('S2');
  monthS2 = indiaDateOf(t.clock.now()).slice(0, 7);
  owedS2 = (await owedNow(orders[1]!.id)) + (await owedNow(orders[2]!.id));
  admin = await loginAs(t.app);
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('performance2: the stage flow by month', () => {
  it('counts each stage stay by its month of entry, with exact roll, repaid, amount, contact and promise figures', async () => {
    const response = await callEndpoint(
      t.app,
      recoveryApi.stageFlow,
      { monthFrom: monthS1, monthTo: monthS2 },
      admin,
    );
    expect(response.statusCode).toBe(200);
    const ret = response.json().ret;
    expect(ret.stages).toEqual(['S1', 'S2', 'S3', 'S4', 'S5']);
    const row = (month: string, stage: string) =>
      ret.list.find(
        (r: { month: string; stage: string }) => r.month === month && r.stage === stage,
      );
    expect(ret.list).toHaveLength(2);
    expect(row(monthS1, 'S1')).toEqual({
      key: `${monthS1}:S1`,
      month: monthS1,
      stage: 'S1',
      nextStage: 'S2',
      entered: 3,
      rolled: 2,
      rollRatePpm: 666_667,
      repaid: 1,
      repaidRatePpm: 333_333,
      stillOpen: 0,
      owedPaise: Number(3n * owedS1),
      recoveredPaise: Number(owedS1 + 10_000n),
      amountRatePpm: ratePpm(owedS1 + 10_000n, 3n * owedS1),
      contacted: 2,
      contactRatePpm: 666_667,
      promises: 1,
      promisesKept: 1,
      promiseKeptPpm: 1_000_000,
    });
    // Not a truncated 0 % nor 100 %: a third of the money owed and a little more.
    expect(row(monthS1, 'S1')!.amountRatePpm).toBeGreaterThan(333_333);
    expect(row(monthS1, 'S1')!.amountRatePpm).toBeLessThan(350_000);
    expect(row(monthS2, 'S2')).toMatchObject({
      nextStage: 'S3',
      entered: 2,
      rolled: 0,
      rollRatePpm: 0,
      repaid: 0,
      stillOpen: 2,
      owedPaise: Number(owedS2),
      recoveredPaise: 0,
      amountRatePpm: 0,
      contacted: 0,
      contactRatePpm: 0,
      promises: 0,
      promiseKeptPpm: null,
    });
  });

  it('leaves out months outside the range and defaults to the six months to this one', async () => {
    const before = await callEndpoint(
      t.app,
      recoveryApi.stageFlow,
      { monthFrom: '2024-01', monthTo: '2024-12' },
      admin,
    );
    expect(before.json().ret.list).toEqual([]);
    const byDefault = await callEndpoint(t.app, recoveryApi.stageFlow, {}, admin);
    expect(byDefault.json().ret).toMatchObject({ monthTo: monthS2 });
    expect(byDefault.json().ret.list).toHaveLength(2);
  });

  it('400 for a bad month or a range backwards; 403 without the grant', async () => {
    const bad = await callEndpoint(t.app, recoveryApi.stageFlow, { monthFrom: '2025-13' }, admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors!.map((e: { field: string }) => e.field)).toEqual(['monthFrom']);
    const backwards = await callEndpoint(
      t.app,
      recoveryApi.stageFlow,
      { monthFrom: '2025-03', monthTo: '2025-02' },
      admin,
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors!.map((e: { field: string }) => e.field)).toEqual(['monthTo']);
    const other = await loginAs(
      t.app,
      await createStaff(t.db, t.clock, { interfaces: ['recovery.performance'] }),
    );
    expect((await callEndpoint(t.app, recoveryApi.stageFlow, {}, other)).statusCode).toBe(403);
  });
});
