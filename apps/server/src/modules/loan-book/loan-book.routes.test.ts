import type { EndpointBody } from '@lending/contract';
import { grantableInterfaceIds, loanBookApi, opsConfigApi } from '@lending/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { badBody, callEndpoint, createStaff, loginAs } from '../../testing/factories.js';
import { runMachineReview, type LoanBookDeps } from './index.js';
import {
  loanBookDeps,
  makeActiveOrder,
  makeApplication,
  makeApprovedOrder,
  makeProduct,
} from '../../testing/loan-book.factories.js';

let t: TestApp;
let deps: LoanBookDeps;
let admin: string;
let checker: string;
let noGrant: string;
let productId: number;

beforeAll(async () => {
  t = await buildTestApp({ demoData: false });
  deps = loanBookDeps(t.db, t.clock);
  admin = await loginAs(t.app);
  checker = await loginAs(
    t.app,
    await createStaff(t.db, t.clock, { interfaces: [...grantableInterfaceIds] }),
  );
  noGrant = await loginAs(
    t.app,
    await createStaff(t.db, t.clock, { interfaces: ['loanConfig.list'] }),
  );
  productId = (await makeProduct(deps)).id;
});
afterAll(() => t.close());

const config = {
  kind: 'reloan',
  name: 'Re-loan 14 days',
  tenorDays: 14,
  minPrincipalPaise: 100_000,
  maxPrincipalPaise: 5_000_000,
  processingFeePpm: 70_000,
  interestPerDayPpm: 1_000,
  penalPerDayPaise: 2_000,
  penalCapPpm: 100_000,
  rolloverFeePpm: 50_000,
  rolloverDays: 7,
  maxRollovers: 3,
  allowOverdueRollover: true,
} satisfies EndpointBody<typeof loanBookApi.saveLoanConfig>;

describe('loan configuration', () => {
  it('saves a product, versions it on the next save, lists and sets its status', async () => {
    const saved = await callEndpoint(t.app, loanBookApi.saveLoanConfig, config, admin);
    expect(saved.statusCode).toBe(200);
    const product = saved.json().ret;
    expect(product).toMatchObject({
      kind: 'reloan',
      version: 1,
      status: 'available',
      gstPpm: 180_000,
      penalPerDayPaise: 2_000,
    });
    const again = await callEndpoint(
      t.app,
      loanBookApi.saveLoanConfig,
      { ...config, id: product.id, tenorDays: 21 },
      admin,
    );
    expect(again.json().ret).toMatchObject({ version: 2, tenorDays: 21 });
    const list = await callEndpoint(
      t.app,
      loanBookApi.listLoanConfig,
      { filters: { kind: 'reloan' } },
      admin,
    );
    expect(list.json().ret.list.map((p: { id: number }) => p.id)).toContain(product.id);
    const off = await callEndpoint(
      t.app,
      loanBookApi.setLoanConfigStatus,
      { id: product.id, status: 'unavailable' },
      admin,
    );
    expect(off.json().ret.status).toBe('unavailable');
  });

  it('a new version keeps the status unless one is sent, and is refused over a newer version', async () => {
    const product = (await callEndpoint(t.app, loanBookApi.saveLoanConfig, config, admin)).json()
      .ret;
    await callEndpoint(
      t.app,
      loanBookApi.setLoanConfigStatus,
      { id: product.id, status: 'unavailable' },
      admin,
    );
    // An editor who read version 1 while it was still available saves without a status.
    const kept = await callEndpoint(
      t.app,
      loanBookApi.saveLoanConfig,
      { ...config, id: product.id, expectedVersion: 1, tenorDays: 21 },
      admin,
    );
    expect(kept.json().ret).toMatchObject({ version: 2, status: 'unavailable', tenorDays: 21 });
    // A second editor of version 1 is told, and version 2 stays as saved.
    const stale = await callEndpoint(
      t.app,
      loanBookApi.saveLoanConfig,
      { ...config, id: product.id, expectedVersion: 1, tenorDays: 30 },
      admin,
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 4090 });
    expect(stale.json().msg).toContain('version 2, not 1');
    const list = await callEndpoint(
      t.app,
      loanBookApi.listLoanConfig,
      { filters: { kind: 'reloan' } },
      admin,
    );
    const current = list.json().ret.list.find((p: { id: number }) => p.id === product.id);
    expect(current).toMatchObject({ version: 2, tenorDays: 21, status: 'unavailable' });
    // Sending a status sets it; a missing product is 404, not a conflict.
    const on = await callEndpoint(
      t.app,
      loanBookApi.saveLoanConfig,
      { ...config, id: product.id, expectedVersion: 2, status: 'available' },
      admin,
    );
    expect(on.json().ret).toMatchObject({ version: 3, status: 'available' });
    const missing = await callEndpoint(
      t.app,
      loanBookApi.saveLoanConfig,
      { ...config, id: 999_999, expectedVersion: 1 },
      admin,
    );
    expect(missing.statusCode).toBe(404);
    const versionOfNothing = await callEndpoint(
      t.app,
      loanBookApi.saveLoanConfig,
      { ...config, expectedVersion: 1 },
      admin,
    );
    expect(versionOfNothing.json()).toMatchObject({
      code: 4000,
      errors: [{ field: 'expectedVersion', message: 'only with id (a new version of a product)' }],
    });
  });

  it('lists in the order asked for, by a field it sorts by', async () => {
    for (const tenorDays of [7, 30, 14]) {
      await callEndpoint(
        t.app,
        loanBookApi.saveLoanConfig,
        { ...config, name: `Sorted ${tenorDays}`, tenorDays },
        admin,
      );
    }
    const sorted = await callEndpoint(
      t.app,
      loanBookApi.listLoanConfig,
      { pageSize: 100, sort: { field: 'tenorDays', order: 'desc' } },
      admin,
    );
    const tenors = (sorted.json().ret.list as { tenorDays: number }[]).map((p) => p.tenorDays);
    expect(tenors).toEqual([...tenors].sort((a, b) => b - a));
    expect(tenors).toEqual(expect.arrayContaining([7, 14, 30]));
    const refused = await callEndpoint(
      t.app,
      loanBookApi.listLoanConfig,
      { sort: { field: 'status', order: 'asc' } },
      admin,
    );
    expect(refused.json().errors).toEqual([
      {
        field: 'sort.field',
        message:
          'must be one of id, name, tenorDays, minPrincipalPaise, maxPrincipalPaise, updatedAt',
      },
    ]);
  });

  it('answers 400 naming the field', async () => {
    const inverted = await callEndpoint(
      t.app,
      loanBookApi.saveLoanConfig,
      { ...config, maxPrincipalPaise: 50_000 },
      admin,
    );
    expect(inverted.statusCode).toBe(400);
    expect(inverted.json().errors).toContainEqual({
      field: 'maxPrincipalPaise',
      message: 'must be at least minPrincipalPaise',
    });
    const both = await callEndpoint(
      t.app,
      loanBookApi.saveLoanConfig,
      { ...config, penalPerDayPpm: 1_000 },
      admin,
    );
    expect(both.json()).toMatchObject({ code: 4000 });
    expect(both.json().errors![0]!.field).toBe('penalPerDayPaise');
    const fraction = await callEndpoint(
      t.app,
      loanBookApi.saveLoanConfig,
      { ...config, minPrincipalPaise: 1000.5 },
      admin,
    );
    expect(fraction.json().errors![0]!.field).toBe('minPrincipalPaise');
    const unknown = await callEndpoint(
      t.app,
      loanBookApi.saveLoanConfig,
      badBody({ ...config, rate: 7 }),
      admin,
    );
    expect(unknown.json().errors![0]).toEqual({ field: 'rate', message: 'unknown field' });
  });

  it('answers 403 without the grant', async () => {
    const refused = await callEndpoint(t.app, loanBookApi.saveLoanConfig, config, noGrant);
    expect(refused.statusCode).toBe(403);
    expect((await callEndpoint(t.app, loanBookApi.listLoanConfig, {}, noGrant)).statusCode).toBe(
      200,
    );
  });
});

