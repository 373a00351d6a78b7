import { loanBookApi, reportApi } from '@lending/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indiaDateOf } from '../../shared/india-date.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { callEndpoint, loginAs } from '../../testing/factories.js';
import { runMachineReview, type LoanBookDeps } from '../loan-book/index.js';
import { riskDecisions } from '../risk/risk.table.js';
import {
  loanBookDeps,
  makeApplication,
  makeProduct,
  publishBureauAndAgeRules,
} from '../../testing/loan-book.factories.js';

/**
 * The daily order analysis counts machine review's three outcomes apart (decision 0074): pass,
 * refer (a grey case passed on to first review) and reject. Rules: R001 bureau < 650 (soft, 30
 * points: 100 → 70, between reject-below 40 and pass-above 80, so refer); R002 age < 21 (hard).
 */
let t: TestApp;
let deps: LoanBookDeps;

beforeAll(async () => {
  t = await buildTestApp({ demoData: false });
  deps = loanBookDeps(t.db, t.clock);
  await publishBureauAndAgeRules(deps);
}, 60_000);
afterAll(() => t.close());

describe('dailyOrderAnalysis: machine review', () => {
  it('counts pass, refer and reject apart, and they add up to the applications reviewed', async () => {
    const productId = (await makeProduct(deps)).id;
    const outcomes: string[] = [];
    const orderIds: number[] = [];
    for (const features of [
      { bureauScore: 800, age: 30 },
      { bureauScore: 810, age: 35 },
      { bureauScore: 600, age: 30 },
      { bureauScore: 800, age: 19 },
    ]) {
      const order = await makeApplication(deps, productId, 400_000n, features);
      await runMachineReview(deps, order.id);
      orderIds.push(order.id);
      const [decision] = await t.db
        .select({ decision: riskDecisions.decision })
        .from(riskDecisions)
        .where(eq(riskDecisions.orderId, order.id));
      outcomes.push(decision!.decision);
    }
    expect(outcomes).toEqual(['pass', 'pass', 'refer', 'reject']);

    const today = indiaDateOf(t.clock.now());
    const admin = await loginAs(t.app);
    const report = await callEndpoint(
      t.app,
      reportApi.dailyOrderAnalysis,
      { filters: { dateFrom: today, dateTo: today } },
      admin,
    );
    expect(report.statusCode).toBe(200);
    const figures = { applications: 4, machinePass: 2, machineRefer: 1, machineReject: 1 };
    expect(report.json().ret.totals).toMatchObject(figures);
    expect(report.json().ret.list).toMatchObject([{ date: today, ...figures }]);
    // Each order's detail says what machine review decided, refer included.
    const results = [];
    for (const orderId of orderIds) {
      results.push(
        (await callEndpoint(t.app, loanBookApi.orderDetail, { orderId }, admin)).json().ret
          .machineResult,
      );
    }
    expect(results).toEqual(['pass', 'pass', 'refer', 'reject']);
  });
});
