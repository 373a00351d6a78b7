import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as lending from '@lending/lending';

const { addDays } = lending;
import {
  checkLedger,
  createCustomer,
  DEV_AADHAAR_HASH_KEY,
  saveProduct,
} from './modules/loan-book/index.js';
import { termsToJson } from './modules/loan-book/paise-json.js';
import { openDatabase, type DatabaseHandle } from './plugins/db.js';
import { indiaDateOf } from './shared/india-date.js';
import { queryRows } from './shared/sql-rows.js';

/**
 * Crash safety of the real process (issue #16): the server, started as in production on the
 * PostgreSQL server, is killed with SIGKILL in the middle of a day-end and started again. The
 * day-end must then finish every date once: no accrual posted twice, none missing, the ledger
 * balanced. PostgreSQL only (PGlite is one process's file): skipped without DATABASE_URL.
 */
const databaseUrl = process.env.DATABASE_URL;
const here = path.dirname(fileURLToPath(import.meta.url));
const LOANS = 4_000;
const DAYS = 6;

let schema: string;
let handle: DatabaseHandle;
const servers: ChildProcess[] = [];

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function startServer(): ChildProcess {
  const server = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'server.ts')], {
    cwd: path.resolve(here, '..', '..', '..'),
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATABASE_SCHEMA: schema,
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'crash-')),
      PORT: '0',
      HOST: '127.0.0.1',
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      DAY_END_CHECK_SECONDS: '1',
      DAY_END_LEASE_SECONDS: '2',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  servers.push(server);
  return server;
}

function kill(server: ChildProcess, signal: NodeJS.Signals) {
  return new Promise<void>((resolve) => {
    if (server.exitCode !== null || server.signalCode !== null) return resolve();
    server.once('exit', () => resolve());
    server.kill(signal);
  });
}

/** LOANS active loans disbursed DAYS days ago, with their disbursal journals (set-based SQL). */
async function seedBook(disbursedOn: string) {
  const db = handle.db;
  const at = new Date(`${disbursedOn}T04:30:00Z`);
  const product = await saveProduct(
    db,
    { kind: 'first', name: 'crash', status: 'available', terms: lending.WORKED_EXAMPLE_TERMS },
    null,
    at,
  );
  const customer = await createCustomer(
    db,
    DEV_AADHAAR_HASH_KEY,
    {
      name: 'Crash Test',
      idType: 'pan',
      idNumber: 'ABCDE1234F',
      phone: '9876543210',
      registrationDate: disbursedOn,
    },
    at,
  );
  const terms = JSON.stringify(termsToJson(lending.WORKED_EXAMPLE_TERMS));
  await db.execute(sql`
    insert into loan_orders (order_no, customer_id, product_id, product_version, product_kind, terms,
      principal_paise, processing_fee_paise, gst_on_fee_paise, net_disbursed_paise, due_amount_paise,
      tenor_days, status, key_facts, apr_basis_points, kfs_accepted_at, kfs_channel, kfs_otp_reference,
      applicant_features, disbursal_date, due_date, accrued_through_date, day_end_date,
      principal_disbursed_paise, outstanding_principal_paise, applied_at, updated_at)
    select 'CRASH' || g, ${customer.id}, ${product.id}, 1, 'first', ${terms}::jsonb, 450000, 31500,
      5670, 412830, 456300, 14, 'ACTIVE', '{}'::jsonb, 27453, now(), 'app', 'otp', '{}'::jsonb,
      ${disbursedOn}::date, ${disbursedOn}::date + 14, ${disbursedOn}::date - 1,
      ${disbursedOn}::date - 1, 450000, 450000, now(), now()
    from generate_series(1, ${LOANS}) g`);
  await db.execute(sql`
    insert into ledger_journals (order_id, event_type, idempotency_key, business_date, at)
    select id, 'disbursal', 'crash:disbursal:' || id, ${disbursedOn}::date, now() from loan_orders`);
  await db.execute(sql`
    insert into ledger_entries (journal_id, account, component, amount_paise)
    select j.id, v.account, v.component, v.amount from ledger_journals j
    cross join (values ('loans_receivable:principal', 'principal', 450000),
      ('cash:payout_clearing', null, -412830), ('income:processing_fee', null, -31500),
      ('liability:gst_payable', null, -5670)) as v(account, component, amount)`);
}

describe.skipIf(!databaseUrl)('crash safety of the server process on PostgreSQL', () => {
  beforeAll(async () => {
    schema = `crash_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create schema "${schema}"`);
    await admin.end();
    handle = await openDatabase({ databaseUrl, searchPath: schema });
    await handle.migrate();
  });

  afterAll(async () => {
    await Promise.all(servers.map((server) => kill(server, 'SIGKILL')));
    await handle?.close();
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`drop schema if exists "${schema}" cascade`);
    await admin.end();
  });

  it('a day-end killed with SIGKILL midway finishes every date once after a restart', async () => {
    const today = indiaDateOf(new Date());
    const disbursedOn = addDays(today, -DAYS);
    await seedBook(disbursedOn);
    const db = handle.db;
    const progress = async () => {
      const [row] = await queryRows(
        db,
        sql`select coalesce(sum(orders_processed), 0) as processed,
          count(*) filter (where status = 'completed') as completed from day_end_runs`,
      );
      return { processed: Number(row?.processed ?? 0), completed: Number(row?.completed ?? 0) };
    };

    const first = startServer();
    // Killed once some batches have committed, well before the last date is done.
    const atKill = await waitFor(
      'the first day-end batches',
      async () => {
        const now = await progress();
        return now.processed > 0 ? now : undefined;
      },
      120_000,
    );
    await kill(first, 'SIGKILL');
    const afterKill = await progress();
    expect(atKill.completed).toBeLessThan(DAYS);
    expect(afterKill.processed).toBeLessThan(LOANS * DAYS);

    const second = startServer();
    await waitFor(
      'every date completed',
      async () => ((await progress()).completed === DAYS ? true : undefined),
      180_000,
    );
    await kill(second, 'SIGTERM');

    const [counts] = await queryRows(
      db,
      sql`select
        (select count(*) from ledger_journals where event_type <> 'disbursal') as accruals,
        (select count(*) from (select order_id, event_type, business_date from ledger_journals
           group by 1, 2, 3 having count(*) > 1) d) as duplicates,
        (select count(*) from loan_orders where day_end_date <> ${addDays(today, -1)}::date) as behind,
        (select count(*) from day_end_runs) as runs`,
    );
    expect(Number(counts?.duplicates)).toBe(0);
    expect(Number(counts?.behind)).toBe(0);
    expect(Number(counts?.runs)).toBe(DAYS);
    // One accrual journal per loan and date, none lost and none twice.
    expect(Number(counts?.accruals)).toBe(LOANS * DAYS);
    const ledger = await checkLedger(db);
    expect(ledger.ok).toBe(true);
  }, 400_000);
});
