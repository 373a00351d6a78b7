import { financeApi, reportApi } from '@lending/contract';
import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { addDays } from '@lending/lending';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, ledgerEntries, ledgerJournals, repayments } from '../../testing/tables.js';
import { ensureVirtualAccount } from '../collections/index.js';
import { collectionCredits } from '../collections/tables.js';
import { manualGateways } from '../../integrations/testing/manual-gateways.js';
import { signatureHeader, SIGNATURE_HEADER } from '../../integrations/webhooks/signature.js';
import { indiaDateOf, startOfIndiaDate } from '../../shared/india-date.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { badBody, callEndpoint, createStaff, loginAs } from '../../testing/factories.js';
import { runDayEnd } from '../day-end/index.js';
import {
  checkLedger,
  postRepayment,
  reverseRepayment,
  type LoanBookDeps,
} from '../loan-book/index.js';
import { loanBookDeps, makeActiveOrder, makeProduct } from '../../testing/loan-book.factories.js';
import { findOrder } from '../loan-book/index.js';

const HOUR = 3_600_000;
let t: TestApp;
let deps: LoanBookDeps;
let admin: string;
let reader: string;
let readerLogin: { email: string; password: string };
let noGrant: string;
const gateways = manualGateways(() => t.app);
const secret = gateways.config.sandboxWebhookSecret;

function deliver(body: string) {
  return t.app.inject({
    method: 'POST',
    url: '/webhooks/collections/sandbox',
    payload: body,
    headers: {
      'content-type': 'application/json',
      [SIGNATURE_HEADER]: signatureHeader(secret, t.clock.now(), body),
    },
  });
}

