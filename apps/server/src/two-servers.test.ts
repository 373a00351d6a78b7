import { loanBookApi, powerApi, userApi } from '@lending/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualScheduler } from './integrations/payouts/index.js';
import { runDayEnd } from './modules/day-end/index.js';
import { checkLedger } from './modules/loan-book/index.js';
import {
  loanBookDeps,
  makeActiveOrder,
  makeApprovedOrder,
  makeProduct,
} from './testing/loan-book.factories.js';
import { indiaDateOf } from './shared/india-date.js';
import { queryRows } from './shared/sql-rows.js';
import { buildTestApp, joinTestApp, type TestApp } from './testing/build-test-app.js';
import { callEndpoint, createStaff, loginAs } from './testing/factories.js';

/**
 * More than one server (issue #15): two servers on one PostgreSQL schema, each with its own
 * connection pool, settings cache and rate limiter, as two processes behind a round-robin
 * balancer have. What one server does must hold on the other at once (sessions, sign-out,
 * grants), and work that both may start (a payout storm, the day-end) must happen once.
 * In one process, with a manual clock and the sandbox's outcomes held where the tests put
 * them; two-processes.test.ts shows the same with real server processes behind a balancer,
 * and the export tests show exports and their files across two servers.
 * PostgreSQL only: PGlite is one process's database.
 */
const databaseUrl = process.env.DATABASE_URL;

describe.runIf(databaseUrl)('two servers on one database (PostgreSQL)', () => {
  let first: TestApp;
  let second: TestApp;
  /** Round-robin over the two, as the balancer sends calls. */
  const serverFor = (i: number) => (i % 2 === 0 ? first : second).app;

  beforeAll(async () => {
    // Payout outcomes stay where the tests put them: neither server's sandbox acts alone.
    first = await buildTestApp({
      demoData: false,
      gateways: { scheduler: createManualScheduler() },
    });
    second = await joinTestApp(first);
  }, 60_000);

  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('a session made on one server works on the other, and a sign-out on either ends it on both', async () => {
    const token = await loginAs(first.app);
    const onSecond = await callEndpoint(second.app, userApi.userInfo, undefined, token);
    expect(onSecond.statusCode).toBe(200);
    expect(onSecond.json().ret.email).toBe('admin@example.com');

    expect((await callEndpoint(second.app, userApi.logout, undefined, token)).statusCode).toBe(200);
    expect((await callEndpoint(first.app, userApi.userInfo, undefined, token)).statusCode).toBe(
      401,
    );
    expect((await callEndpoint(second.app, userApi.userInfo, undefined, token)).statusCode).toBe(
      401,
    );
  });

  it('a grant taken away on one server is refused on the other at the next call', async () => {
    const admin = await loginAs(first.app);
    const staff = await createStaff(first.db, first.clock, {
      interfaces: ['user.get_users', 'power.roles'],
    });
    const token = await loginAs(second.app, staff);
    expect((await callEndpoint(second.app, powerApi.getRoles, {}, token)).json().code).toBe(0);

    const revoke = await callEndpoint(
      first.app,
      powerApi.setRoleInterfaces,
      { id: staff.roleId, interfaces: ['user.get_users'] },
      admin,
    );
    expect(revoke.json().code).toBe(0);
    expect((await callEndpoint(second.app, powerApi.getRoles, {}, token)).statusCode).toBe(403);
  });

  it('a disburse storm spread over both servers pays each order once, with one balanced journal', async () => {
    const deps = loanBookDeps(first.db, first.clock);
    const productId = (await makeProduct(deps)).id;
    const orders: number[] = [];
    for (let i = 0; i < 20; i += 1) orders.push((await makeApprovedOrder(deps, productId)).id);
    const admin = await loginAs(first.app);

    // Ten clicks per order, each with its own key (ten staff, or one impatient one), sent
    // alternately to the two servers, all at once.
    const answers = await Promise.all(
      orders.flatMap((orderId) =>
        Array.from({ length: 10 }, (_, i) =>
          callEndpoint(
            serverFor(i),
            loanBookApi.createPayout,
            { orderId, idempotencyKey: `storm-${orderId}-${i}`, channel: 'sandbox' },
            admin,
          ).then((response) => ({ orderId, status: response.statusCode })),
        ),
      ),
    );
    // Every click is answered: paid, or refused because the order already moved on. Never a 5xx.
    expect(answers.filter((a) => a.status !== 200 && a.status !== 409)).toEqual([]);
    for (const orderId of orders) {
      expect(answers.filter((a) => a.orderId === orderId && a.status === 200)).toHaveLength(1);
    }
    const perOrder = await queryRows(
      first.db,
      sql`select o.id, o.status,
            (select count(*) from payouts p where p.order_id = o.id)::int as payouts,
            (select count(*) from ledger_journals j where j.order_id = o.id)::int as journals
          from loan_orders o where o.id in (${sql.join(
            orders.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
    expect(perOrder).toHaveLength(orders.length);
    for (const row of perOrder) expect(row).toMatchObject({ payouts: 1, journals: 1 });
    expect((await checkLedger(first.db)).ok).toBe(true);
  }, 120_000);

  it('the day-end started on both servers at once runs each date once', async () => {
    const deps = loanBookDeps(first.db, first.clock);
    const productId = (await makeProduct(deps)).id;
    const today = indiaDateOf(first.clock.now());
    const active: number[] = [];
    for (let i = 0; i < 30; i += 1) active.push((await makeActiveOrder(deps, productId)).id);
    // Three days later: each server's scheduler finds the same three dates due.
    first.clock.advance(3 * 24 * 60 * 60 * 1000);

    const [a, b] = await Promise.all([
      runDayEnd({ db: first.db, clock: first.clock, holder: 'server-a' }),
      runDayEnd({ db: second.db, clock: second.clock, holder: 'server-b' }),
    ]);
    // One holds the lease and runs; the other finds it held and does nothing.
    expect([a.ran, b.ran].sort()).toEqual([false, true]);
    const runs = await queryRows(
      first.db,
      sql`select business_date::text as date, orders_processed as processed from day_end_runs
          where business_date >= ${today} and status = 'completed' order by business_date`,
    );
    expect(runs.map((row) => row.date)).toEqual(
      a.ran ? a.dates.map((d) => d.businessDate) : b.dates.map((d) => d.businessDate),
    );
    expect(runs.length).toBe(3);
    // Each order carried through each date exactly once: one day-end journal per order and date.
    const journals = await queryRows(
      first.db,
      sql`select order_id, business_date::text as date, count(*)::int as n from ledger_journals
          where event_type = 'interestAccrual' and order_id in (${sql.join(
            active.map((id) => sql`${id}`),
            sql`, `,
          )}) group by order_id, business_date`,
    );
    expect(journals).toHaveLength(active.length * runs.length);
    for (const row of journals) expect(row.n).toBe(1);
    expect((await checkLedger(first.db)).ok).toBe(true);
  }, 120_000);
});
