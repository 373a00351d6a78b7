import {
  type EndpointRet,
  approvalApi,
  loanBookApi,
  opsConfigApi,
  telemarketingApi,
} from '@lending/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indiaDateOf } from '../../shared/india-date.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import type { EndpointReply } from '../../testing/call-endpoint.js';
import { callEndpoint, loginAs } from '../../testing/factories.js';
import { runMachineReview, type LoanBookDeps } from '../loan-book/index.js';
import { publishRuleSet } from '../risk/index.js';
import { loanBookDeps, makeApplication, makeProduct } from '../../testing/loan-book.factories.js';

/**
 * The call list's third source (decision 0075): borrowers whose last order was rejected, once
 * their wait to apply again is over: the longest of the system setting reapply_after_days,
 * riskConfig's days and the rejection code's days, in India days from the rejection's day.
 */
let t: TestApp;
let deps: LoanBookDeps;
let admin: string;

const ok = <E>(response: EndpointReply<E>): EndpointRet<E> => {
  expect(response.statusCode, response.body).toBe(200);
  return response.json().ret;
};

/** Moves the clock to 10:30 India time of `day` and signs in again. */
async function moveTo(day: string) {
  t.clock.advance(Date.parse(`${day}T10:30:00.000+05:30`) - t.clock.now().getTime());
  admin = await loginAs(t.app);
}

/** Refreshes the call list, then answers its rejectReapply rows: masked phone, since date. */
async function mayReapplyLeads() {
  ok(await callEndpoint(t.app, telemarketingApi.refreshLeads, {}, admin));
  const listed = ok(
    await callEndpoint(
      t.app,
      telemarketingApi.listLeads,
      { pageSize: 100, filters: { source: 'rejectReapply' } },
      admin,
    ),
  );
  return listed.list.map((row) => ({
    phone: row.phone,
    sinceDate: row.sinceDate,
  }));
}

beforeAll(async () => {
  t = await buildTestApp({ demoData: false });
  deps = loanBookDeps(t.db, t.clock);
  admin = await loginAs(t.app);
  await publishRuleSet(
    t.db,
    {
      baseScore: 100,
      rejectBelow: 40,
      passAbove: 80,
      rules: [
        {
          ruleCode: 'R002',
          ruleName: 'Under 21',
          className: 'identity',
          fieldName: 'age',
          expression: '<',
          comparisonValue: '21',
          score: 0,
          level: 'hard',
        },
      ],
    },
    t.clock.now(),
  );
}, 60_000);
afterAll(() => t.close());

describe('the call list: rejected, may apply again', () => {
  it('lists a rejected borrower from the day their longest wait ends, once', async () => {
    const start = indiaDateOf(t.clock.now());
    const day = (n: number) =>
      new Date(Date.parse(`${start}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
    await moveTo(day(0));
    ok(
      await callEndpoint(
        t.app,
        opsConfigApi.saveSetting,
        { item: 'reapply_after_days', value: '2', type: 'string', remarks: 'Two days' },
        admin,
      ),
    );
    const code = ok(
      await callEndpoint(
        t.app,
        approvalApi.saveRejectionCode,
        {
          code: 'DOCS_UNCLEAR',
          textEn: 'Documents unclear',
          textZh: '材料不清晰',
          stage: 'any',
          reapplyAfterDays: 5,
          blacklist: false,
          borrowerMessage: 'You may apply again in 5 days.',
          enabled: true,
        },
        admin,
      ),
    );
    const productId = (await makeProduct(deps)).id;
    // A: refused by machine review (no code): the setting's two days.
    const a = await makeApplication(deps, productId, 400_000n, { age: 19 });
    await runMachineReview(deps, a.id);
    // B: rejected at first review with a code asking for five days.
    const b = await makeApplication(deps, productId, 400_000n, { age: 30 });
    await runMachineReview(deps, b.id);
    ok(
      await callEndpoint(
        t.app,
        loanBookApi.firstReviewOrder,
        {
          orderId: b.id,
          decision: 'reject',
          reason: 'statement unreadable',
          rejectionCodeId: code.id,
        },
        admin,
      ),
    );

    await moveTo(day(1));
    expect(await mayReapplyLeads()).toEqual([]);
    await moveTo(day(2));
    const afterTwo = await mayReapplyLeads();
    expect(afterTwo).toEqual([{ phone: expect.stringMatching(/^\*+\d{4}$/), sinceDate: day(2) }]);
    await moveTo(day(4));
    expect(await mayReapplyLeads()).toHaveLength(1);
    await moveTo(day(5));
    const afterFive = await mayReapplyLeads();
    expect(afterFive.map((row) => row.sinceDate).sort()).toEqual([day(2), day(5)]);
    // A later refresh adds no one twice.
    expect(await mayReapplyLeads()).toHaveLength(2);
  });
});
