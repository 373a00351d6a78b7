import { financeApi } from '@lending/contract';
import { and, eq, sql } from 'drizzle-orm';
import { addDays } from '@lending/lending';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../testing/tables.js';
import { manualGateways } from '../../integrations/testing/manual-gateways.js';
import { indiaDateOf, startOfIndiaDate } from '../../shared/india-date.js';
import { queryRows } from '../../shared/sql-rows.js';
import { buildTestApp, joinTestApp, type TestApp } from '../../testing/build-test-app.js';
import { callEndpoint, loginAs } from '../../testing/factories.js';
import { acquireLease, releaseLease } from '../job-leases/index.js';
import { checkLedger } from '../loan-book/index.js';
import { loanBookDeps } from '../../testing/loan-book.factories.js';
import { reconciliationDays } from './finance.table.js';
import type { ReconciliationDeps } from './reconciliation.service.js';
import {
  CATCH_UP_DAYS,
  dueReconciliationDays,
  runScheduledReconciliation,
  SCHEDULED_RECONCILIATION_ACTION,
  SCHEDULED_RECONCILIATION_LEASE,
} from './scheduled-reconciliation.js';

/** India midnight of `date` plus `minutes`. */
const indiaTime = (date: string, minutes: number) =>
  new Date(startOfIndiaDate(date).getTime() + minutes * 60_000);

describe('which days the schedule reconciles', () => {
  it('yesterday from the set India time on, and every earlier day of the catch-up week', () => {
    const today = '2026-11-24';
    const before = dueReconciliationDays(indiaTime(today, 1 * 60 + 59), '02:00');
    const from = dueReconciliationDays(indiaTime(today, 2 * 60), '02:00');
    expect(before).toEqual([
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
    ]);
    expect(from).toEqual([...before, '2026-11-23']);
    expect(from).toHaveLength(CATCH_UP_DAYS);
    expect(dueReconciliationDays(indiaTime(today, 23 * 60), 'off')).toEqual([]);
  });
});

function depsOf(t: TestApp, gatewayOf: TestApp = t): ReconciliationDeps {
  return {
    db: t.db,
    clock: t.clock,
    loanBook: loanBookDeps(t.db, t.clock),
    // Every server reads the one bank's statement.
    collections: gatewayOf.app.integrations.collections,
    payouts: gatewayOf.app.integrations.payouts.gateway,
  };
}

async function scheduledRunsOf(t: TestApp) {
  const rows = await t.db
    .select({ date: auditEvents.targetId })
    .from(auditEvents)
    .where(eq(auditEvents.action, SCHEDULED_RECONCILIATION_ACTION))
    .orderBy(auditEvents.targetId);
  return rows.map((row) => row.date);
}

