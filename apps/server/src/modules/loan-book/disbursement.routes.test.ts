import { randomBytes } from 'node:crypto';
import {
  loanFlowListRetSchema,
  loanRecordListRetSchema,
  type LoanFlowRow,
  waitLoanListRetSchema,
  disbursementApi,
  loanBookApi,
} from '@lending/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualScheduler } from '../../integrations/payouts/index.js';
import { indiaDateOf } from '../../shared/india-date.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { badBody, callEndpoint, createStaff, loginAs } from '../../testing/factories.js';
import { customers } from './customers.table.js';
import {
  createPayout,
  finalReview,
  firstReview,
  markPayoutUnknown,
  recordPayoutResult,
  runMachineReview,
  type LoanBookDeps,
} from './index.js';
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
let noGrant: string;
let productId: number;
let approverId: number;

const key = () => `test-${randomBytes(6).toString('hex')}`;

async function pay(orderId: number) {
  const payout = await createPayout(
    deps,
    { orderId, idempotencyKey: key(), channel: 'sandbox' },
    null,
  );
  return payout.payoutId!;
}

beforeAll(async () => {
  // The sandbox gateway does nothing by itself: outcomes here are the ones the tests record.
  t = await buildTestApp({ demoData: false, gateways: { scheduler: createManualScheduler() } });
  deps = loanBookDeps(t.db, t.clock);
  admin = await loginAs(t.app);
  approverId = (await createStaff(t.db, t.clock, { name: 'Final Approver' })).id;
  noGrant = await loginAs(
    t.app,
    await createStaff(t.db, t.clock, { interfaces: ['loanConfig.list'] }),
  );
  productId = (await makeProduct(deps)).id;
});
afterAll(() => t.close());

describe('POST /loan/wait_list', () => {
  it('lists approved orders waiting for their payout, masked, with who approved them', async () => {
    const waiting = await makeApplication(deps, productId);
    await runMachineReview(deps, waiting.id);
    await firstReview(deps, { orderId: waiting.id, decision: 'pass' }, 101);
    await finalReview(deps, { orderId: waiting.id, decision: 'pass' }, approverId);
    const active = await makeActiveOrder(deps, productId);

    const response = await callEndpoint(t.app, disbursementApi.waitLoanList, {}, admin);
    expect(response.statusCode).toBe(200);
    const { list } = waitLoanListRetSchema.parse(response.json().ret);
    const ids = list.map((row) => row.id);
    expect(ids).toContain(waiting.id);
    expect(ids).not.toContain(active.id);
    const row = list.find((r) => r.id === waiting.id)!;
    expect(row).toMatchObject({
      orderNo: waiting.orderNo,
      customerName: 'A*** V****',
      bankAccount: '*******8901',
      bankAccountVerified: true,
      principalPaise: 450_000,
      netDisbursedPaise: 412_830,
      feesPaise: 450_000 - 412_830,
      approvedById: approverId,
      approvedBy: 'Final Approver',
    });
    expect(row.phone).toMatch(/^\*{6}\d{4}$/);
    expect(typeof row.approvedAt).toBe('string');
    // Nothing personal leaves the server whole.
    const [customer] = await t.db
      .select()
      .from(customers)
      .where(eq(customers.id, waiting.customerId));
    expect(JSON.stringify(response.json())).not.toContain(customer!.phone);
    expect(JSON.stringify(response.json())).not.toContain(customer!.bankAccountNumber);
  });

  it('filters by exact phone, account verification and approval date', async () => {
    const order = await makeApprovedOrder(deps, productId);
    const [customer] = await t.db
      .select()
      .from(customers)
      .where(eq(customers.id, order.customerId));
    const byPhone = await callEndpoint(
      t.app,
      disbursementApi.waitLoanList,
      { filters: { phone: `+91${customer!.phone}` } },
      admin,
    );
    expect(byPhone.json().ret.list.map((r: { id: number }) => r.id)).toEqual([order.id]);
    // Part of a number is no match: phones are searched exactly, never by LIKE.
    const partial = await callEndpoint(
      t.app,
      disbursementApi.waitLoanList,
      { filters: { phone: customer!.phone.slice(0, 6) } },
      admin,
    );
    expect(partial.statusCode).toBe(400);

    await t.db
      .update(customers)
      .set({ bankAccountVerified: false })
      .where(eq(customers.id, order.customerId));
    const unverified = await callEndpoint(
      t.app,
      disbursementApi.waitLoanList,
      { filters: { bankAccount: 'unverified' } },
      admin,
    );
    expect(unverified.json().ret).toMatchObject({ total: 1, list: [{ id: order.id }] });

    const today = indiaDateOf(t.clock.now());
    const approvedToday = await callEndpoint(
      t.app,
      disbursementApi.waitLoanList,
      { filters: { approvedFrom: today, approvedTo: today }, sort: { field: 'id', order: 'desc' } },
      admin,
    );
    expect(approvedToday.json().ret.list[0]!.id).toBe(order.id);
    const backwards = await callEndpoint(
      t.app,
      disbursementApi.waitLoanList,
      { filters: { approvedFrom: today, approvedTo: '2020-01-01' } },
      admin,
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors![0]!.field).toBe('filters.approvedTo');
  });

  it('refuses a sort it does not offer (400) and a caller without the grant (403)', async () => {
    const sorted = await callEndpoint(
      t.app,
      disbursementApi.waitLoanList,
      { sort: { field: 'phone', order: 'asc' } },
      admin,
    );
    expect(sorted.statusCode).toBe(400);
    expect(sorted.json()).toMatchObject({ code: 4000, errors: [{ field: 'sort.field' }] });
    const unknownFilter = await callEndpoint(
      t.app,
      disbursementApi.waitLoanList,
      badBody({ filters: { name: 'x' } }),
      admin,
    );
    expect(unknownFilter.statusCode).toBe(400);
    expect((await callEndpoint(t.app, disbursementApi.waitLoanList, {}, noGrant)).statusCode).toBe(
      403,
    );
  });
});