/** Sum of one account's ledger lines over journals of some event types in an India date range. */
async function ledgerSum(account: string, eventTypes: string[], from: string, to: string) {
  const [row] = await t.db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountPaise}), 0)::text` })
    .from(ledgerEntries)
    .innerJoin(ledgerJournals, eq(ledgerJournals.id, ledgerEntries.journalId))
    .where(
      and(
        eq(ledgerEntries.account, account),
        inArray(ledgerJournals.eventType, eventTypes),
        gte(ledgerJournals.businessDate, from),
        lte(ledgerJournals.businessDate, to),
      ),
    );
  return Number(row!.total);
}

let firstDay: string;
const moveTo = (at: Date) => t.clock.advance(at.getTime() - t.clock.now().getTime());

beforeAll(async () => {
  t = await buildTestApp({ demoData: false, gateways });
  deps = loanBookDeps(t.db, t.clock);
  firstDay = indiaDateOf(t.clock.now());
  const product = await makeProduct(deps);
  const a = await makeActiveOrder(deps, product.id);
  const b = await makeActiveOrder(deps, product.id);
  await postRepayment(
    deps,
    { orderId: a.id, idempotencyKey: 'fin-test-repay-1', channel: 'upi', amountPaise: 100_000n },
    null,
  );
  const bounced = await postRepayment(
    deps,
    { orderId: b.id, idempotencyKey: 'fin-test-repay-2', channel: 'neft', amountPaise: 50_000n },
    null,
  );
  await reverseRepayment(
    deps,
    { repaymentId: bounced.repaymentId!, idempotencyKey: 'fin-test-reverse-2', reason: 'bounced' },
    1,
  );

  admin = await loginAs(t.app);
  readerLogin = await createStaff(t.db, t.clock, {
    interfaces: [
      'finance.order_loan_list',
      'finance.repayment_order_list',
      'finance.reconciliation_list',
      'finance.break_list',
      'report.daily_order_analysis',
      'report.order_overdue',
    ],
  });
  reader = await loginAs(t.app, readerLogin);
  noGrant = await loginAs(
    t.app,
    await createStaff(t.db, t.clock, { interfaces: ['order.detail'] }),
  );
}, 60_000);
afterAll(() => t.close());

describe('POST /financialManagement/order_loan_list', () => {
  it('lists processed payouts, masked, with totals equal to the ledger’s disbursal postings', async () => {
    const response = await callEndpoint(
      t.app,
      financeApi.orderLoanList,
      { filters: { dateFrom: firstDay, dateTo: firstDay } },
      reader,
    );
    expect(response.statusCode).toBe(200);
    const { list, total, totals, days } = response.json().ret;
    expect(total).toBeGreaterThanOrEqual(2);
    expect(list[0]!.customerName).toMatch(/\*/);
    expect(totals.count).toBe(total);
    // Net paid out = the credit to payout clearing; principal = the receivable debited.
    expect(totals.netPaidPaise).toBe(
      -(await ledgerSum('cash:payout_clearing', ['disbursal'], firstDay, firstDay)),
    );
    expect(totals.principalPaise).toBe(
      await ledgerSum('loans_receivable:principal', ['disbursal'], firstDay, firstDay),
    );
    expect(days).toEqual([{ date: firstDay, ...totals }]);
  });

  it('answers an empty range with no rows and zero totals', async () => {
    const response = await callEndpoint(
      t.app,
      financeApi.orderLoanList,
      { filters: { dateFrom: '2001-01-01', dateTo: '2001-01-31' } },
      reader,
    );
    expect(response.json().ret).toMatchObject({
      list: [],
      total: 0,
      totals: { count: 0, netPaidPaise: 0 },
    });
  });

  it('refuses a backwards range, an unknown sort, and a caller without the grant', async () => {
    const backwards = await callEndpoint(
      t.app,
      financeApi.orderLoanList,
      { filters: { dateFrom: '2026-02-02', dateTo: '2026-02-01' } },
      reader,
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().msg).toContain('dateTo');
    const sort = await callEndpoint(
      t.app,
      financeApi.orderLoanList,
      { sort: { field: 'customerName', order: 'asc' } },
      reader,
    );
    expect(sort.statusCode).toBe(400);
    expect((await callEndpoint(t.app, financeApi.orderLoanList, {}, noGrant)).statusCode).toBe(403);
  });
});

describe('POST /financialManagement/repayment_order_list', () => {
  it('lists repayments and reversals (negative) whose totals equal the ledger’s collected cash', async () => {
    const response = await callEndpoint(
      t.app,
      financeApi.repaymentOrderList,
      { pageSize: 100 },
      reader,
    );
    expect(response.statusCode).toBe(200);
    const { list, totals } = response.json().ret;
    const reversal = list.find((row: { kind: string }) => row.kind === 'reversal');
    expect(reversal!.amountPaise).toBe(-50_000);
    expect(totals.amountPaise).toBe(100_000);
    const split =
      totals.principalPaise +
      totals.interestPaise +
      totals.feePaise +
      totals.gstPaise +
      totals.penalPaise +
      totals.excessPaise;
    expect(split).toBe(totals.amountPaise);
    const today = indiaDateOf(t.clock.now());
    expect(totals.amountPaise).toBe(
      await ledgerSum(
        'cash:collection',
        ['repayment', 'rollover', 'reversal'],
        '2000-01-01',
        today,
      ),
    );
    const onlyReversals = await callEndpoint(
      t.app,
      financeApi.repaymentOrderList,
      { filters: { kind: 'reversal' } },
      reader,
    );
    expect(onlyReversals.json().ret.totals).toMatchObject({ count: 1, amountPaise: -50_000 });
  });

  it('refuses a bad kind and a caller without the grant', async () => {
    expect(
      (
        await callEndpoint(
          t.app,
          financeApi.repaymentOrderList,
          badBody({ filters: { kind: 'refund' } }),
          reader,
        )
      ).statusCode,
    ).toBe(400);
    expect((await callEndpoint(t.app, financeApi.repaymentOrderList, {}, noGrant)).statusCode).toBe(
      403,
    );
  });
});

describe('reconciliation: FinancialList', () => {
  it('finds breaks by kind, resolves them through the loan book, audited, and the day passes', async () => {
    const product = await makeProduct(deps);
    const order = await makeActiveOrder(deps, product.id);
    const row = (await findOrder(t.db, order.id))!;
    const account = await ensureVirtualAccount(
      t.db,
      t.app.integrations.collections,
      { customerId: row.customerId, name: 'Test' },
      t.clock.now(),
    );
    const { paymentId, body } = t.app.integrations.collections.simulateCredit({
      accountNumber: account.accountNumber,
      amountPaise: 70_000n,
    });
    gateways.scheduler.stop();
    await deliver(body.replace('"amountPaise":70000', '"amountPaise":7000'));
    const unknown = body
      .replaceAll(paymentId, 'pay_not_on_statement')
      .replace(/"id":"evt_[0-9a-z_]+"/, '"id":"evt_not_on_statement"');
    await deliver(unknown);
    const today = indiaDateOf(t.clock.now());

    expect(
      (await callEndpoint(t.app, financeApi.runReconciliation, { date: today }, reader)).statusCode,
    ).toBe(403);
    const run = await callEndpoint(t.app, financeApi.runReconciliation, { date: today }, admin);
    expect(run.statusCode).toBe(200);
    const collection = run
      .json()
      .ret.days.find((day: { side: string }) => day.side === 'collection');
    expect(collection).toMatchObject({
      status: 'failed',
      openBreaks: 2,
      systemCount: 2,
      thirdPartyCount: 1,
      systemAmountPaise: 77_000,
      thirdPartyAmountPaise: 70_000,
    });
    const payoutDay = run.json().ret.days.find((day: { side: string }) => day.side === 'payout');
    // The payout side is checked against the payout gateway's statement (decision 0064): the
    // factories' payouts were never sent to the gateway, so each is only in the book.
    expect(payoutDay).toMatchObject({
      status: 'failed',
      thirdPartyAmountPaise: 0,
      thirdPartyCount: 0,
    });
    expect(payoutDay!.systemCount).toBeGreaterThan(0);
    expect(payoutDay!.openBreaks).toBe(payoutDay!.systemCount);

    const listed = await callEndpoint(
      t.app,
      financeApi.reconciliationDayList,
      { filters: { status: 'failed' } },
      reader,
    );
    expect(listed.json().ret.list.map((day: { id: number }) => day.id)).toContain(collection!.id);
    const breaks = (
      await callEndpoint(
        t.app,
        financeApi.reconciliationBreakList,
        { filters: { dayId: collection!.id } },
        reader,
      )
    ).json().ret.list;
    const amount = breaks.find((item: { kind: string }) => item.kind === 'amount_mismatch');
    const oursOnly = breaks.find((item: { kind: string }) => item.kind === 'ours_only');
    expect(amount).toMatchObject({
      reference: paymentId,
      oursPaise: 7_000,
      gatewayPaise: 70_000,
      status: 'open',
    });
    expect(oursOnly).toMatchObject({
      reference: 'pay_not_on_statement',
      oursPaise: 70_000,
      gatewayPaise: null,
    });

    // 403 without the grant; 400 ignoring without a reason; 409 refund of an order not overpaid.
    expect(
      (
        await callEndpoint(
          t.app,
          financeApi.resolveBreak,
          { breakId: amount!.id, action: 'accept', idempotencyKey: 'break-accept-0001' },
          reader,
        )
      ).statusCode,
    ).toBe(403);
    const noReason = await callEndpoint(
      t.app,
      financeApi.resolveBreak,
      { breakId: oursOnly!.id, action: 'ignore', idempotencyKey: 'break-ignore-0001' },
      admin,
    );
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().msg).toContain('reason');
    expect(
      (
        await callEndpoint(
          t.app,
          financeApi.resolveBreak,
          { breakId: amount!.id, action: 'refund', idempotencyKey: 'break-refund-0001' },
          admin,
        )
      ).statusCode,
    ).toBe(409);

    const before = await t.db.select().from(repayments).where(eq(repayments.orderId, order.id));
    const accepted = await callEndpoint(
      t.app,
      financeApi.resolveBreak,
      { breakId: amount!.id, action: 'accept', idempotencyKey: 'break-accept-0001' },
      admin,
    );
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().ret).toMatchObject({
      break: { status: 'accepted', resolvedBy: 'Admin' },
      dayStatus: 'failed',
    });
    // The difference went through the loan book's repayment command: a new repayment, balanced.
    const after = await t.db.select().from(repayments).where(eq(repayments.orderId, order.id));
    expect(after.length).toBe(before.length + 1);
    expect(after.at(-1)!.amountPaise).toBe(63_000n);
    expect((await checkLedger(t.db)).ok).toBe(true);
    // A second decision on the same break is a conflict.
    expect(
      (
        await callEndpoint(
          t.app,
          financeApi.resolveBreak,
          {
            breakId: amount!.id,
            action: 'ignore',
            reason: 'again',
            idempotencyKey: 'break-ignore-0002',
          },
          admin,
        )
      ).statusCode,
    ).toBe(409);

    const ignored = await callEndpoint(
      t.app,
      financeApi.resolveBreak,
      {
        breakId: oursOnly!.id,
        action: 'ignore',
        reason: 'test credit from the bank',
        idempotencyKey: 'break-ignore-0003',
      },
      admin,
    );
    expect(ignored.json().ret).toMatchObject({
      break: { status: 'ignored', note: 'test credit from the bank' },
      dayStatus: 'passed',
    });
    const audited = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.interfaceId, 'finance.resolve_break'));
    expect(audited.length).toBeGreaterThanOrEqual(2);
    const day = await callEndpoint(
      t.app,
      financeApi.reconciliationDayList,
      { filters: { dateFrom: today, dateTo: today, side: 'collection' } },
      reader,
    );
    expect(day.json().ret.list[0]).toMatchObject({ status: 'passed', openBreaks: 0, breaks: 2 });
  });

  it('refuses an unknown break (404), a bad action (400) and a future day (400)', async () => {
    expect(
      (
        await callEndpoint(
          t.app,
          financeApi.resolveBreak,
          { breakId: 999_999, action: 'ignore', reason: 'x', idempotencyKey: 'break-none-0001' },
          admin,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await callEndpoint(
          t.app,
          financeApi.resolveBreak,
          badBody({ breakId: 1, action: 'delete', idempotencyKey: 'break-none-0002' }),
          admin,
        )
      ).statusCode,
    ).toBe(400);
    const future = addDays(indiaDateOf(t.clock.now()), 2);
    expect(
      (await callEndpoint(t.app, financeApi.runReconciliation, { date: future }, admin)).statusCode,
    ).toBe(400);
    expect(
      (await callEndpoint(t.app, financeApi.reconciliationBreakList, {}, noGrant)).statusCode,
    ).toBe(403);
    expect(
      (
        await callEndpoint(
          t.app,
          financeApi.reconciliationDayList,
          { sort: { field: 'x', order: 'asc' } },
          reader,
        )
      ).statusCode,
    ).toBe(400);
  });
});

describe('ledger reads', () => {
  it('a trial balance whose debits equal its credits', async () => {
    const response = await callEndpoint(
      t.app,
      financeApi.trialBalance,
      { date: indiaDateOf(t.clock.now()) },
      admin,
    );
    expect(response.statusCode).toBe(200);
    const ret = response.json().ret;
    expect(ret.totalDebitPaise).toBe(ret.totalCreditPaise);
    expect(ret.accounts.map((row: { account: string }) => row.account)).toContain(
      'cash:collection',
    );
    expect(
      (await callEndpoint(t.app, financeApi.trialBalance, { date: 'yesterday' }, admin)).statusCode,
    ).toBe(400);
    expect(
      (await callEndpoint(t.app, financeApi.trialBalance, { date: '2026-01-01' }, reader))
        .statusCode,
    ).toBe(403);
  });
});

describe('reports', () => {
  it('dailyOrderAnalysis: figures equal the statements’ totals for the same days', async () => {
    // Close today: the day-end writes the day's figures.
    const today = indiaDateOf(t.clock.now());
    moveTo(new Date(startOfIndiaDate(addDays(today, 1)).getTime() + HOUR));
    await runDayEnd({ db: t.db, clock: t.clock, holder: 'test' });
    // Sessions end after 15 idle minutes: sign in again after the clock moved.
    reader = await loginAs(t.app, readerLogin);
    noGrant = await loginAs(
      t.app,
      await createStaff(t.db, t.clock, { interfaces: ['order.detail'] }),
    );
    const range = { dateFrom: firstDay, dateTo: today };
    const report = await callEndpoint(
      t.app,
      reportApi.dailyOrderAnalysis,
      { filters: range },
      reader,
    );
    expect(report.statusCode).toBe(200);
    const { totals, list } = report.json().ret;
    expect(list.length).toBeGreaterThanOrEqual(1);
    const loans = (
      await callEndpoint(t.app, financeApi.orderLoanList, { filters: range }, reader)
    ).json().ret.totals;
    const repaid = (
      await callEndpoint(t.app, financeApi.repaymentOrderList, { filters: range }, reader)
    ).json().ret.totals;
    expect(totals.disbursedCount).toBe(loans.count);
    expect(totals.netDisbursedPaise).toBe(loans.netPaidPaise);
    expect(totals.feePaise).toBe(loans.processingFeePaise);
    expect(totals.repaidPaise).toBe(repaid.amountPaise);
    expect(totals.repaymentCount).toBe(repaid.count);
    // New and old customers add up to all.
    const fresh = (
      await callEndpoint(
        t.app,
        reportApi.dailyOrderAnalysis,
        { filters: { ...range, customerType: 'new' } },
        reader,
      )
    ).json().ret.totals;
    const old = (
      await callEndpoint(
        t.app,
        reportApi.dailyOrderAnalysis,
        { filters: { ...range, customerType: 'old' } },
        reader,
      )
    ).json().ret.totals;
    expect(fresh.applications + old.applications).toBe(totals.applications);
    expect(totals.applications).toBe(3); // the three orders made on the first day;
  });

  it('answers an empty range, and refuses bad filters and callers without the grant', async () => {
    const empty = await callEndpoint(
      t.app,
      reportApi.dailyOrderAnalysis,
      { filters: { dateFrom: '2001-01-01', dateTo: '2001-01-02' } },
      reader,
    );
    expect(empty.json().ret).toMatchObject({
      list: [],
      total: 0,
      totals: { applications: 0, repaidPaise: 0 },
    });
    expect(
      (
        await callEndpoint(
          t.app,
          reportApi.dailyOrderAnalysis,
          badBody({ filters: { customerType: 'vip' } }),
          reader,
        )
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await callEndpoint(
          t.app,
          reportApi.orderOverdue,
          { filters: { dateFrom: '2026-03-02', dateTo: '2026-03-01' } },
          reader,
        )
      ).statusCode,
    ).toBe(400);
    expect((await callEndpoint(t.app, reportApi.orderOverdue, {}, noGrant)).statusCode).toBe(403);
    expect((await callEndpoint(t.app, reportApi.dailyOrderAnalysis, {}, noGrant)).statusCode).toBe(
      403,
    );
  });

  it('orderOverdue: a cohort counts the loans due that day and how far they went overdue', async () => {
    // Move past the loans' due date (tenor of the test product) with day-ends, then read.
    const start = indiaDateOf(t.clock.now());
    moveTo(new Date(startOfIndiaDate(addDays(start, 40)).getTime() + HOUR));
    await runDayEnd({ db: t.db, clock: t.clock, holder: 'test' });
    // Sessions end after 15 idle minutes: sign in again after the clock moved.
    reader = await loginAs(t.app, readerLogin);
    noGrant = await loginAs(
      t.app,
      await createStaff(t.db, t.clock, { interfaces: ['order.detail'] }),
    );
    const response = await callEndpoint(t.app, reportApi.orderOverdue, { pageSize: 100 }, reader);
    expect(response.statusCode).toBe(200);
    const { list, totals } = response.json().ret;
    expect(list.length).toBeGreaterThanOrEqual(1);
    expect(totals.dueCount).toBe(
      list.reduce((sum: number, row: { dueCount: number }) => sum + row.dueCount, 0),
    );
    expect(totals.firstDayOverdue).toBe(totals.overdue1to7 + totals.overdue8plus);
    // Unpaid loans due more than 8 days ago reached the 8+ band.
    expect(totals.overdue8plus).toBeGreaterThanOrEqual(1);
  });
});

describe('India-date boundaries', () => {
  it('a payment at 23:59 IST and one at 00:01 IST fall on different days of the statement', async () => {
    const product = await makeProduct(deps);
    const order = await makeActiveOrder(deps, product.id);
    const day = indiaDateOf(t.clock.now());
    const next = addDays(day, 1);
    moveTo(new Date(startOfIndiaDate(next).getTime() - 60_000)); // 23:59 IST
    await postRepayment(
      deps,
      {
        orderId: order.id,
        idempotencyKey: 'fin-boundary-2359',
        channel: 'upi',
        amountPaise: 1_000n,
      },
      null,
    );
    moveTo(new Date(startOfIndiaDate(next).getTime() + 60_000)); // 00:01 IST next day
    await postRepayment(
      deps,
      {
        orderId: order.id,
        idempotencyKey: 'fin-boundary-0001',
        channel: 'upi',
        amountPaise: 2_000n,
      },
      null,
    );
    const token = await loginAs(t.app);
    const onDay = await callEndpoint(
      t.app,
      financeApi.repaymentOrderList,
      { filters: { dateFrom: day, dateTo: day, orderNo: order.orderNo } },
      token,
    );
    const onNext = await callEndpoint(
      t.app,
      financeApi.repaymentOrderList,
      { filters: { dateFrom: next, dateTo: next, orderNo: order.orderNo } },
      token,
    );
    expect(onDay.json().ret.totals).toMatchObject({ count: 1, amountPaise: 1_000 });
    expect(onNext.json().ret.totals).toMatchObject({ count: 1, amountPaise: 2_000 });
  });
});

describe('POST /financialManagement/run_reconciliation', () => {
  it('a credit the loan book refuses during a run is left unmatched: the run answers 200, never 409', async () => {
    // The run applies a credit its webhook never delivered through the webhook's own path; the
    // loan book refuses this one (the receipt's idempotency key was already used for another
    // amount). The refusal is kept on the credit for finance, and the run goes on: the loan
    // book's 409s are not the run's, so the endpoint declares none (decision 0070).
    const product = await makeProduct(deps);
    const order = await makeActiveOrder(deps, product.id);
    const row = (await findOrder(t.db, order.id))!;
    const collections = t.app.integrations.collections;
    const account = await ensureVirtualAccount(
      t.db,
      collections,
      { customerId: row.customerId, name: 'Test' },
      t.clock.now(),
    );
    gateways.scheduler.stop();
    const { paymentId } = collections.simulateCredit({
      accountNumber: account.accountNumber,
      amountPaise: 40_000n,
    });
    await postRepayment(
      deps,
      {
        orderId: order.id,
        idempotencyKey: `collection:${collections.provider}:${paymentId}`,
        channel: 'upi',
        amountPaise: 1_000n,
      },
      null,
    );
    const today = indiaDateOf(t.clock.now());
    // The clock moved in the tests above: a session of now.
    const token = await loginAs(t.app);
    const run = await callEndpoint(t.app, financeApi.runReconciliation, { date: today }, token);
    expect(run.statusCode).toBe(200);
    const [credit] = await t.db
      .select()
      .from(collectionCredits)
      .where(eq(collectionCredits.paymentId, paymentId));
    expect(credit).toMatchObject({ status: 'unmatched', amountPaise: 40_000n, repaymentId: null });
    expect(credit!.note).toContain('refused by the loan book: idempotencyKeyReused');
    // Nothing of the credit reached the order: only the receipt posted before the run.
    const posted = await t.db.select().from(repayments).where(eq(repayments.orderId, order.id));
    expect(posted.map((repayment) => repayment.amountPaise)).toEqual([1_000n]);
    expect((await checkLedger(t.db)).ok).toBe(true);

    // The gateway holds money the book has not taken: an open break, so the day does not pass
    // (decision 0072). Accepting it applies the credit again; the book still refuses, so the
    // answer is 409 naming why and nothing moves. Ignoring it, with a reason, closes it.
    const day = run.json().ret.days.find((item: { side: string }) => item.side === 'collection');
    expect(day).toMatchObject({ status: 'failed' });
    const listed = await callEndpoint(
      t.app,
      financeApi.reconciliationBreakList,
      { filters: { dayId: day!.id } },
      token,
    );
    const unapplied = listed
      .json()
      .ret.list.find((item: { reference: string }) => item.reference === paymentId);
    expect(unapplied).toMatchObject({ kind: 'gateway_only', status: 'open', gatewayPaise: 40_000 });
    expect(unapplied!.note).toMatch(
      /^recorded, not applied: refused by the loan book: idempotencyKeyReused; recovered by/,
    );
    const accept = await callEndpoint(
      t.app,
      financeApi.resolveBreak,
      { breakId: unapplied!.id, action: 'accept', idempotencyKey: 'break-accept-unapplied-1' },
      token,
    );
    expect(accept.statusCode).toBe(409);
    expect(accept.json().msg).toContain('the loan book does not take the credit');
    expect(
      await t.db.select().from(repayments).where(eq(repayments.orderId, order.id)),
    ).toHaveLength(1);
    const ignored = await callEndpoint(
      t.app,
      financeApi.resolveBreak,
      {
        breakId: unapplied!.id,
        action: 'ignore',
        reason: 'returned to the payer by the bank',
        idempotencyKey: 'break-ignore-unapplied-1',
      },
      token,
    );
    expect(ignored.json().ret.break).toMatchObject({ status: 'ignored' });

    // Run again: the same answer, the credit recorded once.
    expect(
      (await callEndpoint(t.app, financeApi.runReconciliation, { date: today }, token)).statusCode,
    ).toBe(200);
    expect(
      await t.db.select().from(collectionCredits).where(eq(collectionCredits.paymentId, paymentId)),
    ).toHaveLength(1);
  });
});
