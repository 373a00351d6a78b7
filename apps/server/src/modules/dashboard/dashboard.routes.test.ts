import { dashboardSummarySchema, type DashboardSummary, dashboardApi } from '@lending/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { badBody, callEndpoint, createStaff, loginAs } from '../../testing/factories.js';
import { runDayEnd } from '../day-end/index.js';
import { postRepayment, type LoanBookDeps } from '../loan-book/index.js';
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
