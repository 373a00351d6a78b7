import { randomBytes } from 'node:crypto';
import { addDays } from '@lending/lending';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { borrowerAccounts, customers } from '../../testing/tables.js';
import { indiaDateOf, startOfIndiaDate } from '../../shared/india-date.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { createStaff, loginAs, post } from '../../testing/factories.js';
import { rolloverQuoteOfOrder } from '../borrower-app/index.js';
import { runDayEnd } from '../day-end/index.js';
import {
  createPayout,
  finalReview,
  findOrder,
  firstReview,
  postRepayment,
  recordPayoutResult,
  rollover,
  runMachineReview,
  submitApplication,
  type LoanBookDeps,
} from '../loan-book/index.js';
import {
  FINAL_REVIEWER,
  FIRST_REVIEWER,
  loanBookDeps,
  makeCustomer,
  makeProduct,
} from '../../testing/loan-book.factories.js';

/**
 * A small book whose every figure is known:
 * - google: 3 registrants on day 0. A finishes KYC, borrows, clears the loan the same day and
 *   borrows again (still unpaid at its due date); B finishes KYC, applies and is rejected at
 *   first review; C only registers.
 * - facebook: 2 registrants on day 0. D borrows and clears the loan the same day; E only
 *   finishes KYC.
 */
let t: TestApp;
let deps: LoanBookDeps;
let productId: number;
let readerLogin: { email: string; password: string };
let reader: string;
let noGrant: string;
let day0: string;
const HOUR = 3_600_000;

let phoneSeq = 0;
async function register(channel: string, kyc: boolean): Promise<number | null> {
  const at = t.clock.now();
  let customerId: number | null = null;
  let phone = `6${String(100_000_000 + (phoneSeq += 1))}`;
  if (kyc) {
    const customer = await makeCustomer(deps);
    await t.db.update(customers).set({ channel }).where(eq(customers.id, customer.id));
    customerId = customer.id;
    phone = customer.phone;
  }
  await t.db.insert(borrowerAccounts).values({
    phone,
    registrationDate: indiaDateOf(at),
    registeredAt: at,
    channel,
    customerId,
    updatedAt: at,
  });
  return customerId;
}

async function apply(customerId: number) {
  const order = await submitApplication(
    deps,
    {
      customerId,
      productId,
      principalPaise: 500_000n,
      acceptance: { acceptedAt: t.clock.now(), channel: 'app', otpReference: 'otp-test' },
      applicantFeatures: {},
    },
    null,
  );
  await runMachineReview(deps, order.id);
  return order;
}

async function borrow(customerId: number) {
  const order = await apply(customerId);
  await firstReview(deps, { orderId: order.id, decision: 'pass' }, FIRST_REVIEWER);
  await finalReview(deps, { orderId: order.id, decision: 'pass' }, FINAL_REVIEWER);
  const payout = await createPayout(
    deps,
    { orderId: order.id, idempotencyKey: `pay-${order.id}`, channel: 'sandbox' },
    null,
  );
  await recordPayoutResult(deps, payout.payoutId!, { status: 'processed', utr: `UTR${order.id}` });
  return order;
}

async function repayInFull(orderId: number) {
  const order = (await findOrder(t.db, orderId))!;
  const owed =
    order.outstandingPrincipalPaise +
    order.outstandingInterestPaise +
    order.outstandingFeePaise +
    order.outstandingGstPaise +
    order.outstandingPenalPaise;
  await postRepayment(
    deps,
    {
      orderId,
      idempotencyKey: `repay-${orderId}-${randomBytes(3).toString('hex')}`,
      channel: 'upi',
      amountPaise: owed,
    },
    null,
  );
  expect((await findOrder(t.db, orderId))!.clearedDate).not.toBeNull();
}

const report = (path: string, body: object, token = reader) => post(t.app, path, body, token);

async function signInAgain() {
  // Sessions end after 15 idle minutes: sign in again after the clock moved.
  reader = await loginAs(t.app, readerLogin);
  noGrant = await loginAs(
    t.app,
    await createStaff(t.db, t.clock, { interfaces: ['order.detail'] }),
  );
}

beforeAll(async () => {
  t = await buildTestApp({ demoData: false });
  deps = loanBookDeps(t.db, t.clock);
  productId = (await makeProduct(deps)).id;
  day0 = indiaDateOf(t.clock.now());

  const a = (await register('google', true))!;
  const b = (await register('google', true))!;
  await register('google', false);
  const d = (await register('facebook', true))!;
  await register('facebook', true);

  const first = await borrow(a);
  await repayInFull(first.id);
  await borrow(a);
  const rejected = await apply(b);
  await firstReview(
    deps,
    { orderId: rejected.id, decision: 'reject', reason: 'income not verified' },
    FIRST_REVIEWER,
  );
  const dLoan = await borrow(d);
  await repayInFull(dLoan.id);

  readerLogin = await createStaff(t.db, t.clock, {
    interfaces: [
      'report.channel_monitoring',
      'report.conversion_rate',
      'report.registration_report',
      'report.borrow_again_rate',
      'report.channel_conversion_rate',
      'channel.pipeline_analysis',
    ],
  });
  await signInAgain();
}, 60_000);
afterAll(() => t.close());

