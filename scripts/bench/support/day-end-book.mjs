// The day-end's benchmark book and its measurement, shared by `npm run bench day-end` and the
// scale benchmark's `dayend` part: a book of active loans seeded in set-based SQL in its own
// schema on the local PostgreSQL server (dropped afterwards), the day-end of its first
// business date, then the SQL baselines over the same rows. It imports the server's TypeScript:
// its importer registers tsx first (`register()` from 'tsx/esm/api') and imports it dynamically.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

const { sql } = await import('drizzle-orm');
const { openDatabase } = await import('../../../apps/server/src/plugins/db.ts');
const { runDayEnd } = await import('../../../apps/server/src/modules/day-end/index.ts');
const { saveProduct, createCustomer, DEV_AADHAAR_HASH_KEY } =
  await import('../../../apps/server/src/modules/loan-book/index.ts');
const { rollUpLedger } = await import('../../../apps/server/src/modules/ledger/index.ts');
const { termsToJson } = await import('../../../apps/server/src/modules/loan-book/paise-json.ts');
const { ManualClock } = await import('../../../apps/server/src/shared/clock.ts');
const lending = await import('../../../packages/lending/src/index.ts');

export const benchDatabaseUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';

/** The business date the seeded loans are disbursed on, and the day-end then closes. */
export const DISBURSAL_DATE = '2025-01-15';
/** The day-end's budgets (issue #15): seconds at 1,000,000 loans, and its rate's share of the plain pass's. */
export const DAY_END_BUDGET_S = 60;
export const DAY_END_MIN_RATIO = 0.25;

const fmt = (n) => Math.round(n).toLocaleString('en-US');

