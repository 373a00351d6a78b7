import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorKey } from '@lending/contract';
import { AppError } from '../../shared/app-error.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { queryRows } from '../../shared/sql-rows.js';
import { runDayEnd } from '../day-end/index.js';
import { auditEvents } from '../audit/index.js';
import { publishRuleSet, ruleResultsOf } from '../risk/index.js';
import {
  cancelOrder,
  checkLedger,
  coolingOffExit,
  createPayout,
  createRefund,
  finalReview,
  findOrder,
  firstReview,
  orderDetail,
  postRepayment,
  recordPayoutResult,
  rejectOrder,
  reverseRepayment,
  rollover,
  runMachineReview,
  waiver,
  writeOff,
  type LoanBookDeps,
} from './index.js';
import {
  FINAL_REVIEWER,
  FIRST_REVIEWER,
  loanBookDeps,
  makeActiveOrder,
  makeApplication,
  makeApprovedOrder,
  makeProduct,
} from '../../testing/loan-book.factories.js';
import { ledgerJournals } from '../ledger/tables.js';

const DAY = 86_400_000;
let t: TestApp;
let deps: LoanBookDeps;
let productId: number;

beforeAll(async () => {
  t = await buildTestApp({ demoData: false });
  deps = loanBookDeps(t.db, t.clock);
  productId = (await makeProduct(deps)).id;
});
afterAll(() => t.close());
afterEach(async () => {
  // The ledger check runs after every service test: journals balance, orders equal postings.
  const check = await checkLedger(t.db);
  expect(check.unbalancedJournals).toEqual([]);
  expect(check.mismatchedOrders).toEqual([]);
});

async function refused(promise: Promise<unknown>, key: ErrorKey): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).key).toBe(key);
  return error as AppError;
}

async function advanceDays(days: number) {
  t.clock.advance(days * DAY);
  await runDayEnd({ db: t.db, clock: t.clock, holder: 'test' });
}

async function journalsOf(orderId: number) {
  return t.db.select().from(ledgerJournals).where(eq(ledgerJournals.orderId, orderId));
}

async function accountTotals(orderId: number): Promise<Record<string, bigint>> {
  const rows = await queryRows(
    t.db,
    sql`select e.account, sum(e.amount_paise)::text as total from ledger_entries e join ledger_journals j on j.id = e.journal_id where j.order_id = ${orderId} group by e.account`,
  );
  return Object.fromEntries(rows.map((r) => [String(r.account), BigInt(String(r.total))]));
}

let key = 0;
const k = (label: string) => `${label}-${Date.now()}-${++key}`;

describe('the worked example of docs/domain.md through the services', () => {
  it('disburses 4,500.00 as 4,128.30 net, runs 17 day-ends and clears with 4,636.50 (overdue clear)', async () => {
    const order = await makeApprovedOrder(deps, productId);
    expect(order).toMatchObject({
      principalPaise: 450_000n,
      netDisbursedPaise: 412_830n,
      dueAmountPaise: 456_300n,
      aprBasisPoints: 27_453,
    });
    expect(order.keyFacts.aprPercent).toBe('274.53');
    const payout = await createPayout(
      deps,
      { orderId: order.id, idempotencyKey: k('pay'), channel: 'sandbox' },
      null,
    );
    expect(payout).toMatchObject({ status: 'DISBURSING', amountPaise: 412_830 });
    await recordPayoutResult(deps, payout.payoutId!, { status: 'processed', utr: 'UTR0001' });
    const afterDisbursal = await accountTotals(order.id);
    expect(afterDisbursal['cash:payout_clearing']).toBe(-412_830n);
    expect(afterDisbursal['loans_receivable:principal']).toBe(450_000n);
    expect(afterDisbursal['income:processing_fee']).toBe(-31_500n);
    expect(afterDisbursal['liability:gst_payable']).toBe(-5_670n);
    expect(afterDisbursal['cash:payout_reserved'] ?? 0n).toBe(0n);

    await advanceDays(17);
    const overdue = await findOrder(t.db, order.id);
    expect(overdue).toMatchObject({
      status: 'OVERDUE',
      overdueDays: 3,
      overdueBand: '1-7',
      rbiClass: 'SMA-0',
    });
    expect(overdue!.outstandingInterestPaise).toBe(7_650n);
    expect(overdue!.outstandingPenalPaise).toBe(6_000n);
    const detail = await orderDetail(t.db, order.id);
    expect(detail.outstandingTotalPaise).toBe(463_650);

    const paid = await postRepayment(
      deps,
      { orderId: order.id, idempotencyKey: k('rep'), amountPaise: 463_650n, channel: 'upi' },
      null,
    );
    expect(paid).toMatchObject({ status: 'CLEARED', closureType: 'OVERDUE_CLEAR', excessPaise: 0 });
    expect((await accountTotals(order.id))['cash:collection']).toBe(463_650n);
  });

  it('clears early on day 9 with 4,540.50 (advance clear) and on day 14 with 4,563.00 (on time)', async () => {
    const early = await makeActiveOrder(deps, productId);
    const onTime = await makeActiveOrder(deps, productId);
    await advanceDays(9);
    expect(
      await postRepayment(
        deps,
        { orderId: early.id, idempotencyKey: k('r'), amountPaise: 454_050n, channel: 'upi' },
        null,
      ),
    ).toMatchObject({
      status: 'CLEARED',
      closureType: 'ADVANCE_CLEAR',
    });
    await advanceDays(5);
    expect((await findOrder(t.db, onTime.id))!.status).toBe('DUE');
    expect(
      await postRepayment(
        deps,
        { orderId: onTime.id, idempotencyKey: k('r'), amountPaise: 456_300n, channel: 'upi' },
        null,
      ),
    ).toMatchObject({
      status: 'CLEARED',
      closureType: 'ON_TIME',
    });
  });
});

