import { financeApi, opsConfigApi } from '@lending/contract';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPayoutsConfig } from '../../integrations/payouts/index.js';
import { manualGateways } from '../../integrations/testing/manual-gateways.js';
import { indiaDateOf } from '../../shared/india-date.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { badBody, callEndpoint, createStaff, loginAs } from '../../testing/factories.js';
import {
  loanBookDeps,
  makeActiveOrder,
  makeCustomer,
  makeProduct,
} from '../../testing/loan-book.factories.js';
import { ledgerEntries, ledgerJournals, repayments } from '../../testing/tables.js';
import { creditsOfPayment, ensureVirtualAccount } from '../collections/index.js';
import { checkLedger, findOrder, type LoanBookDeps } from '../loan-book/index.js';

const FINANCE = [
  'finance.unapplied_credit_list',
  'finance.request_credit_refund',
  'finance.review_credit_refund',
  'finance.apply_credit',
  'finance.resolve_break',
  'finance.break_list',
  'finance.run_reconciliation',
  'finance.cash_flow',
  'finance.trial_balance',
];

let t: TestApp;
let deps: LoanBookDeps;
let productId: number;
let maker: string;
let checker: string;
let checker2: string;
/** The payout sandbox's next draw: below 0.5 fails the payout. */
let nextDraw = 0.9;
let gateways: ReturnType<typeof manualGateways>;
let seq = 0;
const k = (what: string) => `unapplied-${what}-${++seq}`;

beforeAll(async () => {
  gateways = manualGateways(() => t.app);
  const payouts = loadPayoutsConfig({});
  t = await buildTestApp({
    demoData: false,
    gateways: {
      deliver: gateways.deliver,
      scheduler: gateways.scheduler,
      config: gateways.config,
      random: () => nextDraw,
      payouts: {
        ...payouts,
        sandbox: { ...payouts.sandbox, failureRate: 0.5, reversalRate: 0, duplicateRate: 1 },
      },
    },
  });
  deps = loanBookDeps(t.db, t.clock);
  productId = (await makeProduct(deps)).id;
  await signIn();
}, 60_000);
afterAll(() => t.close());

async function signIn() {
  maker = await loginAs(t.app, await createStaff(t.db, t.clock, { interfaces: FINANCE }));
  checker = await loginAs(t.app, await createStaff(t.db, t.clock, { interfaces: FINANCE }));
  checker2 = await loginAs(t.app, await createStaff(t.db, t.clock, { interfaces: FINANCE }));
}

async function drain() {
  while (gateways.scheduler.tasks.length > 0) await gateways.scheduler.runAllReversed();
}

/** A borrower with no open loan pays into their virtual account; the webhook records it. */
async function unappliedCredit(amountPaise: bigint) {
  const customer = await makeCustomer(deps);
  const collections = t.app.integrations.collections;
  const account = await ensureVirtualAccount(
    t.db,
    collections,
    { customerId: customer.id, name: customer.name },
    t.clock.now(),
  );
  const { paymentId } = collections.simulateCredit({
    accountNumber: account.accountNumber,
    amountPaise,
    payerReference: 'NEFT UTIBN0000123',
  });
  await drain();
  const [credit] = await creditsOfPayment(t.db, 'sandbox', paymentId);
  return { customer, credit: credit!, paymentId };
}

/** The credit's journals (`collection:unapplied:<id>…`): event and liability line. */
async function journalsOfCredit(creditId: number) {
  return t.db
    .select({ event: ledgerJournals.eventType, key: ledgerJournals.idempotencyKey })
    .from(ledgerJournals)
    .where(like(ledgerJournals.idempotencyKey, `collection:unapplied:${creditId}%`))
    .orderBy(ledgerJournals.id);
}

