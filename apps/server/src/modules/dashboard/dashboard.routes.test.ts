import {
  type AssetClass,
  dashboardSummarySchema,
  type DashboardSummary,
  dashboardApi,
} from '@lending/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { badBody, callEndpoint, createStaff, loginAs } from '../../testing/factories.js';
import { runDayEnd } from '../day-end/index.js';
import { postRepayment, type LoanBookDeps } from '../loan-book/index.js';
import { loanOrders } from '../loan-book/tables.js';
import {
  loanBookDeps,
  makeActiveOrder,
  makeApplication,
  makeProduct,
} from '../../testing/loan-book.factories.js';
import { dashboardSummary } from './dashboard.service.js';

const DAY_MS = 24 * 60 * 60_000;

let t: TestApp;
let deps: LoanBookDeps;
let granted: { email: string; password: string };
let noGrant: { email: string; password: string };

beforeAll(async () => {
  // The manual clock starts at 2025-01-15 10:00 India time.
  t = await buildTestApp({ demoData: false });
  deps = loanBookDeps(t.db, t.clock);
  granted = await createStaff(t.db, t.clock, {
    menus: ['Dashboard'],
    interfaces: ['dashboard.summary'],
  });
  noGrant = await createStaff(t.db, t.clock, { menus: ['Dashboard'] });
});
afterAll(() => t.close());

async function summary(range: 'last3days' | 'lastWeek' | 'lastMonth'): Promise<DashboardSummary> {
  // The clock moves by days here: sign in afresh (sessions last 8 hours).
  const response = await callEndpoint(
    t.app,
    dashboardApi.dashboardSummary,
    { range },
    await loginAs(t.app, granted),
  );
  expect(response.statusCode).toBe(200);
  return dashboardSummarySchema.parse(response.json().ret);
}