describe('reviews', () => {
  it('machine review records every rule; a hard hit rejects with the pinned version', async () => {
    const { version } = await publishRuleSet(
      t.db,
      {
        rejectScoreAbove: 50,
        rules: [
          {
            ruleName: 'Under age',
            className: 'Identity',
            fieldName: 'age',
            expression: '<',
            comparisonValue: '21',
            score: 100,
            level: 'hard',
          },
          {
            ruleName: 'Low bureau',
            className: 'Credit',
            fieldName: 'bureauScore',
            expression: '<',
            comparisonValue: '650',
            score: 30,
            level: 'soft',
          },
        ],
      },
      t.clock.now(),
    );
    const young = await makeApplication(deps, productId, 450_000n, { age: 19, bureauScore: 700 });
    expect(await runMachineReview(deps, young.id)).toMatchObject({ status: 'REJECTED' });
    const results = await ruleResultsOf(t.db, young.id);
    expect(results.map((r) => [r.value, r.hit, r.score])).toEqual([
      ['19', true, 100],
      ['700', false, 0],
    ]);
    const adult = await makeApplication(deps, productId, 450_000n, { age: 30, bureauScore: 600 });
    expect(await runMachineReview(deps, adult.id)).toMatchObject({ status: 'FIRST_REVIEW' });
    expect(await findOrder(t.db, adult.id)).toMatchObject({
      // Base 100 less the soft rule's 30.
      machineScore: 70,
      machineResult: 'pass',
      ruleSetVersion: version,
    });
    await publishRuleSet(t.db, { rejectScoreAbove: 1000, rules: [] }, t.clock.now());
  });

  it('rejects at machine, first and final review; the final reviewer must differ; send back returns to first review', async () => {
    const atMachine = await makeApplication(deps, productId);
    expect(await rejectOrder(deps, { orderId: atMachine.id, reason: 'fraud' }, 7)).toMatchObject({
      status: 'REJECTED',
    });

    const atFirst = await makeApplication(deps, productId);
    await runMachineReview(deps, atFirst.id);
    expect(
      await firstReview(
        deps,
        { orderId: atFirst.id, decision: 'reject', reason: 'docs' },
        FIRST_REVIEWER,
      ),
    ).toMatchObject({ status: 'REJECTED' });

    const atFinal = await makeApplication(deps, productId);
    await runMachineReview(deps, atFinal.id);
    await firstReview(deps, { orderId: atFinal.id, decision: 'pass' }, FIRST_REVIEWER);
    await refused(
      finalReview(deps, { orderId: atFinal.id, decision: 'pass' }, FIRST_REVIEWER),
      'sameReviewer',
    );
    expect(
      await finalReview(deps, { orderId: atFinal.id, decision: 'sendBack' }, FINAL_REVIEWER),
    ).toMatchObject({ status: 'FIRST_REVIEW' });
    await firstReview(deps, { orderId: atFinal.id, decision: 'pass' }, FIRST_REVIEWER);
    expect(
      await finalReview(deps, { orderId: atFinal.id, decision: 'reject' }, FINAL_REVIEWER),
    ).toMatchObject({ status: 'REJECTED' });
    const error = await refused(
      firstReview(deps, { orderId: atFinal.id, decision: 'pass' }, FIRST_REVIEWER),
      'orderStateConflict',
    );
    expect(error.params.detail).toBe('REJECTED');
    const detail = await orderDetail(t.db, atFinal.id);
    expect(detail.statusHistory.map((h) => h.to)).toEqual([
      'APPLIED',
      'MACHINE_REVIEW',
      'FIRST_REVIEW',
      'FINAL_REVIEW',
      'FIRST_REVIEW',
      'FINAL_REVIEW',
      'REJECTED',
    ]);
    const audits = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.targetId, String(atFinal.id)));
    expect(audits.length).toBeGreaterThanOrEqual(6);
  });

  it('cancels before the payout, and refuses to cancel a disbursed loan with 409', async () => {
    const pending = await makeApprovedOrder(deps, productId);
    expect(
      await cancelOrder(deps, { orderId: pending.id, reason: 'customer asked' }, 7),
    ).toMatchObject({ status: 'CANCELLED' });
    const active = await makeActiveOrder(deps, productId);
    const error = await refused(
      cancelOrder(deps, { orderId: active.id, reason: 'late' }, 7),
      'orderStateConflict',
    );
    expect(error.params.detail).toBe('ACTIVE');
  });
});