describe('POST /loan/record_list', () => {
  it('shows each loan by its latest payout: lend success with UTR, lend fail with why, lending', async () => {
    const success = await makeActiveOrder(deps, productId);
    const failed = await makeApprovedOrder(deps, productId);
    await recordPayoutResult(deps, await pay(failed.id), {
      status: 'failed',
      errorMessage: 'Beneficiary bank rejected the credit',
    });
    const lending = await makeApprovedOrder(deps, productId);
    await pay(lending.id);

    const response = await callEndpoint(
      t.app,
      disbursementApi.loanRecordList,
      { pageSize: 100 },
      admin,
    );
    expect(response.statusCode).toBe(200);
    const { list } = loanRecordListRetSchema.parse(response.json().ret);
    const byOrder = new Map(list.map((row) => [row.orderId, row]));
    expect(byOrder.get(success.id)).toMatchObject({
      lendStatus: 'success',
      payoutStatus: 'processed',
      utr: `UTR${success.id}`,
      channel: 'sandbox',
      amountPaise: 412_830,
      principalPaise: 450_000,
      disbursedDate: indiaDateOf(t.clock.now()),
    });
    expect(byOrder.get(failed.id)).toMatchObject({
      lendStatus: 'fail',
      errorMessage: 'Beneficiary bank rejected the credit',
      disbursedDate: null,
    });
    expect(byOrder.get(lending.id)).toMatchObject({ lendStatus: 'lending', utr: null });

    // A retry replaces the failed attempt: one row per loan.
    await pay(failed.id);
    const again = await callEndpoint(
      t.app,
      disbursementApi.loanRecordList,
      { filters: { orderNo: failed.orderNo } },
      admin,
    );
    expect(again.json().ret).toMatchObject({
      total: 1,
      list: [{ lendStatus: 'lending', failCount: 1 }],
    });

    // Decision 0060: the whole number in any case finds it; a piece of it finds nothing.
    const byNumber = async (orderNo: string) =>
      (
        await callEndpoint(t.app, disbursementApi.loanRecordList, { filters: { orderNo } }, admin)
      ).json().ret.total;
    expect(await byNumber(` ${failed.orderNo.toLowerCase()} `)).toBe(1);
    expect(await byNumber(failed.orderNo.slice(-6))).toBe(0);
  });

  it('filters by lend status and disbursed date; refuses an unknown sort and a caller without the grant', async () => {
    const order = await makeActiveOrder(deps, productId);
    const today = indiaDateOf(t.clock.now());
    const successes = await callEndpoint(
      t.app,
      disbursementApi.loanRecordList,
      {
        filters: { lendStatus: 'success', disbursedFrom: today, disbursedTo: today },
        pageSize: 100,
      },
      admin,
    );
    const rows = successes.json().ret.list as { orderId: number; lendStatus: string }[];
    expect(rows.map((r) => r.orderId)).toContain(order.id);
    expect(rows.every((r) => r.lendStatus === 'success')).toBe(true);
    const fails = await callEndpoint(
      t.app,
      disbursementApi.loanRecordList,
      { filters: { lendStatus: 'fail' } },
      admin,
    );
    expect(
      (fails.json().ret.list as { lendStatus: string }[]).every((r) => r.lendStatus === 'fail'),
    ).toBe(true);
    const sorted = await callEndpoint(
      t.app,
      disbursementApi.loanRecordList,
      { sort: { field: 'utr', order: 'asc' } },
      admin,
    );
    expect(sorted.statusCode).toBe(400);
    expect(sorted.json().errors![0]!.field).toBe('sort.field');
    const backwards = await callEndpoint(
      t.app,
      disbursementApi.loanRecordList,
      { filters: { disbursedFrom: today, disbursedTo: '2020-01-01' } },
      admin,
    );
    expect(backwards.json().errors![0]!.field).toBe('filters.disbursedTo');
    expect(
      (await callEndpoint(t.app, disbursementApi.loanRecordList, {}, noGrant)).statusCode,
    ).toBe(403);
  });
});