describe('dashboard summary', () => {
  it('answers zeros on an empty book, with the range ending today (India)', async () => {
    const figures = await summary('last3days');
    expect(figures).toMatchObject({
      from: '2025-01-13',
      to: '2025-01-15',
      asOf: '2025-01-15 23:59:59',
      indiaNow: '2025-01-15 10:00:00',
    });
    expect(figures.daily.map((day) => day.date)).toEqual([
      '2025-01-13',
      '2025-01-14',
      '2025-01-15',
    ]);
    expect(figures.totals).toEqual({
      registrations: 0,
      applications: 0,
      approvals: 0,
      disbursals: { count: 0, amountPaise: 0 },
      repayments: { count: 0, amountPaise: 0 },
      due: { count: 0, amountPaise: 0 },
      overdue: { count: 0, amountPaise: 0 },
    });
    expect(figures.assetClasses).toEqual(
      (['STANDARD', 'SMA-0', 'SMA-1', 'SMA-2', 'NPA'] as const).map((assetClass) => ({
        assetClass,
        count: 0,
        outstandingPaise: 0,
        suspensePaise: 0,
      })),
    );
    expect((await summary('lastWeek')).daily).toHaveLength(7);
    expect((await summary('lastMonth')).daily).toHaveLength(30);
  });

  it('counts the rows the services made, per India date, and the range changes them', async () => {
    const product = await makeProduct(deps);
    // 2025-01-15: two customers register and apply; one is approved, disbursed and repays ₹1,000.
    const active = await makeActiveOrder(deps, product.id);
    await makeApplication(deps, product.id);
    await postRepayment(
      deps,
      {
        orderId: active.id,
        idempotencyKey: 'dash-repay-1',
        amountPaise: 100_000n,
        channel: 'upi',
      },
      null,
    );
    let figures = await summary('last3days');
    expect(figures.totals).toEqual({
      registrations: 2,
      applications: 2,
      approvals: 1,
      disbursals: { count: 1, amountPaise: 412_830 },
      repayments: { count: 1, amountPaise: 100_000 },
      due: { count: 0, amountPaise: 0 },
      overdue: { count: 0, amountPaise: 0 },
    });
    expect(figures.daily[2]).toMatchObject({ date: '2025-01-15', applications: 2 });
    expect(figures.daily[0]).toMatchObject({ date: '2025-01-13', applications: 0 });

    // 2025-01-29 is the due date (tenor 14): the last three days hold it; the day-15 figures
    // fell out of that range but stay in the last month.
    t.clock.advance(14 * DAY_MS);
    figures = await summary('last3days');
    expect(figures.totals).toMatchObject({
      registrations: 0,
      applications: 0,
      disbursals: { count: 0, amountPaise: 0 },
      due: { count: 1, amountPaise: 456_300 },
      overdue: { count: 0, amountPaise: 0 },
    });
    const month = await summary('lastMonth');
    expect(month.totals).toMatchObject({
      registrations: 2,
      applications: 2,
      approvals: 1,
      disbursals: { count: 1, amountPaise: 412_830 },
      repayments: { count: 1, amountPaise: 100_000 },
      due: { count: 1, amountPaise: 456_300 },
    });
    expect(month.daily.find((day) => day.date === '2025-01-15')?.registrations).toBe(2);

    // Two days later the day-end has made it overdue: what it still owes is the overdue amount.
    t.clock.advance(2 * DAY_MS);
    await runDayEnd({ db: t.db, clock: t.clock, holder: 'dashboard-test' });
    figures = await summary('last3days');
    expect(figures.totals.overdue.count).toBe(1);
    // 4,500 + 16 days × 4.50 interest + 1 day × 20 penal − 1,000 repaid (penal accrues from the
    // day-end after the due date).
    expect(figures.totals.overdue.amountPaise).toBeGreaterThan(356_300);
    expect(figures.daily.find((day) => day.date === '2025-01-29')?.overdue.count).toBe(1);
  });

  it('shows the loans that owe by asset class: counts, what they owe and the NPAs’ suspense', async () => {
    const before = new Map((await summary('last3days')).assetClasses.map((c) => [c.assetClass, c]));
    const product = await makeProduct(deps);
    /** An order made active, then given a class, a status and balances as a day-end leaves them. */
    const loan = async (
      status: 'ACTIVE' | 'DUE' | 'OVERDUE' | 'WRITTEN_OFF' | 'CLEARED',
      rbiClass: AssetClass,
      [principal, interest, fee, gst, penal]: number[],
      [suspenseInterest, suspensePenal] = [0, 0],
    ) => {
      const order = await makeActiveOrder(deps, product.id);
      await t.db
        .update(loanOrders)
        .set({
          status,
          rbiClass,
          outstandingPrincipalPaise: BigInt(principal!),
          outstandingInterestPaise: BigInt(interest!),
          outstandingFeePaise: BigInt(fee!),
          outstandingGstPaise: BigInt(gst!),
          outstandingPenalPaise: BigInt(penal!),
          suspenseInterestPaise: BigInt(suspenseInterest!),
          suspensePenalPaise: BigInt(suspensePenal!),
        })
        .where(eq(loanOrders.id, order.id));
    };
    await loan('ACTIVE', 'STANDARD', [450_000, 4_500, 0, 0, 0]);
    await loan('DUE', 'STANDARD', [300_000, 12_000, 1_000, 180, 0]);
    await loan('OVERDUE', 'SMA-0', [450_000, 20_000, 0, 0, 1_500]);
    await loan('OVERDUE', 'SMA-2', [200_000, 40_000, 0, 0, 30_000]);
    await loan('OVERDUE', 'NPA', [450_000, 60_000, 500, 90, 45_000], [18_000, 9_000]);
    await loan('OVERDUE', 'NPA', [100_000, 15_000, 0, 0, 11_000], [6_000, 2_500]);
    // Neither owes on the book: a written-off NPA and a cleared loan are in no class.
    await loan('WRITTEN_OFF', 'NPA', [450_000, 70_000, 0, 0, 50_000], [20_000, 10_000]);
    await loan('CLEARED', 'STANDARD', [0, 0, 0, 0, 0]);

    const after = (await summary('last3days')).assetClasses;
    expect(after.map((c) => c.assetClass)).toEqual(['STANDARD', 'SMA-0', 'SMA-1', 'SMA-2', 'NPA']);
    const added = Object.fromEntries(
      after.map((c) => {
        const was = before.get(c.assetClass)!;
        return [
          c.assetClass,
          {
            count: c.count - was.count,
            outstandingPaise: c.outstandingPaise - was.outstandingPaise,
            suspensePaise: c.suspensePaise - was.suspensePaise,
          },
        ];
      }),
    );
    expect(added).toEqual({
      STANDARD: { count: 2, outstandingPaise: 454_500 + 313_180, suspensePaise: 0 },
      'SMA-0': { count: 1, outstandingPaise: 471_500, suspensePaise: 0 },
      'SMA-1': { count: 0, outstandingPaise: 0, suspensePaise: 0 },
      'SMA-2': { count: 1, outstandingPaise: 270_000, suspensePaise: 0 },
      NPA: { count: 2, outstandingPaise: 555_590 + 126_000, suspensePaise: 27_000 + 8_500 },
    });
  });

  it('the service and the route agree', async () => {
    const direct = await dashboardSummary({ db: t.db, clock: t.clock }, 'lastWeek');
    expect(await summary('lastWeek')).toEqual(direct);
  });
});

describe('dashboard route', () => {
  it('refuses a caller without dashboard.summary (403) and without a session (401)', async () => {
    const refused = await callEndpoint(
      t.app,
      dashboardApi.dashboardSummary,
      { range: 'last3days' },
      await loginAs(t.app, noGrant),
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe(4003);
    const anonymous = await callEndpoint(t.app, dashboardApi.dashboardSummary, {
      range: 'last3days',
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('names a bad range (400) and refuses unknown fields', async () => {
    const token = await loginAs(t.app, granted);
    const bad = await callEndpoint(
      t.app,
      dashboardApi.dashboardSummary,
      badBody({ range: 'yesterday' }),
      token,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors![0]!.field).toBe('range');
    const extra = await callEndpoint(
      t.app,
      dashboardApi.dashboardSummary,
      badBody({ range: 'lastWeek', x: 1 }),
      token,
    );
    expect(extra.statusCode).toBe(400);
  });
});
