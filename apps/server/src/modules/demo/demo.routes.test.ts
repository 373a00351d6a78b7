import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { DemoClock, ManualClock } from '../../shared/clock.js';
import { indiaDateOf } from '../../shared/india-date.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { createStaff, loginAs, post } from '../../testing/factories.js';
import { runDayEnd } from '../day-end/index.js';
import { loanOrders } from '../loan-book/index.js';
import { loanBookDeps, makeActiveOrder, makeProduct } from '../../testing/loan-book.factories.js';
import { recoveryCases } from '../recovery/tables.js';

/*
 * Decision 0066: the demo may move the server's business date forward at runtime and run the
 * day-end it makes due, so a browser journey sees an order go overdue; a server on any other
 * configuration has no such lever.
 */

const DAY = 86_400_000;
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await buildTestApp({
    demoData: false,
    demoClock: true,
    config: { demoClockWithin: { start: '00:00', end: '23:59' } },
  });
  admin = await loginAs(t.app);
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('the demo moves the business date forward', () => {
  it("runs the new yesterday's day-end: an order due today is overdue tomorrow, its case opened", async () => {
    const deps = loanBookDeps(t.db, t.clock);
    const order = await makeActiveOrder(deps, (await makeProduct(deps)).id);
    const [made] = await t.db.select().from(loanOrders).where(eq(loanOrders.id, order.id));
    // The morning of the due date, its day-end done through yesterday: the order is due.
    const now = t.clock.now();
    t.clock.advance(
      new Date(`${made!.dueDate}T10:00:00+05:30`).getTime() -
        new Date(`${indiaDateOf(now)}T10:00:00+05:30`).getTime(),
    );
    await runDayEnd({ db: t.db, clock: t.clock, holder: 'test' });
    admin = await loginAs(t.app);
    const status = async () =>
      (await t.db.select().from(loanOrders).where(eq(loanOrders.id, order.id)))[0]!.status;
    expect(await status()).toBe('DUE');

    const moved = await post(t.app, '/demo/next_day', { days: 1 }, admin);
    expect(moved.statusCode).toBe(200);
    const tomorrow = new Date(new Date(`${made!.dueDate}T00:00:00Z`).getTime() + DAY)
      .toISOString()
      .slice(0, 10);
    expect(moved.json().ret).toMatchObject({
      businessDate: tomorrow,
      dayEnd: { ran: true, dates: [{ businessDate: made!.dueDate }] },
    });
    expect(indiaDateOf(new Date(moved.json().ret.now))).toBe(tomorrow);
    expect(await status()).toBe('OVERDUE');
    const cases = await t.db
      .select()
      .from(recoveryCases)
      .where(eq(recoveryCases.orderId, order.id));
    expect(cases.find((c) => c.kind === 'collection')).toMatchObject({ status: 'open' });
    // The old session's day has passed with the clock (sessions are computed on it).
    expect((await post(t.app, '/demo/next_day', { days: 1 }, admin)).statusCode).toBe(401);
  });

  it('refuses anything but 1–7 whole days forward, and anyone but the administrator', async () => {
    admin = await loginAs(t.app);
    for (const days of [0, -1, 8, 1.5]) {
      const r = await post(t.app, '/demo/next_day', { days }, admin);
      expect(r.statusCode, String(days)).toBe(400);
      expect(r.json().msg, String(days)).toContain('days');
    }
    const manager = await loginAs(
      t.app,
      await createStaff(t.db, t.clock, { interfaces: ['recovery.dispatch_run'] }),
    );
    expect((await post(t.app, '/demo/next_day', { days: 1 }, manager)).statusCode).toBe(403);
  });

  it('pays into a sandbox account as the payer’s bank would, one of account or UPI id', async () => {
    admin = await loginAs(t.app);
    const paid = await post(
      t.app,
      '/demo/sandbox_credit',
      { accountNumber: '22233300000000001', amountPaise: 12_345 },
      admin,
    );
    expect(paid.statusCode).toBe(200);
    expect(t.app.integrations.collections.statement).toContainEqual(
      expect.objectContaining({ paymentId: paid.json().ret.paymentId, amountPaise: 12_345n }),
    );
    for (const body of [
      { amountPaise: 100 },
      { accountNumber: '1', upiId: 'lend.0000000001@sbxupi', amountPaise: 100 },
      { accountNumber: '1', amountPaise: 0 },
    ]) {
      expect((await post(t.app, '/demo/sandbox_credit', body, admin)).statusCode).toBe(400);
    }
  });
});

describe('no other server has the lever', () => {
  it('a server without the demo clock answers 404', async () => {
    const plain = await buildTestApp({ demoData: false });
    try {
      const token = await loginAs(plain.app);
      expect((await post(plain.app, '/demo/next_day', { days: 1 }, token)).statusCode).toBe(404);
      expect(
        (await post(plain.app, '/demo/sandbox_credit', { upiId: 'x', amountPaise: 1 }, token))
          .statusCode,
      ).toBe(404);
    } finally {
      await plain.close();
    }
  }, 120_000);

  it('a demo clock on a configuration without DEMO_CLOCK_WITHIN is refused at build', async () => {
    const production = loadConfig({ DEMO_DATA: 'false' }, []);
    const clock = new DemoClock(0, new ManualClock());
    await expect(
      buildApp({ config: production, db: t.db, clock, demoClock: clock }),
    ).rejects.toThrow(/DEMO_CLOCK_WITHIN/);
  });
});