async function liabilityOfCredit(creditId: number) {
  const [row] = await t.db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountPaise}), 0)::text` })
    .from(ledgerEntries)
    .innerJoin(ledgerJournals, eq(ledgerJournals.id, ledgerEntries.journalId))
    .where(
      and(
        eq(ledgerEntries.account, 'liability:unapplied_credit'),
        like(ledgerJournals.idempotencyKey, `collection:unapplied:${creditId}%`),
      ),
    );
  return BigInt(row!.total);
}

const payoutsOf = (refundId: number) =>
  t.app.integrations.payouts
    .sandbox!.payouts()
    .filter((payout) => payout.reference === `credit-refund-${refundId}`);

function requestRefund(creditId: number, token = maker, reason = 'no loan: back to the borrower') {
  return callEndpoint(
    t.app,
    financeApi.requestCreditRefund,
    { creditId, destination: 'borrower_account', reason, idempotencyKey: k('request') },
    token,
  );
}

function approve(refundId: number, token: string, idempotencyKey = k('approve')) {
  return callEndpoint(
    t.app,
    financeApi.reviewCreditRefund,
    { refundId, decision: 'approve', idempotencyKey },
    token,
  );
}

describe('unapplied credits', () => {
  it('₹500 with no open loan: on the books, refunded by two people through the break, paid once', async () => {
    const { credit, paymentId } = await unappliedCredit(50_000n);
    expect(credit).toMatchObject({ status: 'unmatched', note: 'no open loan' });
    // The money is in the collection account: a balanced journal against the liability, once.
    expect(await journalsOfCredit(credit.id)).toEqual([
      { event: 'unappliedCredit', key: `collection:unapplied:${credit.id}` },
    ]);
    expect(await liabilityOfCredit(credit.id)).toBe(-50_000n);

    const today = indiaDateOf(t.clock.now());
    const run = await callEndpoint(t.app, financeApi.runReconciliation, { date: today }, maker);
    expect(run.statusCode).toBe(200);
    const day = run.json().ret.days.find((item) => item.side === 'collection')!;
    const breaks = await callEndpoint(
      t.app,
      financeApi.reconciliationBreakList,
      { filters: { dayId: day.id, kind: 'gateway_only' } },
      maker,
    );
    const found = breaks.json().ret.list.find((item) => item.reference === paymentId)!;
    expect(found).toMatchObject({
      status: 'open',
      creditId: credit.id,
      note: 'recorded, not applied: no open loan',
    });

    // Refund without a reason: 400 naming it. With one: the two-person refund starts.
    const noReason = await callEndpoint(
      t.app,
      financeApi.resolveBreak,
      { breakId: found.id, action: 'refund', idempotencyKey: k('resolve') },
      maker,
    );
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().msg).toContain('reason');
    const resolved = await callEndpoint(
      t.app,
      financeApi.resolveBreak,
      {
        breakId: found.id,
        action: 'refund',
        reason: 'borrower has no loan',
        idempotencyKey: k('resolve'),
      },
      maker,
    );
    expect(resolved.statusCode).toBe(200);
    const started = resolved.json().ret.break;
    expect(started).toMatchObject({ status: 'refunding', refundStatus: 'requested' });
    const refundId = started.refundId!;

    // The requester cannot approve; nothing is paid.
    const own = await approve(refundId, maker);
    expect(own.statusCode).toBe(409);
    expect(own.json().msg).toContain('another person');
    expect(payoutsOf(refundId)).toHaveLength(0);

    const approved = await approve(refundId, checker);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().ret).toMatchObject({ status: 'approved', accountNumber: '*******8901' });
    await drain();
    expect(payoutsOf(refundId)).toEqual([
      expect.objectContaining({ status: 'processed', amountPaise: 50_000n }),
    ]);

    const after = await callEndpoint(
      t.app,
      financeApi.reconciliationBreakList,
      { filters: { dayId: day.id, kind: 'gateway_only' } },
      maker,
    );
    expect(after.json().ret.list.find((item) => item.id === found.id)).toMatchObject({
      status: 'refunded',
      refundStatus: 'paid',
    });
    const [refunded] = await creditsOfPayment(t.db, 'sandbox', paymentId);
    expect(refunded!.status).toBe('refunded');
    expect((await journalsOfCredit(credit.id)).map((journal) => journal.event)).toEqual([
      'unappliedCredit',
      'unappliedCreditRefund',
    ]);
    expect(await liabilityOfCredit(credit.id)).toBe(0n);
    expect((await checkLedger(t.db)).ok).toBe(true);
    const trial = await callEndpoint(t.app, financeApi.trialBalance, { date: today }, maker);
    expect(trial.json().ret.totalDebitPaise).toBe(trial.json().ret.totalCreditPaise);
    const flow = await callEndpoint(
      t.app,
      financeApi.cashFlow,
      { filters: { dateFrom: today, dateTo: today } },
      maker,
    );
    expect(flow.json().ret.totals.refundedPaise).toBeGreaterThanOrEqual(50_000);
  });

  it('concurrent approvals pay exactly once; the same approval again pays nothing more', async () => {
    const { credit } = await unappliedCredit(20_000n);
    const requested = await requestRefund(credit.id);
    expect(requested.statusCode).toBe(200);
    const refundId = requested.json().ret.id;
    const [first, second] = await Promise.all([
      approve(refundId, checker, 'concurrent-a'),
      approve(refundId, checker2, 'concurrent-b'),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const winner = first.statusCode === 200 ? 'concurrent-a' : 'concurrent-b';
    const again = await approve(refundId, winner === 'concurrent-a' ? checker : checker2, winner);
    expect(again.statusCode).toBe(200);
    expect(payoutsOf(refundId)).toHaveLength(1);
    await drain();
    expect(payoutsOf(refundId)).toEqual([expect.objectContaining({ status: 'processed' })]);
    expect((await journalsOfCredit(credit.id)).map((journal) => journal.event)).toEqual([
      'unappliedCredit',
      'unappliedCreditRefund',
    ]);
  });

  it('a failed payout leaves the credit refundable again', async () => {
    const { credit } = await unappliedCredit(15_000n);
    const first = (await requestRefund(credit.id)).json().ret;
    // While the refund is live, a second request is refused.
    expect((await requestRefund(credit.id)).statusCode).toBe(409);
    nextDraw = 0.1;
    expect((await approve(first.id, checker)).statusCode).toBe(200);
    await drain();
    nextDraw = 0.9;
    const listed = await callEndpoint(t.app, financeApi.unappliedCreditList, {}, maker);
    const row = listed.json().ret.list.find((item) => item.id === credit.id)!;
    expect(row).toMatchObject({ status: 'unmatched' });
    expect(row.refund).toMatchObject({ id: first.id, status: 'failed' });
    expect(row.refund!.failureReason).toContain('rejected');
    expect(await liabilityOfCredit(credit.id)).toBe(-15_000n);

    const retry = (await requestRefund(credit.id)).json().ret;
    expect(retry.id).not.toBe(first.id);
    expect((await approve(retry.id, checker2)).statusCode).toBe(200);
    await drain();
    expect(payoutsOf(retry.id)).toEqual([expect.objectContaining({ status: 'processed' })]);
    expect(await liabilityOfCredit(credit.id)).toBe(0n);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('applied to a loan the borrower opened later, with the agreement recorded', async () => {
    const { customer, credit } = await unappliedCredit(30_000n);
    const order = await makeActiveOrder(deps, productId, undefined, customer.id);
    const other = await makeActiveOrder(deps, productId);
    const orderNo = (await findOrder(t.db, order.id))!.orderNo;
    const body = {
      creditId: credit.id,
      orderNo,
      agreementChannel: 'phone' as const,
      agreementReference: 'call 42, borrower agreed',
      idempotencyKey: k('apply'),
    };
    const missing = await callEndpoint(
      t.app,
      financeApi.applyCredit,
      badBody({ ...body, agreementReference: undefined }),
      maker,
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toContain('agreementReference');
    const wrongLoan = await callEndpoint(
      t.app,
      financeApi.applyCredit,
      { ...body, orderNo: (await findOrder(t.db, other.id))!.orderNo },
      maker,
    );
    expect(wrongLoan.statusCode).toBe(400);
    expect(wrongLoan.json().msg).toContain('orderNo');

    const applied = await callEndpoint(t.app, financeApi.applyCredit, body, maker);
    expect(applied.statusCode).toBe(200);
    const { repaymentId } = applied.json().ret;
    expect(repaymentId).not.toBeNull();
    const again = await callEndpoint(t.app, financeApi.applyCredit, body, maker);
    expect(again.json().ret.repaymentId).toBe(repaymentId);
    const posted = await t.db.select().from(repayments).where(eq(repayments.orderId, order.id));
    expect(posted.map((row) => row.amountPaise)).toEqual([30_000n]);
    expect((await journalsOfCredit(credit.id)).map((journal) => journal.event)).toEqual([
      'unappliedCredit',
      'repayment',
      'unappliedCreditApplied',
    ]);
    expect(await liabilityOfCredit(credit.id)).toBe(0n);
    expect((await checkLedger(t.db)).ok).toBe(true);
    // No longer unapplied: neither listed nor refundable.
    const listed = await callEndpoint(t.app, financeApi.unappliedCreditList, {}, maker);
    expect(listed.json().ret.list.map((item) => item.id)).not.toContain(credit.id);
    expect((await requestRefund(credit.id)).statusCode).toBe(409);
  });

  it('refuses bad input with the field named', async () => {
    const { credit } = await unappliedCredit(5_000n);
    const unknown = await requestRefund(999_999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors).toEqual([expect.objectContaining({ field: 'creditId' })]);
    const noReason = await callEndpoint(
      t.app,
      financeApi.requestCreditRefund,
      badBody({ creditId: credit.id, destination: 'borrower_account', idempotencyKey: k('r') }),
      maker,
    );
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().msg).toContain('reason');
    const noPayee = await callEndpoint(
      t.app,
      financeApi.requestCreditRefund,
      { creditId: credit.id, destination: 'payer', reason: 'back', idempotencyKey: k('r') },
      maker,
    );
    expect(noPayee.statusCode).toBe(400);
    expect(noPayee.json().msg).toContain('payee');
    const noRefund = await approve(999_999, checker);
    expect(noRefund.statusCode).toBe(404);
    expect(noRefund.json().errors).toEqual([expect.objectContaining({ field: 'refundId' })]);
    const refund = (await requestRefund(credit.id)).json().ret;
    const rejectNoReason = await callEndpoint(
      t.app,
      financeApi.reviewCreditRefund,
      badBody({ refundId: refund.id, decision: 'reject', idempotencyKey: k('x') }),
      checker,
    );
    expect(rejectNoReason.statusCode).toBe(400);
    expect(rejectNoReason.json().msg).toContain('reason');
    const rejected = await callEndpoint(
      t.app,
      financeApi.reviewCreditRefund,
      { refundId: refund.id, decision: 'reject', reason: 'payer unclear', idempotencyKey: k('x') },
      checker,
    );
    expect(rejected.json().ret.status).toBe('rejected');
    // Decided: approving it now is refused, and nothing was paid.
    expect((await approve(refund.id, checker2)).statusCode).toBe(409);
    expect(payoutsOf(refund.id)).toHaveLength(0);
  });

  it('lists for finance the credits older than unapplied_credit_days, masked', async () => {
    const admin = await loginAs(t.app);
    const saved = await callEndpoint(
      t.app,
      opsConfigApi.saveSetting,
      {
        item: 'unapplied_credit_days',
        value: '10',
        type: 'string',
        group: 'operations',
        remarks: 'aged after 10 days',
        create: false,
      },
      admin,
    );
    expect(saved.statusCode).toBe(200);
    const old = await unappliedCredit(7_000n);
    t.clock.advance(11 * 86_400_000);
    await signIn();
    const young = await unappliedCredit(8_000n);
    const aged = await callEndpoint(
      t.app,
      financeApi.unappliedCreditList,
      { filters: { age: 'aged' } },
      maker,
    );
    expect(aged.statusCode).toBe(200);
    expect(aged.json().ret.agedAfterDays).toBe(10);
    const agedIds = aged.json().ret.list.map((item) => item.id);
    expect(agedIds).toContain(old.credit.id);
    expect(agedIds).not.toContain(young.credit.id);
    const all = (await callEndpoint(t.app, financeApi.unappliedCreditList, {}, maker)).json().ret;
    const oldRow = all.list.find((item) => item.id === old.credit.id)!;
    expect(oldRow).toMatchObject({ aged: true, ageDays: 11, amountPaise: 7_000 });
    expect(oldRow.customerName).toContain('*');
    expect(oldRow.phone).toContain('*');
    expect(all.list.find((item) => item.id === young.credit.id)).toMatchObject({ aged: false });
    const refused = await callEndpoint(
      t.app,
      financeApi.unappliedCreditList,
      badBody({ filters: { age: 'old' } }),
      maker,
    );
    expect(refused.statusCode).toBe(400);
  });
});
