import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { postingsFor } from '@lending/lending';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type DatabaseHandle } from '../../plugins/db.js';
import { ManualClock } from '../../shared/clock.js';
import { queryRows } from '../../shared/sql-rows.js';
import { checkDailyTotals, postJournals, rollUpLedger } from './index.js';
import type { LoanBookDeps } from '../loan-book/index.js';
import { loanBookDeps, makeActiveOrder, makeProduct } from '../../testing/loan-book.factories.js';

/**
 * The rollup's horizon on a PostgreSQL server (PGlite runs one transaction at a time): a
 * journal whose transaction is still open while the rollup runs, and commits after it, is
 * counted once, by a later rollup (decision 0086).
 */
const databaseUrl = process.env.DATABASE_URL;

describe.skipIf(!databaseUrl)('the ledger rollup beside an open transaction (PostgreSQL)', () => {
  const schema = `test_rollup_${randomBytes(6).toString('hex')}`;
  let handle: DatabaseHandle;
  let db: Database;
  let deps: LoanBookDeps;
  let other: pg.Client;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create schema "${schema}"`);
    await admin.end();
    handle = await openDatabase({ databaseUrl, searchPath: schema });
    await handle.migrate();
    db = handle.db;
    deps = loanBookDeps(db, new ManualClock());
    other = new pg.Client({ connectionString: databaseUrl, options: `-c search_path=${schema}` });
    await other.connect();
  }, 60_000);

  afterAll(async () => {
    await other?.end();
    await handle?.close();
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`drop schema if exists "${schema}" cascade`);
    await admin.end();
  });

  /** Entries of the account in the daily totals (lines) and in journals above the horizon. */
  async function counted(account: string) {
    const [row] = await queryRows(
      db,
      sql`select
            (select coalesce(sum(lines), 0) from ledger_daily_totals where account = ${account})::int as rolled,
            (select count(*) from ledger_entries e join ledger_journals j on j.id = e.journal_id
              where e.account = ${account}
                and j.xact >= (select horizon from ledger_rollup_state))::int as above`,
    );
    return { rolled: Number(row!.rolled), above: Number(row!.above) };
  }

  it('counts a journal committed after a rollup it was open during exactly once', async () => {
    const product = await makeProduct(deps);
    await makeActiveOrder(deps, product.id);
    await rollUpLedger(db, new Date());
    const account = 'income:interest';
    expect(await counted(account)).toEqual({ rolled: 0, above: 0 });

    // Another connection posts an accrual and keeps its transaction open.
    await other.query('begin');
    const otherDb = drizzle({ client: other }) as unknown as Database;
    const openKey = `open-${randomBytes(4).toString('hex')}`;
    await postJournals(otherDb, [
      {
        orderId: null,
        journal: postingsFor({ type: 'interestAccrual', amount: 4_50n }),
        idempotencyKey: openKey,
        businessDate: '2025-06-01',
        at: new Date(),
      },
    ]);
    // Committed meanwhile by this connection: a transaction newer than the open one.
    await makeActiveOrder(deps, product.id);

    const during = await rollUpLedger(db, new Date());
    expect(during).not.toBeNull();
    // The open journal is not visible yet, so neither summed nor read.
    expect(await counted(account)).toEqual({ rolled: 0, above: 0 });
    expect(await checkDailyTotals(db)).toEqual({ ok: true, mismatched: [] });

    await other.query('commit');
    const [posted] = await queryRows(
      db,
      sql`select xact::text as xact from ledger_journals where idempotency_key = ${openKey}`,
    );
    const xact = BigInt(String(posted!.xact));
    expect(xact).toBeGreaterThanOrEqual(during!.to);
    // Above the horizon the rollup stored (its transaction was open): read from the entries.
    expect(await counted(account)).toEqual({ rolled: 0, above: 1 });
    expect(await checkDailyTotals(db)).toEqual({ ok: true, mismatched: [] });

    // Summed by the rollup whose horizon passes it, once: in the totals or above the horizon,
    // never both. (Another connection's open transaction on a shared server may hold the
    // horizon back for a while; the journal is then still read from the entries.)
    for (let pass = 0; pass < 3; pass += 1) {
      const rolled = await rollUpLedger(db, new Date());
      const passed = rolled !== null && rolled.to > xact;
      expect(await counted(account)).toEqual(
        passed ? { rolled: 1, above: 0 } : { rolled: 0, above: 1 },
      );
      expect(await checkDailyTotals(db)).toEqual({ ok: true, mismatched: [] });
    }
  });

  it('two rollups at once: one sums, the other finds the state row taken', async () => {
    const product = await makeProduct(deps);
    await makeActiveOrder(deps, product.id);
    const results = await Promise.all([rollUpLedger(db, new Date()), rollUpLedger(db, new Date())]);
    expect(results.filter((r) => r !== null).length).toBeGreaterThanOrEqual(1);
    expect(await checkDailyTotals(db)).toEqual({ ok: true, mismatched: [] });
  });
});