describe('payouts', () => {
  it('a failed payout is retried with a new key; the old key replays its original answer', async () => {
    const order = await makeApprovedOrder(deps, productId);
    const first = k('pay');
    const created = await createPayout(
      deps,
      { orderId: order.id, idempotencyKey: first, channel: 'sandbox' },
      null,
    );
    expect(
      await createPayout(
        deps,
        { orderId: order.id, idempotencyKey: first, channel: 'sandbox' },
        null,
      ),
    ).toEqual(created);
    await refused(
      createPayout(deps, { orderId: order.id, idempotencyKey: first, channel: 'other' }, null),
      'idempotencyKeyReused',
    );
    await refused(
      createPayout(deps, { orderId: order.id, idempotencyKey: k('pay'), channel: 'sandbox' }, null),
      'orderStateConflict',
    );
    expect(
      await recordPayoutResult(deps, created.payoutId!, {
        status: 'failed',
        errorMessage: 'account closed',
      }),
    ).toMatchObject({
      status: 'DISBURSEMENT_FAILED',
    });
    // Delivered twice: nothing changes.
    await recordPayoutResult(deps, created.payoutId!, {
      status: 'failed',
      errorMessage: 'account closed',
    });
    const retry = await createPayout(
      deps,
      { orderId: order.id, idempotencyKey: k('pay'), channel: 'sandbox' },
      null,
    );
    expect(retry.status).toBe('DISBURSING');
    await recordPayoutResult(deps, retry.payoutId!, { status: 'processed', utr: 'UTR2' });
    const detail = await orderDetail(t.db, order.id);
    expect(detail.status).toBe('ACTIVE');
    expect(detail.payouts.map((p) => [p.status, p.failCount])).toEqual([
      ['failed', 0],
      ['processed', 1],
    ]);
    const totals = await accountTotals(order.id);
    expect(totals['cash:payout_reserved'] ?? 0n).toBe(0n);
  });

  it('a processed payout later reversed undoes the loan and its accruals (DISBURSEMENT_FAILED)', async () => {
    const order = await makeActiveOrder(deps, productId);
    await advanceDays(2);
    expect((await findOrder(t.db, order.id))!.outstandingInterestPaise).toBe(900n);
    const [payout] = (await orderDetail(t.db, order.id)).payouts;
    expect(
      await recordPayoutResult(deps, payout!.id, {
        status: 'reversed',
        errorMessage: 'returned by bank',
      }),
    ).toMatchObject({
      status: 'DISBURSEMENT_FAILED',
    });
    const totals = await accountTotals(order.id);
    for (const account of Object.keys(totals).filter((a) => a.startsWith('loans_receivable')))
      expect(totals[account]).toBe(0n);
  });
});