describe('channel reports on the day (today recomputed on request)', () => {
  it('registrationReport: registrants per channel, KYC and same-day applications', async () => {
    const response = await report('/report/registration_report', {
      filters: { dateFrom: day0, dateTo: day0 },
      sort: { field: 'channel', order: 'asc' },
    });
    expect(response.statusCode).toBe(200);
    const { list, totals } = response.json().ret;
    expect(list).toEqual([
      {
        date: day0,
        channel: 'facebook',
        registrations: 2,
        kycCompleted: 2,
        kycRate: 1,
        appliedSameDay: 1,
        sameDayApplyRate: 0.5,
      },
      {
        date: day0,
        channel: 'google',
        registrations: 3,
        kycCompleted: 2,
        kycRate: 2 / 3,
        appliedSameDay: 2,
        sameDayApplyRate: 2 / 3,
      },
    ]);
    expect(totals).toEqual({
      registrations: 5,
      kycCompleted: 4,
      kycRate: 0.8,
      appliedSameDay: 3,
      sameDayApplyRate: 0.6,
    });
  });

  it('channelConversionRate: each channel’s funnel with true fractions', async () => {
    const { list, totals } = (
      await report('/report/channel_conversion_rate', { filters: { dateFrom: day0 } })
    ).json().ret;
    const google = list.find((row: { channel: string }) => row.channel === 'google');
    expect(google).toEqual({
      channel: 'google',
      registrations: 3,
      kycCompleted: 2,
      applied: 2,
      machinePassed: 2,
      approved: 1,
      disbursed: 1,
      kycRate: 2 / 3,
      applyRate: 1,
      machinePassRate: 1,
      approveRate: 0.5,
      disburseRate: 1,
      conversionRate: 1 / 3,
    });
    expect(totals).toMatchObject({
      registrations: 5,
      kycCompleted: 4,
      applied: 3,
      approved: 2,
      disbursed: 2,
      applyRate: 0.75,
      conversionRate: 0.4,
    });
    // The biggest channel first by default.
    expect(list.map((row: { channel: string }) => row.channel)).toEqual(['google', 'facebook']);
  });

  it('conversionRate and pipelineAnalysis: the same funnel by period and by day and channel', async () => {
    const byDay = (
      await report('/report/conversion_rate', { filters: { channel: 'google' } })
    ).json().ret;
    expect(byDay.list).toHaveLength(1);
    expect(byDay.list[0]).toMatchObject({ period: day0, registrations: 3, conversionRate: 1 / 3 });
    const byWeek = (
      await report('/report/conversion_rate', { filters: { granularity: 'week' } })
    ).json().ret;
    // 2025-01-15 is a Wednesday: its week starts on Monday the 13th.
    expect(byWeek.list).toEqual([
      expect.objectContaining({ period: '2025-01-13', registrations: 5 }),
    ]);
    const pipeline = (await report('/channel/pipeline_analysis', {})).json().ret;
    expect(pipeline.total).toBe(2);
    expect(pipeline.totals).toEqual(byWeek.totals);
    expect(pipeline.list).toContainEqual(
      expect.objectContaining({
        date: day0,
        channel: 'facebook',
        disbursed: 1,
        conversionRate: 0.5,
      }),
    );
  });

  it('borrowAgainRate: of the loans cleared, the share whose borrower took a new loan', async () => {
    const all = (await report('/report/borrow_again_rate', {})).json().ret;
    expect(all.list).toEqual([
      {
        date: day0,
        cleared: 2,
        within3: 1,
        within7: 1,
        within30: 1,
        rate3: 0.5,
        rate7: 0.5,
        rate30: 0.5,
      },
    ]);
    const facebook = (
      await report('/report/borrow_again_rate', { filters: { channel: 'facebook' } })
    ).json().ret;
    expect(facebook.totals).toMatchObject({ cleared: 1, within30: 0, rate30: 0 });
  });

  it('channelMonitoring: what each channel did on the day', async () => {
    const { list, totals } = (
      await report('/report/channel_monitoring', { sort: { field: 'channel', order: 'desc' } })
    ).json().ret;
    expect(list[0]).toEqual({
      date: day0,
      channel: 'google',
      registrations: 3,
      applications: 3,
      approvals: 2,
      disbursedCount: 2,
      disbursedPaise: 1_000_000,
      dueCount: 0,
      firstDayOverdue: 0,
      overdueRate: null,
    });
    expect(totals).toMatchObject({
      registrations: 5,
      applications: 4,
      approvals: 3,
      disbursedCount: 3,
    });
  });

  it('answers an empty range; refuses bad filters, an unknown sort and a caller without the grant', async () => {
    const empty = (
      await report('/report/channel_monitoring', {
        filters: { dateFrom: '2001-01-01', dateTo: '2001-01-31' },
      })
    ).json().ret;
    expect(empty).toMatchObject({
      list: [],
      total: 0,
      totals: { registrations: 0, overdueRate: null },
    });
    const backwards = await report('/report/registration_report', {
      filters: { dateFrom: '2025-02-02', dateTo: '2025-02-01' },
    });
    expect(backwards.statusCode).toBe(400);
    expect(
      (await report('/report/conversion_rate', { filters: { granularity: 'month' } })).statusCode,
    ).toBe(400);
    expect(
      (await report('/report/borrow_again_rate', { sort: { field: 'phone', order: 'asc' } }))
        .statusCode,
    ).toBe(400);
    for (const path of [
      '/report/channel_monitoring',
      '/report/conversion_rate',
      '/report/registration_report',
      '/report/borrow_again_rate',
      '/report/channel_conversion_rate',
      '/channel/pipeline_analysis',
    ]) {
      expect((await report(path, {}, noGrant)).statusCode, path).toBe(403);
    }
  });
});

