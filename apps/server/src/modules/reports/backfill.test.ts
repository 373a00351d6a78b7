import { addDays } from '@lending/lending';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { indiaDateOf, startOfIndiaDate } from '../../shared/india-date.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { loanBookDeps, makeActiveOrder, makeProduct } from '../../testing/loan-book.factories.js';
import { runDayEnd } from '../day-end/index.js';
import { postRepayment } from '../loan-book/index.js';
import { backfillReports } from './index.js';
import { reportChannelDays } from './channel-days.table.js';
import { reportDailyOrders, reportDueCohorts } from './order-figures.table.js';

/*
 * `npm run reports:backfill` (docs/adding-a-report.md) recomputes closed days from the book: a
 * day whose figures were lost or are stale comes back as the night after it left them.
 */

const HOUR = 3_600_000;
let t: TestApp;
let day: string;

/** Every read model's rows, without when they were computed. */
async function figures() {
  const strip = <Row extends { refreshedAt: Date }>(rows: Row[]) =>
    rows
      .map(({ refreshedAt: _refreshedAt, ...rest }) =>
        JSON.stringify(rest, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)),
      )
      .sort();
  return {
    daily: strip(await t.db.select().from(reportDailyOrders)),
    cohorts: strip(await t.db.select().from(reportDueCohorts)),
    channels: strip(await t.db.select().from(reportChannelDays)),
  };
}

beforeAll(async () => {
  t = await buildTestApp({ demoData: false });
  const deps = loanBookDeps(t.db, t.clock);
  day = indiaDateOf(t.clock.now());
  const product = await makeProduct(deps);
  const order = await makeActiveOrder(deps, product.id);
  await makeActiveOrder(deps, product.id);
  await postRepayment(
    deps,
    { orderId: order.id, idempotencyKey: 'backfill-repay', channel: 'upi', amountPaise: 100_000n },
    null,
  );
  // Close the day: the day-end's refresh writes its figures.
  t.clock.advance(startOfIndiaDate(addDays(day, 1)).getTime() + HOUR - t.clock.now().getTime());
  await runDayEnd({ db: t.db, clock: t.clock, holder: 'test' });
}, 60_000);
afterAll(() => t.close());

it('puts back a closed day’s lost figures exactly as its night left them', async () => {
  const night = await figures();
  expect(night.daily.length).toBeGreaterThan(0);
  expect(night.daily.join()).toContain(`"disbursedCount":2`);

  // The closed day's rows go (the other days of the settling windows stay as they are).
  await t.db.delete(reportDailyOrders).where(eq(reportDailyOrders.businessDate, day));
  await t.db.delete(reportDueCohorts).where(eq(reportDueCohorts.dueDate, day));
  await t.db.delete(reportChannelDays).where(eq(reportChannelDays.businessDate, day));
  expect((await figures()).daily).toEqual([]);
  await backfillReports(t.db, { from: day, to: day }, t.clock.now());

  expect(await figures()).toEqual(night);
});