describe('order commands', () => {
  it('first and final review by two people; the same person is refused with 409', async () => {
    const order = await makeApplication(deps, productId);
    await runMachineReview(deps, order.id);
    const first = await callEndpoint(
      t.app,
      loanBookApi.firstReviewOrder,
      { orderId: order.id, decision: 'pass' },
      admin,
    );
    expect(first.json().ret).toMatchObject({ status: 'FINAL_REVIEW' });
    const same = await callEndpoint(
      t.app,
      loanBookApi.finalReviewOrder,
      { orderId: order.id, decision: 'pass' },
      admin,
      { language: 'ZH' },
    );
    expect(same.statusCode).toBe(409);
    expect(same.json()).toMatchObject({ code: 4093, msg: '终审人必须与初审人不同' });
    const final = await callEndpoint(
      t.app,
      loanBookApi.finalReviewOrder,
      { orderId: order.id, decision: 'pass' },
      checker,
    );
    expect(final.json().ret).toMatchObject({ status: 'PENDING_DISBURSEMENT' });
  });

  it('creates a payout idempotently; a refused transition answers 409 naming the status', async () => {
    const order = await makeApprovedOrder(deps, productId);
    const body = { orderId: order.id, idempotencyKey: `pay-route-${order.id}` };
    const created = await callEndpoint(t.app, loanBookApi.createPayout, body, admin);
    expect(created.json().ret).toMatchObject({ status: 'DISBURSING', amountPaise: 412_830 });
    expect((await callEndpoint(t.app, loanBookApi.createPayout, body, admin)).json().ret).toEqual(
      created.json().ret,
    );
    const cancel = await callEndpoint(
      t.app,
      loanBookApi.cancelOrder,
      { orderId: order.id, reason: 'late' },
      admin,
    );
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().code).toBe(4092);
    expect(cancel.json().msg).toContain('is DISBURSING');
    const missing = await callEndpoint(
      t.app,
      loanBookApi.createPayout,
      badBody({ orderId: order.id }),
      admin,
    );
    expect(missing.json().errors![0]).toEqual({ field: 'idempotencyKey', message: 'required' });
  });

  it('rejects and cancels', async () => {
    const a = await makeApplication(deps, productId);
    expect(
      (
        await callEndpoint(
          t.app,
          loanBookApi.rejectOrder,
          { orderId: a.id, reason: 'fraud' },
          admin,
        )
      ).json().ret.status,
    ).toBe('REJECTED');
    const b = await makeApplication(deps, productId);
    expect(
      (
        await callEndpoint(
          t.app,
          loanBookApi.cancelOrder,
          { orderId: b.id, reason: 'asked' },
          admin,
        )
      ).json().ret.status,
    ).toBe('CANCELLED');
    expect(
      (await callEndpoint(t.app, loanBookApi.rejectOrder, { orderId: 999_999, reason: 'x' }, admin))
        .statusCode,
    ).toBe(404);
  });

  it('posts, reverses and details repayments; rollover, waiver and write-off answer 409 or succeed by state', async () => {
    const order = await makeActiveOrder(deps, productId);
    const bad = await callEndpoint(
      t.app,
      loanBookApi.postRepayment,
      { orderId: order.id, idempotencyKey: 'rep-route-1', amountPaise: -5, channel: 'upi' },
      admin,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors![0]!.field).toBe('amountPaise');
    const paid = await callEndpoint(
      t.app,
      loanBookApi.postRepayment,
      {
        orderId: order.id,
        idempotencyKey: 'rep-route-1',
        amountPaise: 450_000,
        channel: 'upi',
        virtualAccountCode: 'VA77',
      },
      admin,
    );
    expect(paid.json().ret).toMatchObject({ status: 'CLEARED', closureType: 'ADVANCE_CLEAR' });
    const roll = await callEndpoint(
      t.app,
      loanBookApi.rolloverOrder,
      { orderId: order.id, idempotencyKey: 'roll-route-1', amountPaise: 100, channel: 'upi' },
      admin,
    );
    expect(roll.statusCode).toBe(409);
    const off = await callEndpoint(
      t.app,
      loanBookApi.writeOffOrder,
      { orderId: order.id, idempotencyKey: 'wo-route-1', reason: 'x' },
      admin,
    );
    expect(off.json().code).toBe(4092);
    const reversed = await callEndpoint(
      t.app,
      loanBookApi.reverseRepayment,
      {
        repaymentId: paid.json().ret.repaymentId!,
        idempotencyKey: 'rev-route-1',
        reason: 'bounced',
      },
      admin,
    );
    expect(reversed.json().ret).toMatchObject({ status: 'ACTIVE', closureType: null });
    // A part: more than is owed of it is a 400 naming the field; an unknown part too.
    const tooMuch = await callEndpoint(
      t.app,
      loanBookApi.waiveOrder,
      {
        orderId: order.id,
        idempotencyKey: 'waive-route-0',
        reason: 'goodwill',
        amounts: { feePaise: 1 },
      },
      admin,
    );
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().msg).toContain('amounts.feePaise');
    const unknownPart = await callEndpoint(
      t.app,
      loanBookApi.waiveOrder,
      badBody({
        orderId: order.id,
        idempotencyKey: 'waive-route-0',
        reason: 'goodwill',
        amounts: { tipPaise: 1 },
      }),
      admin,
    );
    expect(unknownPart.statusCode).toBe(400);
    // A settlement under the approval amount applies at once (above it a second person
    // approves: repay/waiver-approval.routes.test.ts).
    const raised = await callEndpoint(
      t.app,
      opsConfigApi.saveSetting,
      {
        item: 'waiver_approval_above_rupees',
        value: '5000',
        type: 'string',
        group: 'operations',
        remarks: 'test',
      },
      admin,
    );
    expect(raised.statusCode).toBe(200);
    const waived = await callEndpoint(
      t.app,
      loanBookApi.waiveOrder,
      { orderId: order.id, idempotencyKey: 'waive-route-1', reason: 'goodwill' },
      admin,
    );
    expect(waived.json().ret).toMatchObject({
      status: 'CLEARED',
      closureType: 'SETTLED_WITH_WAIVER',
      amountPaise: 450_000,
    });
    const detail = await callEndpoint(t.app, loanBookApi.orderDetail, { orderId: order.id }, admin);
    expect(detail.json().ret).toMatchObject({
      status: 'CLEARED',
      netDisbursedPaise: 412_830,
      aprPercent: '274.53',
    });
    expect(detail.json().ret.repayments[0]).toMatchObject({
      virtualAccountCode: 'VA77',
      reversed: true,
    });
    const check = await callEndpoint(t.app, loanBookApi.checkLedger, {}, admin);
    expect(check.json().ret).toMatchObject({
      ok: true,
      unbalancedJournals: [],
      mismatchedOrders: [],
    });
  });
});