/** Runs `fn(db)` on a new schema with the migrations applied; drops the schema afterwards. */
export async function withBenchSchema(fn, databaseUrl = benchDatabaseUrl) {
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create schema "${schema}"`);
  const handle = await openDatabase({ databaseUrl, searchPath: schema });
  try {
    await handle.migrate();
    return await fn(handle.db);
  } finally {
    await handle.close();
    await admin.query(`drop schema if exists "${schema}" cascade`);
    await admin.end();
  }
}

/**
 * `n` active loans of the worked example (4,500.00 principal) disbursed on DISBURSAL_DATE, with
 * their disbursal journals and entries, in set-based SQL; then the ledger's daily totals and the
 * tables' statistics, as the server's rollup job and autovacuum keep them on a live book. Returns the clock of the next morning (the day-end closes DISBURSAL_DATE).
 */
export async function seedActiveLoans(db, n) {
  const D0 = DISBURSAL_DATE;
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
  await db.execute(sql`
    insert into loan_orders (order_no, customer_id, product_id, product_version, product_kind, terms, principal_paise,
      processing_fee_paise, gst_on_fee_paise, net_disbursed_paise, due_amount_paise, tenor_days, status, key_facts,
      apr_basis_points, kfs_accepted_at, kfs_channel, kfs_otp_reference, applicant_features, disbursal_date, due_date,
      accrued_through_date, day_end_date, principal_disbursed_paise, outstanding_principal_paise, rbi_class, applied_at, updated_at)
    select 'BENCH' || g, ${customer.id}, ${product.id}, 1, 'first', ${terms}::jsonb, 450000, 31500, 5670, 412830, 456300, 14,
      'ACTIVE', '{}'::jsonb, 27453, now(), 'app', 'otp', '{}'::jsonb, ${D0}::date, ${D0}::date + 14, ${D0}::date - 1,
      ${D0}::date - 1, 450000, 450000, 'STANDARD', now(), now()
    from generate_series(1, ${n}) g`);
  await db.execute(sql`
    insert into ledger_journals (order_id, event_type, idempotency_key, business_date, at)
    select id, 'disbursal', 'bench:disbursal:' || id, ${D0}::date, now() from loan_orders`);
  await db.execute(sql`
    insert into ledger_entries (journal_id, account, component, amount_paise)
    select j.id, v.account, v.component, v.amount from ledger_journals j
    cross join (values ('loans_receivable:principal', 'principal', 450000), ('cash:payout_clearing', null, -412830),
      ('income:processing_fee', null, -31500), ('liability:gst_payable', null, -5670)) as v(account, component, amount)`);
  // The disbursals in the ledger's daily totals, as the server's minute job keeps them: the
  // day-end's own rollup then sums its accruals alone.
  await rollUpLedger(db, clock.now());
  for (const table of ['loan_orders', 'ledger_journals', 'ledger_entries', 'order_status_history'])
    await db.execute(sql.raw(`vacuum (analyze) ${table}`));
  return new ManualClock(new Date(`${lending.addDays(D0, 1)}T04:30:00Z`));
}

/**
 * The baseline: one set-based SQL statement doing a day's accrual over the owing loans (a fixed
 * day's interest, the accrued-through date moved), with none of the engine, the journals or
 * the history. Seconds and rows.
 */
export async function plainAccrualPass(db) {
  const t0 = performance.now();
  const result = await db.execute(
    sql`update loan_orders set outstanding_interest_paise = outstanding_interest_paise + 450,
          accrued_through_date = accrued_through_date + 1
        where status in ('ACTIVE', 'DUE', 'OVERDUE')`,
  );
  return { seconds: (performance.now() - t0) / 1000, rows: result.rowCount ?? 0 };
}

/**
 * A second baseline: the day-end's writes for an accruing day done in set-based SQL alone, the
 * floor of any day-end that posts the same rows. One statement moves every owing order's
 * interest and dates (a day's interest on the principal at the worked example's rate, rounded
 * half up) and posts its accrual journal with two entries, each row with its indexes, foreign
 * keys and checks, as the day-end's batches do. For the next business date after the day-end
 * (its own idempotency keys). Seconds and orders.
 */
export async function plainDayEndWrites(db, date) {
  const t0 = performance.now();
  const result = await db.execute(sql`
    with accrued as (
      update loan_orders set
        outstanding_interest_paise = outstanding_interest_paise + (outstanding_principal_paise * 2000 + 1000000) / 2000000,
        accrued_through_date = ${date}::date, day_end_date = ${date}::date, updated_at = now()
      where status in ('ACTIVE', 'DUE', 'OVERDUE') and day_end_date < ${date}::date
      returning id, (outstanding_principal_paise * 2000 + 1000000) / 2000000 as interest
    ),
    journal as (
      insert into ledger_journals (order_id, event_type, idempotency_key, business_date, at)
      select id, 'interestAccrual', 'accrual:' || id || ':' || ${date} || ':interestAccrual', ${date}::date, now()
      from accrued
      returning id, order_id
    )
    insert into ledger_entries (journal_id, account, component, amount_paise)
    select journal.id, line.account, line.component, line.sign * accrued.interest
    from journal join accrued on accrued.id = journal.order_id
    cross join (values ('loans_receivable:interest', 'interest', 1), ('income:interest', null, -1))
      as line(account, component, sign)`);
  return { seconds: (performance.now() - t0) / 1000, rows: (result.rowCount ?? 0) / 2 };
}

/**
 * Seeds `loans` active loans in a schema of their own, runs the day-end of their first
 * business date, then (with `plainPass`) the two SQL baselines over the same rows: the day's
 * writes in SQL (the next date) and the plain accrual pass. `log` hears each phase as it ends.
 */
export async function measureDayEnd({ loans, batchSize, plainPass = true, log = () => {} }) {
  return withBenchSchema(async (db) => {
    let t0 = performance.now();
    const clock = await seedActiveLoans(db, loans);
    log(`seeded ${fmt(loans)} active loans in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    t0 = performance.now();
    let lastBatch = t0;
    const report = await runDayEnd({
      db,
      clock,
      holder: 'bench',
      ...(batchSize ? { batchSize } : {}),
      afterBatch: async () => {
        lastBatch = performance.now();
      },
    });
    const seconds = (performance.now() - t0) / 1000;
    const processed = report.dates.reduce((s, d) => s + d.ordersProcessed, 0);
    log(
      `day-end over ${fmt(processed)} loans in ${seconds.toFixed(1)} s: the batches ${((lastBatch - t0) / 1000).toFixed(1)} s, then the report figures, collection and ledger rollup ${((performance.now() - lastBatch) / 1000).toFixed(1)} s`,
    );
    if (!plainPass) return { processed, seconds, plain: null, sqlWrites: null };
    const sqlWrites = await plainDayEndWrites(db, lending.addDays(DISBURSAL_DATE, 1));
    log(
      `the day's writes in SQL for ${fmt(sqlWrites.rows)} orders in ${sqlWrites.seconds.toFixed(1)} s`,
    );
    const plain = await plainAccrualPass(db);
    log(`plain SQL pass over ${fmt(plain.rows)} rows in ${plain.seconds.toFixed(1)} s`);
    return { processed, seconds, plain, sqlWrites };
  });
}

/** The scale table's rows of a `measureDayEnd` result, beside the budgets. */
export function dayEndTableRows({ processed, seconds, plain, sqlWrites }) {
  const rate = processed / seconds;
  const plainRate = plain.rows / plain.seconds;
  const sqlRate = sqlWrites.rows / sqlWrites.seconds;
  const ratio = rate / plainRate;
  // The budget is for 1,000,000 loans; a smaller book is held to the same rate.
  const budgetSeconds = (DAY_END_BUDGET_S * processed) / 1_000_000;
  return [
    {
      label: `day-end over ${fmt(processed)} loans`,
      figure: `${seconds.toFixed(1)} s, ${fmt(rate)} loans/s`,
      budget: `≤ ${budgetSeconds.toFixed(budgetSeconds < 10 ? 1 : 0)} s`,
      met: seconds <= budgetSeconds,
    },
    {
      label: 'day-end rate ÷ plain SQL pass rate',
      figure: `${ratio.toFixed(2)}×`,
      budget: `≥ ${DAY_END_MIN_RATIO}×`,
      ratio,
      met: ratio >= DAY_END_MIN_RATIO,
    },
    {
      label: 'baseline plain SQL accrual pass',
      figure: `${plain.seconds.toFixed(1)} s, ${fmt(plainRate)} rows/s`,
      budget: 'baseline',
      ratio: 1,
    },
    {
      label: "baseline day's writes in SQL",
      figure: `${sqlWrites.seconds.toFixed(1)} s, ${fmt(sqlRate)} orders/s`,
      budget: 'baseline',
      ratio: sqlRate / plainRate,
    },
  ];
}
