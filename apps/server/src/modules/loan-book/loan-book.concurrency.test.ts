import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type DatabaseHandle } from '../../plugins/db.js';
import { AppError } from '../../shared/app-error.js';
import { ManualClock } from '../../shared/clock.js';
import { queryRows } from '../../shared/sql-rows.js';
import { runDayEnd } from '../day-end/index.js';
import { checkLedger, createPayout, postRepayment, type LoanBookDeps } from './index.js';
import {
  loanBookDeps,
  makeActiveOrder,
  makeApprovedOrder,
  makeProduct,
} from '../../testing/loan-book.factories.js';

/**
 * PGlite runs one transaction at a time, which hides races (docs/security.md): these run only on a
 * PostgreSQL server, through a pool of 24 connections opened before the storm.
 */
const databaseUrl = process.env.DATABASE_URL;
const POOL_SIZE = 24;

describe.runIf(databaseUrl)('the loan book under concurrency (PostgreSQL)', () => {
  const schema = `test_conc_${randomBytes(6).toString('hex')}`;
  let handle: DatabaseHandle;
  let pool: pg.Pool;
  let db: Database;
  let deps: LoanBookDeps;
  let productId: number;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create schema "${schema}"`);
    await admin.end();
    handle = await openDatabase({ databaseUrl, searchPath: schema });
    await handle.migrate();
    pool = new pg.Pool({
      connectionString: databaseUrl,
      max: POOL_SIZE,
      options: `-c search_path=${schema}`,
    });
    const clients = await Promise.all(Array.from({ length: POOL_SIZE }, () => pool.connect()));
    for (const client of clients) client.release();
    expect(pool.totalCount).toBe(POOL_SIZE);
    db = drizzle({ client: pool }) as unknown as Database;
    deps = loanBookDeps(db, new ManualClock());
    productId = (await makeProduct(deps)).id;
  }, 60_000);

  afterAll(async () => {
    await pool?.end();
    await handle?.close();
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`drop schema if exists "${schema}" cascade`);
    await admin.end();
  });

  it('50 concurrent create-payout calls per order over 100 orders → one payout and one balanced journal each', async () => {
    const orders: number[] = [];
    for (let i = 0; i < 100; i += 10) {
      const batch = await Promise.all(
        Array.from({ length: 10 }, () => makeApprovedOrder(deps, productId)),
      );
      orders.push(...batch.map((o) => o.id));
    }
    const outcomes = { ok: 0, refused: 0, unexpected: [] as unknown[] };
    const calls = orders.flatMap((orderId) =>
      Array.from({ length: 50 }, (_, i) => {
        // Half reuse one of three shared keys, half bring a fresh key each.
        const idempotencyKey =
          i % 2 === 0 ? `storm-${orderId}-${i % 3}` : `storm-${orderId}-fresh-${i}`;
        return createPayout(deps, { orderId, idempotencyKey, channel: 'sandbox' }, null).then(
          () => outcomes.ok++,
          (error: unknown) => {
            if (error instanceof AppError && error.key === 'orderStateConflict') outcomes.refused++;
            else outcomes.unexpected.push(error);
          },
        );
      }),
    );
    await Promise.all(calls);
    expect(outcomes.unexpected).toEqual([]);
    expect(outcomes.ok + outcomes.refused).toBe(5000);
    const perOrder = await queryRows(
      db,
      sql`select o.id,
            (select count(*) from payouts p where p.order_id = o.id)::int as payouts,
            (select count(*) from ledger_journals j where j.order_id = o.id)::int as journals
          from loan_orders o where o.id in (${sql.join(
            orders.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
    expect(perOrder).toHaveLength(100);
    for (const row of perOrder) expect(row).toMatchObject({ payouts: 1, journals: 1 });
    const check = await checkLedger(db);
    expect(check.ok).toBe(true);
  }, 60_000);

  it('concurrent repayments on one order create or lose no money', async () => {
    const order = await makeActiveOrder(deps, productId);
    const amounts = Array.from({ length: 40 }, (_, i) => BigInt(5_000 + ((i * 7_919) % 40_000)));
    const results = await Promise.allSettled(
      amounts.map((amountPaise, i) =>
        postRepayment(
          deps,
          {
            orderId: order.id,
            idempotencyKey: `conc-rep-${order.id}-${i % 35}`,
            amountPaise,
            channel: 'upi',
          },
          null,
        ),
      ),
    );
    const unexpected = results.filter(
      (r) =>
        r.status === 'rejected' &&
        !(
          r.reason instanceof AppError &&
          ['orderStateConflict', 'idempotencyKeyReused'].includes(r.reason.key)
        ),
    );
    expect(unexpected).toEqual([]);
    const [sums] = await queryRows(
      db,
      sql`select coalesce(sum(amount_paise), 0)::text as received,
                 coalesce(sum(allocated_principal_paise + allocated_interest_paise + allocated_fee_paise + allocated_gst_paise + allocated_penal_paise + excess_paise), 0)::text as allocated,
                 coalesce(sum(allocated_principal_paise), 0)::text as principal
          from repayments where order_id = ${order.id}`,
    );
    expect(sums!.allocated).toBe(sums!.received);
    const [orderRow] = await queryRows(
      db,
      sql`select outstanding_principal_paise::text as p, status from loan_orders where id = ${order.id}`,
    );
    expect(BigInt(String(orderRow!.p))).toBeGreaterThanOrEqual(0n);
    expect(BigInt(String(orderRow!.p)) + BigInt(String(sums!.principal))).toBe(450_000n);
    expect((await checkLedger(db)).ok).toBe(true);
  }, 30_000);

  it('two day-end runs at once for one date apply it once', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) ids.push((await makeActiveOrder(deps, productId)).id);
    const clock = deps.clock as ManualClock;
    clock.advance(3 * 86_400_000);
    const reports = await Promise.all([
      runDayEnd({ db, clock, holder: 'instance-a', batchSize: 5 }),
      runDayEnd({ db, clock, holder: 'instance-b', batchSize: 5 }),
    ]);
    expect(reports.filter((r) => r.ran).length).toBeGreaterThanOrEqual(1);
    await Promise.all([
      runDayEnd({ db, clock, holder: 'instance-a' }),
      runDayEnd({ db, clock, holder: 'instance-b' }),
    ]);
    const rows = await queryRows(
      db,
      sql`select o.id, o.outstanding_interest_paise::text as interest,
            (select count(*) from ledger_journals j where j.order_id = o.id and j.event_type = 'interestAccrual')::int as accruals
          from loan_orders o where o.id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
    for (const row of rows) expect(row).toMatchObject({ interest: '1350', accruals: 3 });
    expect((await checkLedger(db)).ok).toBe(true);
  }, 60_000);
});