describe('the scheduled reconciliation', () => {
  let t: TestApp;
  const gateways = manualGateways(() => t.app);
  const moveTo = (at: Date) => t.clock.advance(at.getTime() - t.clock.now().getTime());
  const today = () => indiaDateOf(t.clock.now());

  beforeAll(async () => {
    t = await buildTestApp({ demoData: false, gateways });
  }, 60_000);
  afterAll(() => t.close());
  afterEach(async () => {
    const check = await checkLedger(t.db);
    expect(check.unbalancedJournals).toEqual([]);
  });

  it('runs yesterday once the set time has passed, once, and shows the schedule ran it', async () => {
    const day = today();
    const next = addDays(day, 1);
    moveTo(indiaTime(next, 1 * 60 + 59));
    const early = await runScheduledReconciliation(depsOf(t), '02:00');
    expect(early.reconciled).not.toContain(day);
    expect(early.reconciled).toHaveLength(CATCH_UP_DAYS - 1);

    t.clock.advanceMinutes(1);
    expect(await runScheduledReconciliation(depsOf(t), '02:00')).toEqual({
      reconciled: [day],
      busy: false,
    });
    // Checked again a minute later (the next tick): nothing is due.
    t.clock.advanceMinutes(1);
    expect(await runScheduledReconciliation(depsOf(t), '02:00')).toEqual({
      reconciled: [],
      busy: false,
    });
    expect((await scheduledRunsOf(t)).filter((date) => date === day)).toHaveLength(1);

    const admin = await loginAs(t.app);
    const listed = await callEndpoint(
      t.app,
      financeApi.reconciliationDayList,
      { filters: { dateFrom: day, dateTo: day } },
      admin,
    );
    expect(listed.json().ret.list).toMatchObject([
      { date: day, checkedBy: 'scheduled', checkedByName: null },
      { date: day, checkedBy: 'scheduled', checkedByName: null },
    ]);

    // A person runs the day again: the same path, now shown with their name.
    const rerun = await callEndpoint(t.app, financeApi.runReconciliation, { date: day }, admin);
    expect(rerun.statusCode).toBe(200);
    expect(rerun.json().ret.days).toMatchObject([
      { checkedBy: 'staff', checkedByName: 'Admin' },
      { checkedBy: 'staff', checkedByName: 'Admin' },
    ]);
  });

  it('off: nothing runs, whatever the time', async () => {
    moveTo(indiaTime(addDays(today(), 1), 23 * 60));
    expect(await runScheduledReconciliation(depsOf(t), 'off')).toEqual({
      reconciled: [],
      busy: false,
    });
  });

  it('after downtime it catches up every missed day, and a day run during the day again', async () => {
    // The server is down from here (the last scheduled run was two days ago); at noon a person
    // runs today early.
    moveTo(indiaTime(addDays(today(), 1), 12 * 60));
    const first = today();
    const admin = await loginAs(t.app);
    expect(
      (await callEndpoint(t.app, financeApi.runReconciliation, { date: first }, admin)).statusCode,
    ).toBe(200);

    // Three days later the server is back after the set time.
    moveTo(indiaTime(addDays(first, 3), 3 * 60));
    const run = await runScheduledReconciliation(depsOf(t), '02:00');
    // Every day since the last scheduled run, and the one the noon run saw only half of.
    expect(run.reconciled).toEqual([-2, -1, 0, 1, 2].map((days) => addDays(first, days)));
    const [row] = await t.db
      .select()
      .from(reconciliationDays)
      .where(
        and(eq(reconciliationDays.businessDate, first), eq(reconciliationDays.side, 'collection')),
      );
    expect(row!.checkedAt >= startOfIndiaDate(addDays(first, 1))).toBe(true);

    // A week and more of downtime: only the last CATCH_UP_DAYS days are caught up.
    moveTo(indiaTime(addDays(today(), 10), 3 * 60));
    const late = await runScheduledReconciliation(depsOf(t), '02:00');
    expect(late.reconciled).toEqual(
      Array.from({ length: CATCH_UP_DAYS }, (_, i) => addDays(today(), i - CATCH_UP_DAYS)),
    );
  });

  it('finds the lease held by another server: does nothing and says so; free, the next check does the day', async () => {
    moveTo(indiaTime(addDays(today(), 1), 3 * 60));
    const day = addDays(today(), -1);
    const other = 'another server';
    const lease = [t.db, SCHEDULED_RECONCILIATION_LEASE, other] as const;
    expect(await acquireLease(...lease, t.clock.now(), 60_000)).toBe(true);
    expect(await runScheduledReconciliation(depsOf(t), '02:00')).toEqual({
      reconciled: [],
      busy: true,
    });
    await releaseLease(...lease, t.clock.now());
    expect(await runScheduledReconciliation(depsOf(t), '02:00')).toEqual({
      reconciled: [day],
      busy: false,
    });
  });
});

/**
 * Two servers on one PostgreSQL database check the schedule at the same minute: each day is
 * reconciled by one of them, once. PostgreSQL only: PGlite is one process's database.
 */
describe.runIf(process.env.DATABASE_URL)('the scheduled reconciliation on two servers', () => {
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    first = await buildTestApp({ demoData: false });
    second = await joinTestApp(first);
  }, 60_000);
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('reconciles each due day once between them', async () => {
    const next = addDays(indiaDateOf(first.clock.now()), 1);
    first.clock.advance(indiaTime(next, 2 * 60 + 5).getTime() - first.clock.now().getTime());
    const [a, b] = await Promise.all([
      runScheduledReconciliation(depsOf(first), '02:00'),
      runScheduledReconciliation(depsOf(second, first), '02:00'),
    ]);
    const all = [...a.reconciled, ...b.reconciled].sort();
    expect(all).toEqual(dueReconciliationDays(first.clock.now(), '02:00'));
    expect(await scheduledRunsOf(first)).toEqual(all);
    const [rows] = await queryRows(
      first.db,
      sql`select count(*)::int as n from reconciliation_days where side = 'collection'`,
    );
    expect(Number(rows!.n)).toBe(CATCH_UP_DAYS);
    // A second check by either finds nothing left to do.
    expect((await runScheduledReconciliation(depsOf(second, first), '02:00')).reconciled).toEqual(
      [],
    );
  });
});