describe('after the day-ends', () => {
  it('keeps the days and counts the loans due and not cleared by their due date', async () => {
    // Past the 14-day tenor: the day-end closes every day and settles the cohorts.
    t.clock.advance(startOfIndiaDate(addDays(day0, 20)).getTime() + HOUR - t.clock.now().getTime());
    await runDayEnd({ db: t.db, clock: t.clock, holder: 'test' });
    await signInAgain();
    const due = addDays(day0, 14);
    const { list, totals } = (
      await report('/report/channel_monitoring', {
        filters: { dateFrom: day0, dateTo: addDays(day0, 19) },
        sort: { field: 'channel', order: 'asc' },
      })
    ).json().ret;
    const dueRows = list.filter((row: { date: string }) => row.date === due);
    expect(dueRows).toEqual([
      expect.objectContaining({
        channel: 'facebook',
        dueCount: 1,
        firstDayOverdue: 0,
        overdueRate: 0,
      }),
      expect.objectContaining({
        channel: 'google',
        dueCount: 2,
        firstDayOverdue: 1,
        overdueRate: 0.5,
      }),
    ]);
    expect(totals).toMatchObject({
      registrations: 5,
      dueCount: 3,
      firstDayOverdue: 1,
      overdueRate: 1 / 3,
    });
    // The day-end wrote the same registrant figures as the live refresh.
    const registrations = (
      await report('/report/registration_report', { filters: { dateTo: addDays(day0, 19) } })
    ).json().ret;
    expect(registrations.totals).toMatchObject({ registrations: 5, kycCompleted: 4 });
  });
});

describe('borrowAgainRate: a rollover is not a new loan', () => {
  it('counts a new loan after a clearing, never the renewal of a loan taken before it', async () => {
    // Channel `partner`, on days P..P+2 after the day-ends above:
    // - G takes two loans on P, clears the first on P+1 and renews (rolls over) the second on
    //   P+2: the renewed loan was taken before the clearing, so G did not borrow again;
    // - H takes a loan on P, clears it on P+1 and takes a new one on P+2: H borrowed again.
    const p = indiaDateOf(t.clock.now());
    const at = (date: string, hours: number) =>
      t.clock.advance(startOfIndiaDate(date).getTime() + hours * HOUR - t.clock.now().getTime());
    /** The morning of a day: the night's day-end has run (the balances owed are today's). */
    const morningOf = async (date: string) => {
      at(date, 1);
      await runDayEnd({ db: t.db, clock: t.clock, holder: 'test' });
      at(date, 10);
    };
    at(p, 10);
    const g = (await register('partner', true))!;
    const h = (await register('partner', true))!;
    const gFirst = await borrow(g);
    const gSecond = await borrow(g);
    const hFirst = await borrow(h);

    await morningOf(addDays(p, 1));
    await repayInFull(gFirst.id);
    await repayInFull(hFirst.id);

    await morningOf(addDays(p, 2));
    const before = (await findOrder(t.db, gSecond.id))!;
    const quote = rolloverQuoteOfOrder(before, addDays(p, 2));
    expect(quote.available).toBe(true);
    await rollover(
      deps,
      {
        orderId: gSecond.id,
        idempotencyKey: `renew-${gSecond.id}`,
        channel: 'upi',
        amountPaise: BigInt(quote.totalPaise),
      },
      null,
    );
    const renewed = (await findOrder(t.db, gSecond.id))!;
    expect(renewed).toMatchObject({ rolloverCount: 1, clearedDate: null });
    expect(renewed.dueDate).toBe(quote.newDueDate);
    expect(quote.newDueDate! > before.dueDate!).toBe(true);
    await borrow(h);

    // The day-end settles P+2 too (the figures of a closed day are the day-end's).
    await morningOf(addDays(p, 3));
    await signInAgain();
    const { list, totals } = (
      await report('/report/borrow_again_rate', {
        filters: { channel: 'partner', dateFrom: p, dateTo: addDays(p, 2) },
      })
    ).json().ret;
    // A renewal is not a clearing either: only P+1 has loans cleared.
    expect(list).toEqual([
      {
        date: addDays(p, 1),
        cleared: 2,
        within3: 1,
        within7: 1,
        within30: 1,
        rate3: 0.5,
        rate7: 0.5,
        rate30: 0.5,
      },
    ]);
    expect(totals).toMatchObject({ cleared: 2, within3: 1, within30: 1 });
  });
});