describe('POST /loan/flow_list', () => {
  const flow = async (filters: Record<string, unknown>) => {
    const response = await callEndpoint(
      t.app,
      disbursementApi.loanFlowList,
      { filters, pageSize: 100 },
      admin,
    );
    expect(response.statusCode).toBe(200);
    return loanFlowListRetSchema.parse(response.json().ret).list;
  };

  it('lists every attempt; a failed latest attempt is retried with a new key through create_payout', async () => {
    const order = await makeApprovedOrder(deps, productId);
    const first = await pay(order.id);
    await recordPayoutResult(deps, first, {
      status: 'failed',
      errorMessage: 'Beneficiary bank rejected the credit',
    });
    const [failed] = await flow({ orderNo: order.orderNo });
    expect(failed).toMatchObject({
      id: first,
      attempt: 1,
      status: 'failed',
      failCount: 1,
      errorMessage: 'Beneficiary bank rejected the credit',
      retryable: true,
      channel: 'sandbox',
    });
    expect(failed!.history.map((h) => h.event)).toEqual(['created', 'failed']);

    const retry = await callEndpoint(
      t.app,
      loanBookApi.createPayout,
      { orderId: order.id, idempotencyKey: key() },
      admin,
    );
    expect(retry.json().ret).toMatchObject({ status: 'DISBURSING' });
    const attempts = await flow({ orderNo: order.orderNo });
    expect(attempts.map((a) => [a.attempt, a.retryable])).toEqual([
      [2, false],
      [1, false],
    ]);
    expect(attempts[0]).toMatchObject({ failCount: 1, createdBy: 'Admin' });
    // The attempt carries the reference it goes to the gateway under.
    await t.app.integrations.payouts.dispatcher.idle();
    const [sent] = await flow({ payoutId: attempts[0]!.id });
    expect(sent!.reference).toBe(`payout-${attempts[0]!.id}`);
    expect(sent!.gatewayPayoutId).toMatch(/^pout_sbx_/);
  });

  it('an unknown outcome is not retryable; a reversed payout shows its history', async () => {
    const unknownOrder = await makeApprovedOrder(deps, productId);
    const unknown = await pay(unknownOrder.id);
    await markPayoutUnknown(t.db, unknown, 'gateway call: timed out', t.clock.now());
    const [row] = await flow({ payoutId: unknown });
    expect(row).toMatchObject({ status: 'unknown', retryable: false });
    // …and the book refuses a second payout while it is open.
    const second = await callEndpoint(
      t.app,
      loanBookApi.createPayout,
      { orderId: unknownOrder.id, idempotencyKey: key() },
      admin,
    );
    expect(second.statusCode).toBe(409);

    const reversedOrder = await makeApprovedOrder(deps, productId);
    const reversed = await pay(reversedOrder.id);
    await recordPayoutResult(deps, reversed, { status: 'processed', utr: 'UTR-REV-1' });
    await recordPayoutResult(deps, reversed, {
      status: 'reversed',
      errorMessage: 'Credit returned by the beneficiary bank',
    });
    const [history] = await flow({ payoutId: reversed });
    expect(history).toMatchObject({ status: 'reversed', retryable: true, utr: 'UTR-REV-1' });
    expect(
      (history as LoanFlowRow).history.map(({ event, utr, message }) => ({ event, utr, message })),
    ).toEqual([
      { event: 'created', utr: null, message: null },
      { event: 'processed', utr: 'UTR-REV-1', message: null },
      { event: 'reversed', utr: null, message: 'Credit returned by the beneficiary bank' },
    ]);
  });

  it('filters by status; refuses an unknown sort (400) and a caller without the grant (403)', async () => {
    const failedOnly = await flow({ status: 'failed' });
    expect(failedOnly.length).toBeGreaterThan(0);
    expect(failedOnly.every((row) => row.status === 'failed')).toBe(true);
    const sorted = await callEndpoint(
      t.app,
      disbursementApi.loanFlowList,
      { sort: { field: 'errorMessage', order: 'asc' } },
      admin,
    );
    expect(sorted.statusCode).toBe(400);
    expect(sorted.json().errors![0]!.field).toBe('sort.field');
    expect((await callEndpoint(t.app, disbursementApi.loanFlowList, {}, noGrant)).statusCode).toBe(
      403,
    );
  });
});