describe('repayments', () => {
  it('a partial repayment keeps the status; an overpayment → OVERPAID → refund → CLEARED', async () => {
    const order = await makeActiveOrder(deps, productId);
    await advanceDays(3);
    const partial = await postRepayment(
      deps,
      {
        orderId: order.id,
        idempotencyKey: k('r'),
        amountPaise: 100_000n,
        channel: 'upi',
        virtualAccountCode: 'VA1',
      },
      null,
    );
    expect(partial).toMatchObject({ status: 'ACTIVE', closureType: null });
    const mid = await findOrder(t.db, order.id);
    // 3 days of interest (1,350) are paid first, the rest reduces principal.
    expect(mid).toMatchObject({
      outstandingInterestPaise: 0n,
      outstandingPrincipalPaise: 351_350n,
    });
    const over = await postRepayment(
      deps,
      { orderId: order.id, idempotencyKey: k('r'), amountPaise: 400_000n, channel: 'upi' },
      null,
    );
    expect(over).toMatchObject({
      status: 'OVERPAID',
      closureType: 'ADVANCE_CLEAR',
      excessPaise: 48_650,
    });
    const refund = await createRefund(
      deps,
      { orderId: order.id, idempotencyKey: k('refund'), channel: 'sandbox' },
      null,
    );
    expect(refund.amountPaise).toBe(48_650);
    expect(
      await recordPayoutResult(deps, refund.payoutId!, { status: 'processed', utr: 'RF1' }),
    ).toMatchObject({
      status: 'CLEARED',
      closureType: 'ADVANCE_CLEAR',
    });
    expect((await findOrder(t.db, order.id))!.overpaidPaise).toBe(0n);
  });

  it('the same key (or gateway payment id) twice posts one journal; the same key with another payload is refused', async () => {
    const order = await makeActiveOrder(deps, productId);
    const before = (await journalsOf(order.id)).length;
    const input = {
      orderId: order.id,
      idempotencyKey: k('r'),
      amountPaise: 10_000n,
      channel: 'upi',
      gatewayPaymentId: k('pay_'),
    };
    const first = await postRepayment(deps, input, null);
    expect(await postRepayment(deps, input, null)).toEqual(first);
    expect(await postRepayment(deps, { ...input, idempotencyKey: k('r') }, null)).toEqual(first);
    await refused(
      postRepayment(deps, { ...input, amountPaise: 20_000n }, null),
      'idempotencyKeyReused',
    );
    expect((await journalsOf(order.id)).length).toBe(before + 1);
  });

  it('rolls over with the quoted amount up to the cap, then refuses', async () => {
    const capped = (await makeProduct(deps, { maxRollovers: 1 })).id;
    const order = await makeActiveOrder(deps, capped);
    await advanceDays(14);
    // Interest 14 × 4.50 = 63.00; fee 5 % of 4,500 = 225.00; GST 40.50 → 328.50.
    await refused(
      rollover(
        deps,
        { orderId: order.id, idempotencyKey: k('ro'), amountPaise: 30_000n, channel: 'upi' },
        null,
      ),
      'amountNotAllowed',
    );
    const renewed = await rollover(
      deps,
      { orderId: order.id, idempotencyKey: k('ro'), amountPaise: 32_850n, channel: 'upi' },
      null,
    );
    expect(renewed).toMatchObject({ status: 'ACTIVE' });
    const after = await findOrder(t.db, order.id);
    expect(after).toMatchObject({
      rolloverCount: 1,
      outstandingPrincipalPaise: 450_000n,
      outstandingInterestPaise: 0n,
    });
    expect(after!.dueDate).toBe(renewed.dueDate);
    await refused(
      rollover(
        deps,
        { orderId: order.id, idempotencyKey: k('ro'), amountPaise: 32_850n, channel: 'upi' },
        null,
      ),
      'rolloverLimitReached',
    );
    expect((await orderDetail(t.db, order.id)).repayments.map((r) => r.type)).toEqual(['renew']);
  });

  it('exits in the cooling-off window with principal + interest for days used; refuses after it', async () => {
    const order = await makeActiveOrder(deps, productId);
    const late = await makeActiveOrder(deps, productId);
    await advanceDays(2);
    const exit = await coolingOffExit(
      deps,
      { orderId: order.id, idempotencyKey: k('co'), amountPaise: 450_900n, channel: 'upi' },
      null,
    );
    expect(exit).toMatchObject({ status: 'CLEARED', closureType: 'COOLING_OFF_EXIT' });
    await advanceDays(3);
    await refused(
      coolingOffExit(
        deps,
        { orderId: late.id, idempotencyKey: k('co'), amountPaise: 452_250n, channel: 'upi' },
        null,
      ),
      'coolingOffWindowClosed',
    );
  });

  it('waives part of what is owed (the penal charge): the loan stays overdue, never more than owed', async () => {
    const order = await makeActiveOrder(deps, productId);
    await advanceDays(17);
    const overdue = (await findOrder(t.db, order.id))!;
    expect(overdue.status).toBe('OVERDUE');
    const penal = Number(overdue.outstandingPenalPaise);
    expect(penal).toBeGreaterThan(0);

    const wkey = k('wp');
    const partial = await waiver(
      deps,
      {
        orderId: order.id,
        idempotencyKey: wkey,
        reason: 'first default',
        amounts: { penalPaise: penal },
      },
      7,
    );
    expect(partial).toMatchObject({ status: 'OVERDUE', closureType: null, amountPaise: penal });
    const after = (await findOrder(t.db, order.id))!;
    expect(after.outstandingPenalPaise).toBe(0n);
    expect(after.outstandingPrincipalPaise).toBe(overdue.outstandingPrincipalPaise);
    expect((await accountTotals(order.id))['expense:waiver']).toBe(BigInt(penal));
    // The same key again: the same answer, no second journal.
    const journals = (await journalsOf(order.id)).length;
    expect(
      await waiver(
        deps,
        {
          orderId: order.id,
          idempotencyKey: wkey,
          reason: 'first default',
          amounts: { penalPaise: penal },
        },
        7,
      ),
    ).toEqual(partial);
    expect((await journalsOf(order.id)).length).toBe(journals);

    // More than is owed of a part is refused, naming it; nothing to waive is refused too.
    const tooMuch = await refused(
      waiver(
        deps,
        { orderId: order.id, idempotencyKey: k('wp'), reason: 'x', amounts: { penalPaise: 1 } },
        7,
      ),
      'validationFailed',
    );
    expect(tooMuch.params.field).toBe('amounts.penalPaise');
    await refused(
      waiver(deps, { orderId: order.id, idempotencyKey: k('wp'), reason: 'x', amounts: {} }, 7),
      'amountNotAllowed',
    );

    // Waiving every part that is left is a settlement.
    const rest = (await findOrder(t.db, order.id))!;
    const settled = await waiver(
      deps,
      {
        orderId: order.id,
        idempotencyKey: k('wp'),
        reason: 'hardship',
        amounts: {
          principalPaise: Number(rest.outstandingPrincipalPaise),
          interestPaise: Number(rest.outstandingInterestPaise),
          feePaise: Number(rest.outstandingFeePaise),
          gstPaise: Number(rest.outstandingGstPaise),
          penalPaise: Number(rest.outstandingPenalPaise),
        },
      },
      7,
    );
    expect(settled).toMatchObject({ status: 'CLEARED', closureType: 'SETTLED_WITH_WAIVER' });
  });

  it('settles with a waiver, writes off only overdue loans, and a reversed repayment re-opens a cleared order', async () => {
    const settled = await makeActiveOrder(deps, productId);
    const bad = await makeActiveOrder(deps, productId);
    const reopened = await makeActiveOrder(deps, productId);
    await advanceDays(5);
    const paid = await postRepayment(
      deps,
      { orderId: reopened.id, idempotencyKey: k('r'), amountPaise: 452_250n, channel: 'upi' },
      null,
    );
    expect(paid).toMatchObject({ status: 'CLEARED', closureType: 'ADVANCE_CLEAR' });
    await postRepayment(
      deps,
      { orderId: settled.id, idempotencyKey: k('r'), amountPaise: 400_000n, channel: 'upi' },
      null,
    );
    expect(
      await waiver(deps, { orderId: settled.id, idempotencyKey: k('w'), reason: 'hardship' }, 7),
    ).toMatchObject({
      status: 'CLEARED',
      closureType: 'SETTLED_WITH_WAIVER',
      amountPaise: 52_250,
    });
    await refused(
      writeOff(deps, { orderId: bad.id, idempotencyKey: k('wo'), reason: 'not overdue' }, 7),
      'orderStateConflict',
    );
    await advanceDays(40);
    expect(
      await writeOff(deps, { orderId: bad.id, idempotencyKey: k('wo'), reason: 'unreachable' }, 7),
    ).toMatchObject({ status: 'WRITTEN_OFF' });
    const rkey = k('rev');
    expect(
      await reverseRepayment(
        deps,
        { repaymentId: paid.repaymentId!, idempotencyKey: rkey, reason: 'chargeback' },
        7,
      ),
    ).toMatchObject({
      status: 'OVERDUE',
      closureType: null,
    });
    expect(
      await reverseRepayment(
        deps,
        { repaymentId: paid.repaymentId!, idempotencyKey: rkey, reason: 'chargeback' },
        7,
      ),
    ).toMatchObject({ status: 'OVERDUE' });
    await refused(
      reverseRepayment(
        deps,
        { repaymentId: paid.repaymentId!, idempotencyKey: k('rev'), reason: 'again' },
        7,
      ),
      'repaymentAlreadyReversed',
    );
    const back = await findOrder(t.db, reopened.id);
    expect(back!.outstandingPrincipalPaise).toBe(450_000n);
    // 45 India days of day-end over every loan the file's earlier tests left active: under 30 s
    // on a quiet two-core machine, over 50 s when the suite shares it, past the 30 s default.
  }, 120_000);
});
