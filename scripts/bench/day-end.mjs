// Day-end over 100,000 active loans on the local PostgreSQL server (its own schema, dropped
// afterwards), beside baselines measured in the same run: the same day-end over 10,000 loans
// and a plain set-based SQL pass over the 100,000 rows; then engine quote throughput
// (`clearingAmountOn` on day 17) beside `applyRate` alone. Prints figures; never fails on time.
import { randomBytes } from 'node:crypto';
import { register } from 'tsx/esm/api';
import pg from 'pg';

register();
const { openDatabase } = await import('../../apps/server/src/plugins/db.ts');
const { runDayEnd } = await import('../../apps/server/src/modules/day-end/index.ts');
const { saveProduct, createCustomer, DEV_AADHAAR_HASH_KEY } =
  await import('../../apps/server/src/modules/loan-book/index.ts');
const { termsToJson } = await import('../../apps/server/src/modules/loan-book/paise-json.ts');
const { ManualClock } = await import('../../apps/server/src/shared/clock.ts');
const lending = await import('../../packages/lending/src/index.ts');

const databaseUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const D0 = '2025-01-15';
const fmt = (n) => Math.round(n).toLocaleString('en-US');

async function withSchema(fn) {
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create schema "${schema}"`);
  const handle = await openDatabase({ databaseUrl, searchPath: schema });
  try {
    await handle.migrate();
    return await fn(handle.db, handle);
  } finally {
    await handle.close();
    await admin.query(`drop schema if exists "${schema}" cascade`);
    await admin.end();
  }
}

/** N active loans disbursed on D0, with their disbursal journals, in set-based SQL. */
async function seed(db, n) {
  const clock = new ManualClock(new Date(`${D0}T04:30:00Z`));
  const product = await saveProduct(
    db,
    { kind: 'first', name: 'bench', status: 'available', terms: lending.WORKED_EXAMPLE_TERMS },
    null,
    clock.now(),
  );
  const customer = await createCustomer(
    db,
    DEV_AADHAAR_HASH_KEY,
    {
      name: 'Bench',
      idType: 'pan',
      idNumber: 'ABCDE1234F',
      phone: '9876543210',
      registrationDate: D0,
    },
    clock.now(),
  );
  const terms = JSON.stringify(termsToJson(lending.WORKED_EXAMPLE_TERMS));
  const { sql } = await import('drizzle-orm');
  await db.execute(sql`
    insert into loan_orders (order_no, customer_id, product_id, product_version, product_kind, terms, principal_paise,
      processing_fee_paise, gst_on_fee_paise, net_disbursed_paise, due_amount_paise, tenor_days, status, key_facts,
      apr_basis_points, kfs_accepted_at, kfs_channel, kfs_otp_reference, applicant_features, disbursal_date, due_date,
      accrued_through_date, day_end_date, principal_disbursed_paise, outstanding_principal_paise, applied_at, updated_at)
    select 'BENCH' || g, ${customer.id}, ${product.id}, 1, 'first', ${terms}::jsonb, 450000, 31500, 5670, 412830, 456300, 14,
      'ACTIVE', '{}'::jsonb, 27453, now(), 'app', 'otp', '{}'::jsonb, ${D0}::date, ${D0}::date + 14, ${D0}::date - 1,
      ${D0}::date - 1, 450000, 450000, now(), now()
    from generate_series(1, ${n}) g`);
  await db.execute(sql`
    insert into ledger_journals (order_id, event_type, idempotency_key, business_date, at)
    select id, 'disbursal', 'bench:disbursal:' || id, ${D0}::date, now() from loan_orders`);
  await db.execute(sql`
    insert into ledger_entries (journal_id, account, component, amount_paise)
    select j.id, v.account, v.component, v.amount from ledger_journals j
    cross join (values ('loans_receivable:principal', 'principal', 450000), ('cash:payout_clearing', null, -412830),
      ('income:processing_fee', null, -31500), ('liability:gst_payable', null, -5670)) as v(account, component, amount)`);
  return new ManualClock(new Date(`2025-01-16T04:30:00Z`));
}

async function dayEndBench(n) {
  return withSchema(async (db) => {
    const clock = await seed(db, n);
    const started = performance.now();
    const report = await runDayEnd({ db, clock, holder: 'bench', batchSize: 1000 });
    const seconds = (performance.now() - started) / 1000;
    const processed = report.dates.reduce((s, d) => s + d.ordersProcessed, 0);
    let sqlPass = null;
    if (n >= 100_000) {
      const { sql } = await import('drizzle-orm');
      const t0 = performance.now();
      await db.execute(
        sql`update loan_orders set outstanding_interest_paise = outstanding_interest_paise + 450, accrued_through_date = accrued_through_date + 1 where status in ('ACTIVE', 'DUE', 'OVERDUE')`,
      );
      sqlPass = (performance.now() - t0) / 1000;
    }
    return { processed, seconds, sqlPass };
  });
}

console.log(`database: ${databaseUrl.replace(/:[^:@/]*@/, ':***@')}`);
const base = await dayEndBench(10_000);
console.log(
  `baseline  day-end over ${fmt(base.processed)} loans: ${base.seconds.toFixed(2)} s  → ${fmt(base.processed / base.seconds)} loans/s`,
);
const big = await dayEndBench(100_000);
console.log(
  `day-end over ${fmt(big.processed)} loans: ${big.seconds.toFixed(2)} s  → ${fmt(big.processed / big.seconds)} loans/s (${(big.processed / big.seconds / (base.processed / base.seconds)).toFixed(2)}× the 10k baseline's rate)`,
);
console.log(
  `baseline  plain SQL accrual pass over the same 100,000 rows: ${big.sqlPass.toFixed(2)} s → ${fmt(100_000 / big.sqlPass)} rows/s (day-end is ${(big.seconds / big.sqlPass).toFixed(1)}× slower: per-order engine, journals, entries, history)`,
);

// Engine quote throughput.
const terms = lending.WORKED_EXAMPLE_TERMS;
const loan = lending.openLoan(terms, lending.WORKED_EXAMPLE_PRINCIPAL, D0);
const quoteDay = lending.addDays(D0, 17);
const N = 20_000;
let sink = 0n;
let t0 = performance.now();
for (let i = 0; i < N; i++) sink += lending.clearingAmountOn(loan, terms, quoteDay).total;
const quoteRate = N / ((performance.now() - t0) / 1000);
if (sink !== 463_650n * BigInt(N)) throw new Error('quote mismatch');
const M = 2_000_000;
t0 = performance.now();
for (let i = 0; i < M; i++) sink += lending.applyRate(450_000n + BigInt(i & 1023), 1_000);
const rateRate = M / ((performance.now() - t0) / 1000);
console.log(
  `engine: clearingAmountOn (day 17, 17 accrual days) ${fmt(quoteRate)} quotes/s; baseline applyRate ${fmt(rateRate)} ops/s (a quote costs ${(rateRate / quoteRate).toFixed(0)} applyRate calls)`,
);
