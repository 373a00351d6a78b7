// The scale bench's book (issue #15), in set-based SQL: a few hundred "scenarios" whose
// balances and journals the engine (packages/lending) computed, spread over BENCH_ORDERS
// orders: disbursal, the accruals (summed into one interest and one penal journal per order
// rather than one per day, to keep the row count sane), and the repayment, rollover or
// write-off that closed it. Every journal balances. The tables the other screens read (review
// tasks, follow-ups, telemarketing, coupons, wallets, SMS…) come from scale-generator-extras.
// Imported after tsx's register() (it imports the server's TypeScript).
import * as lending from '../../../packages/lending/src/index.ts';
import { saveProduct } from '../../../apps/server/src/modules/loan-book/index.ts';
import { termsToJson } from '../../../apps/server/src/modules/loan-book/paise-json.ts';
import {
  dailyOrderFigures,
  dueCohortFigures,
} from '../../../apps/server/src/modules/reports/index.ts';
import { generateExtras } from './scale-generator-extras.mjs';
import { phaseLog } from './scale-table.mjs';

/** The book's business date: every generated day is before it. */
export const TODAY = '2025-06-30';
// ---------------------------------------------------------------------------------------------
// Scenarios computed by the engine
// ---------------------------------------------------------------------------------------------
const terms = lending.WORKED_EXAMPLE_TERMS;
const P = lending.WORKED_EXAMPLE_PRINCIPAL;
const { addDays } = lending;
const daysBefore = (date) => {
  const ms = Date.parse(`${TODAY}T00:00:00Z`) - Date.parse(`${date}T00:00:00Z`);
  return Math.round(ms / 86_400_000);
};
export const YESTERDAY = addDays(TODAY, -1);

/** Sums the accrual journals of a step into one interest and one penal journal. */
function summedAccruals(journals, through) {
  const out = [];
  for (const type of ['interestAccrual', 'penalAccrual']) {
    const amount = journals
      .filter((j) => j.event === type)
      .reduce((s, j) => s + j.lines.find((l) => l.amount > 0n).amount, 0n);
    if (amount > 0n) out.push({ ...lending.postingsFor({ type, amount }), date: through });
  }
  return out;
}

function disbursed(disbursalDate) {
  const step = lending.disburse(terms, P, disbursalDate);
  return { loan: step.loan, journals: [{ ...step.journals[0], date: disbursalDate }] };
}

function scenario(kind, status, fields) {
  return { kind, status, closureType: null, rolloverCount: 0, overdueDays: 0, ...fields };
}

function owing(kind, status, disbursalDate) {
  const d = disbursed(disbursalDate);
  const accrued = lending.accrueThrough(d.loan, terms, YESTERDAY);
  const overdueDays = Math.max(0, daysBefore(accrued.loan.dueDate));
  return scenario(kind, status, {
    disbursalDate,
    loan: accrued.loan,
    overdueDays,
    journals: [...d.journals, ...summedAccruals(accrued.journals, YESTERDAY)],
  });
}

function cleared(kind, closureType, disbursalDate, payDate) {
  const d = disbursed(disbursalDate);
  const before = lending.accrueThrough(d.loan, terms, addDays(payDate, -1)).loan;
  const amount = lending.totalOutstanding(before);
  const step = lending.applyRepayment(d.loan, terms, payDate, amount);
  if (!step.settled) throw new Error(`scenario ${kind} does not clear`);
  const overdueDays = Math.max(0, daysBefore(d.loan.dueDate) - daysBefore(payDate));
  const accruals = summedAccruals(step.journals, addDays(payDate, -1));
  const payment = { ...step.journals.at(-1), date: payDate };
  return scenario(kind, 'CLEARED', {
    closureType,
    disbursalDate,
    loan: step.loan,
    clearedDate: payDate,
    journals: [...d.journals, ...accruals, payment],
    repayment: {
      seq: d.journals.length + accruals.length,
      amount,
      type: 'normal',
      allocated: step.allocation.allocated,
      excess: step.allocation.excess,
      date: payDate,
      overdueDaysWhenPaid: overdueDays,
    },
  });
}

function rolledOver(disbursalDate) {
  const d = disbursed(disbursalDate);
  const rollDate = d.loan.dueDate;
  const step = lending.applyRollover(d.loan, terms, rollDate);
  if (!step.ok) throw new Error(`rollover refused: ${step.reason}`);
  const accruals = summedAccruals(step.journals, addDays(rollDate, -1));
  const roll = { ...step.journals.at(-1), date: rollDate };
  const after = lending.accrueThrough(step.loan, terms, YESTERDAY);
  const later = summedAccruals(after.journals, YESTERDAY).map((j) => ({ ...j, event: j.event }));
  const paid = step.quote.payable;
  const amount = Object.values(paid).reduce((s, v) => s + v, 0n);
  return scenario('rollover', 'ACTIVE', {
    disbursalDate,
    loan: after.loan,
    rolloverCount: after.loan.rolloverCount,
    journals: [...d.journals, ...accruals, roll, ...later],
    repayment: {
      seq: d.journals.length + accruals.length,
      amount,
      type: 'renew',
      allocated: paid,
      excess: 0n,
      date: rollDate,
      overdueDaysWhenPaid: 0,
    },
  });
}

function writtenOff(disbursalDate) {
  const d = disbursed(disbursalDate);
  const offDate = addDays(d.loan.dueDate, 95);
  const accrued = lending.accrueThrough(d.loan, terms, offDate);
  const step = lending.writeOff(accrued.loan);
  if (!step.ok) throw new Error('write-off refused');
  return scenario('writtenOff', 'WRITTEN_OFF', {
    disbursalDate,
    loan: step.loan,
    overdueDays: 95,
    clearedDate: offDate,
    journals: [
      ...d.journals,
      ...summedAccruals(accrued.journals, offDate),
      { ...step.journals[0], date: offDate },
    ],
  });
}

/** Not disbursed (yet or ever): applied `ago` days before today. */
function undisbursed(kind, status, ago, payout = null) {
  return scenario(kind, status, { appliedDate: addDays(TODAY, -ago), journals: [], payout });
}

const range = (n) => Array.from({ length: n }, (_, i) => i);
/** [kind, share in %, scenarios]: the status mix of the book. */
const MIX = [
  ['applied', 2, range(2).map((a) => undisbursed('applied', 'APPLIED', a))],
  ['machineReview', 1, [undisbursed('machineReview', 'MACHINE_REVIEW', 0)]],
  ['firstReview', 2, range(3).map((a) => undisbursed('firstReview', 'FIRST_REVIEW', a))],
  ['finalReview', 1, range(2).map((a) => undisbursed('finalReview', 'FINAL_REVIEW', a))],
  ['rejected', 2, range(90).map((a) => undisbursed('rejected', 'REJECTED', a))],
  ['pending', 2, range(2).map((a) => undisbursed('pending', 'PENDING_DISBURSEMENT', a))],
  ['disbursing', 1, [undisbursed('disbursing', 'DISBURSING', 0, 'processing')]],
  ['failed', 1, range(30).map((a) => undisbursed('failed', 'DISBURSEMENT_FAILED', a, 'failed'))],
  ['cancelled', 1, range(30).map((a) => undisbursed('cancelled', 'CANCELLED', a))],
  ['active', 19, range(13).map((k) => owing('active', 'ACTIVE', addDays(TODAY, -(k + 1))))],
  ['due', 3, [owing('due', 'DUE', addDays(TODAY, -14))]],
  ['overdue', 15, range(120).map((d) => owing('overdue', 'OVERDUE', addDays(TODAY, -15 - d)))],
  [
    'clearOnTime',
    33,
    range(100).map((k) => {
      const from = addDays(TODAY, -15 - k);
      return cleared('clearOnTime', 'ON_TIME', from, addDays(from, 14));
    }),
  ],
  [
    'clearEarly',
    5,
    range(100).map((k) => {
      const from = addDays(TODAY, -20 - k);
      return cleared('clearEarly', 'ADVANCE_CLEAR', from, addDays(from, 5));
    }),
  ],
  [
    'clearOverdue',
    5,
    range(20).map((e) => {
      const from = addDays(TODAY, -60 - e);
      return cleared('clearOverdue', 'OVERDUE_CLEAR', from, addDays(from, 14 + 1 + e));
    }),
  ],
  ['rollover', 4, range(6).map((r) => rolledOver(addDays(TODAY, -14 - r)))],
  ['writtenOff', 3, range(60).map((w) => writtenOff(addDays(TODAY, -(14 + 100 + w))))],
];
if (MIX.reduce((s, [, share]) => s + share, 0) !== 100) throw new Error('the mix is not 100 %');

const scenarios = [];
const buckets = [];
let bucketStart = 0;
for (const [kind, share, list] of MIX) {
  const base = scenarios.length + 1;
  for (const s of list) scenarios.push({ ...s, id: scenarios.length + 1 });
  buckets.push({ kind, from: bucketStart, to: bucketStart + share - 1, base, count: list.length });
  bucketStart += share;
}
for (const s of scenarios)
  for (const j of s.journals) if (!lending.isBalanced(j)) throw new Error(`unbalanced ${s.kind}`);

/** The scenarios' count (the bench prints it). */
export const scenarioCount = scenarios.length;

// ---------------------------------------------------------------------------------------------
// The book, in set-based SQL
// ---------------------------------------------------------------------------------------------
export const lit = (v) =>
  v === null || v === undefined ? 'null' : typeof v === 'string' ? `'${v}'` : String(v);
export const dateLit = (d) => (d ? `date '${d}'` : 'null::date');

export async function insertValues(client, table, columns, rows) {
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = rows.slice(i, i + 1000);
    await client.query(
      `insert into ${table} (${columns.join(', ')}) values ${chunk.map((r) => `(${r.join(', ')})`).join(', ')}`,
    );
  }
}

/** Builds the book of `orders` orders and `customers` customers in the (empty, migrated) schema. */
export async function generate(client, db, schema, { orders: N, customers: C }) {
  const at = new Date(`${TODAY}T04:30:00Z`);
  const first = await saveProduct(
    db,
    { kind: 'first', name: 'Bench first loan', status: 'available', terms },
    null,
    at,
  );
  const reloan = await saveProduct(
    db,
    { kind: 'reloan', name: 'Bench re-loan', status: 'available', terms },
    null,
    at,
  );
  const termsJson = JSON.stringify(termsToJson(terms)).replaceAll("'", "''");
  const q = (text) => client.query(text);

  await q(`create unlogged table bench_scn (scn int primary key, kind text, status text, closure_type text,
    applied_date date, disbursal_date date, due_date date, cleared_date date, overdue_days int,
    overdue_band text, rbi_class text, rollover_count int, o_principal bigint, o_interest bigint,
    o_fee bigint, o_gst bigint, o_penal bigint, penal_charged bigint, payout_status text)`);
  await insertValues(
    client,
    'bench_scn',
    [
      'scn',
      'kind',
      'status',
      'closure_type',
      'applied_date',
      'disbursal_date',
      'due_date',
      'cleared_date',
      'overdue_days',
      'overdue_band',
      'rbi_class',
      'rollover_count',
      'o_principal',
      'o_interest',
      'o_fee',
      'o_gst',
      'o_penal',
      'penal_charged',
      'payout_status',
    ],
    scenarios.map((s) => {
      const o = s.loan?.outstanding;
      const owingNow = ['ACTIVE', 'DUE', 'OVERDUE'].includes(s.status);
      return [
        s.id,
        lit(s.kind),
        lit(s.status),
        lit(s.closureType),
        dateLit(s.appliedDate ?? s.disbursalDate),
        dateLit(s.disbursalDate),
        dateLit(s.loan?.dueDate),
        dateLit(s.clearedDate),
        s.overdueDays,
        lit(owingNow ? lending.overdueBand(s.overdueDays) : null),
        lit(owingNow ? lending.rbiClass(s.overdueDays) : null),
        s.rolloverCount,
        o ? o.principal : 0,
        o ? o.interest : 0,
        o ? o.fee : 0,
        o ? o.gst : 0,
        o ? o.penal : 0,
        s.loan?.penalCharged ?? 0,
        lit(s.disbursalDate ? 'processed' : s.payout),
      ];
    }),
  );
  await q(`create unlogged table bench_tpl (scn int, seq int, event text, business_date date,
    account text, component text, amount bigint)`);
  await insertValues(
    client,
    'bench_tpl',
    ['scn', 'seq', 'event', 'business_date', 'account', 'component', 'amount'],
    scenarios.flatMap((s) =>
      s.journals.flatMap((j, seq) =>
        j.lines
          .filter((l) => l.amount !== 0n)
          .map((l) => [
            s.id,
            seq,
            lit(j.event),
            dateLit(j.date),
            lit(l.account),
            lit(l.component),
            l.amount,
          ]),
      ),
    ),
  );
  await q(`create unlogged table bench_rep (scn int, seq int, amount bigint, type text,
    principal bigint, interest bigint, fee bigint, gst bigint, penal bigint, excess bigint,
    business_date date, overdue_days_when_paid int)`);
  await insertValues(
    client,
    'bench_rep',
    [
      'scn',
      'seq',
      'amount',
      'type',
      'principal',
      'interest',
      'fee',
      'gst',
      'penal',
      'excess',
      'business_date',
      'overdue_days_when_paid',
    ],
    scenarios
      .filter((s) => s.repayment)
      .map(({ id, repayment: r }) => [
        id,
        r.seq,
        r.amount,
        lit(r.type),
        r.allocated.principal,
        r.allocated.interest,
        r.allocated.fee,
        r.allocated.gst,
        r.allocated.penal,
        r.excess,
        dateLit(r.date),
        r.overdueDaysWhenPaid,
      ]),
  );

  // Which scenario each order follows: the bucket by id % 100, the variant by a hash of id.
  const pick = buckets
    .map(
      (b) =>
        `when g % 100 between ${b.from} and ${b.to} then ${b.base} + ((g::bigint * 7919) % 9973)::int % ${b.count}`,
    )
    .join(' ');
  await q(`create unlogged table bench_order (id int primary key, scn int not null)`);
  await q(`insert into bench_order select g, case ${pick} end from generate_series(1, ${N}) g`);

  await phaseLog('customers', () =>
    q(`insert into customers (id, name, id_type, id_number, phone, region, registration_date,
      customer_type, channel, bank_name, bank_account_number, ifsc, bank_account_verified, created_at)
    overriding system value
    select c, 'Bench Customer ' || c, 'pan',
      'AB' || chr(65 + (c / 10000) % 26) || chr(65 + (c / 260000) % 26) || 'C' || lpad((c % 10000)::text, 4, '0') || 'Z',
      (7000000000 + c)::text, 'Maharashtra', date '${TODAY}' - 240 + (c % 30),
      case when c <= ${N - C} then 'old' else 'new' end, 'organic', 'State Bank of India',
      '0000' || lpad(c::text, 10, '0'), 'SBIN0000001', c % 10 <> 0, now()
    from generate_series(1, ${C}) c`),
  );
  await q(`select setval(pg_get_serial_sequence('customers', 'id'), ${C})`);

  await phaseLog('loan_orders', () =>
    q(`insert into loan_orders (id, order_no, customer_id, product_id, product_version, product_kind, terms,
      principal_paise, processing_fee_paise, gst_on_fee_paise, net_disbursed_paise, due_amount_paise,
      tenor_days, status, closure_type, key_facts, apr_basis_points, kfs_accepted_at, kfs_channel,
      kfs_otp_reference, applicant_features, machine_score, machine_result, machine_reviewed_at,
      final_reviewed_at, reason, disbursal_date, due_date, accrued_through_date, day_end_date,
      principal_disbursed_paise, outstanding_principal_paise, outstanding_interest_paise,
      outstanding_fee_paise, outstanding_gst_paise, outstanding_penal_paise, penal_charged_paise,
      rollover_count, overdue_days, overdue_band, rbi_class, cleared_date, applied_at, updated_at)
    overriding system value
    select o.id, 'LN' || to_char(s.applied_date, 'YYYYMMDD') || lpad(o.id::text, 7, '0'),
      1 + (o.id - 1) % ${C},
      case when o.id <= ${C} then ${first.id} else ${reloan.id} end, 1,
      case when o.id <= ${C} then 'first' else 'reloan' end, '${termsJson}'::jsonb,
      450000, 31500, 5670, 412830, 456300, 14, s.status, s.closure_type, '{}'::jsonb, 27453,
      t.applied_at, 'app', 'otp', '{}'::jsonb,
      case when s.status not in ('APPLIED', 'MACHINE_REVIEW') then 700 end,
      case when s.status not in ('APPLIED', 'MACHINE_REVIEW') then
        case when s.status = 'REJECTED' then 'reject' else 'pass' end end,
      case when s.status not in ('APPLIED', 'MACHINE_REVIEW') then t.applied_at + interval '1 minute' end,
      case when s.status not in ('APPLIED', 'MACHINE_REVIEW', 'FIRST_REVIEW', 'FINAL_REVIEW', 'REJECTED')
        then t.applied_at + interval '1 hour' end,
      case when s.status = 'REJECTED' then 'machine rule' end,
      s.disbursal_date, s.due_date,
      case when s.disbursal_date is not null then date '${YESTERDAY}' end,
      case when s.disbursal_date is not null then date '${YESTERDAY}' end,
      case when s.disbursal_date is not null then 450000 else 0 end,
      s.o_principal, s.o_interest, s.o_fee, s.o_gst, s.o_penal, s.penal_charged, s.rollover_count,
      s.overdue_days, s.overdue_band, s.rbi_class, s.cleared_date, t.applied_at, now()
    from bench_order o join bench_scn s on s.scn = o.scn
    cross join lateral (select (s.applied_date + time '03:30' + (o.id % 36000) * interval '1 second')
      at time zone 'UTC' as applied_at) t`),
  );
  await q(`select setval(pg_get_serial_sequence('loan_orders', 'id'), ${N})`);

  await phaseLog('order_status_history', () =>
    q(`insert into order_status_history (order_id, from_status, to_status, event, at)
    select o.id, 'MACHINE_REVIEW', case when o.machine_result = 'pass' then 'FIRST_REVIEW' else 'REJECTED' end,
      case when o.machine_result = 'pass' then 'machinePass' else 'machineReject' end, o.machine_reviewed_at
    from loan_orders o where o.machine_reviewed_at is not null
    union all
    select o.id, 'FINAL_REVIEW', 'PENDING_DISBURSEMENT', 'finalPass', o.final_reviewed_at
    from loan_orders o where o.final_reviewed_at is not null`),
  );

  await phaseLog('payouts', () =>
    q(`insert into payouts (order_id, purpose, idempotency_key, amount_paise, gross_paise,
      fee_withheld_paise, gst_withheld_paise, status, channel, utr,
      processed_date, fail_count, error_message, created_at, updated_at)
    select o.id, 'disbursal', 'bench:payout:' || o.id, 412830, 450000, 31500, 5670, s.payout_status, 'sandbox',
      case when s.payout_status = 'processed' then 'UTR' || lpad(o.id::text, 12, '0') end,
      s.disbursal_date, case when s.payout_status = 'failed' then 1 else 0 end,
      case when s.payout_status = 'failed' then 'beneficiary bank declined' end,
      coalesce(o.final_reviewed_at, o.applied_at), coalesce(o.final_reviewed_at, o.applied_at)
    from loan_orders o join bench_order b on b.id = o.id join bench_scn s on s.scn = b.scn
    where s.payout_status is not null`),
  );

  await phaseLog('ledger_journals', () =>
    q(`insert into ledger_journals (order_id, event_type, idempotency_key, business_date, at, value_date)
    select b.id, j.event, 'bench:' || b.id || ':' || j.seq, j.business_date,
      (j.business_date + time '18:00') at time zone 'UTC', j.business_date
    from bench_order b join (select distinct scn, seq, event, business_date from bench_tpl) j on j.scn = b.scn`),
  );
  await phaseLog('ledger_entries', () =>
    q(`insert into ledger_entries (journal_id, account, component, amount_paise)
    select j.id, t.account, t.component, t.amount
    from ledger_journals j join bench_order b on b.id = j.order_id
    join bench_tpl t on t.scn = b.scn and t.seq = split_part(j.idempotency_key, ':', 3)::int
    where j.idempotency_key like 'bench:%'`),
  );

  await phaseLog('repayments', () =>
    q(`insert into repayments (serial_no, order_id, channel, amount_paise, type, idempotency_key,
      allocated_principal_paise, allocated_interest_paise, allocated_fee_paise, allocated_gst_paise,
      allocated_penal_paise, excess_paise, journal_id, business_date, received_at, value_date,
      overdue_days_when_paid)
    select 'RP' || to_char(r.business_date, 'YYYYMMDD') || lpad(b.id::text, 8, '0'), b.id, 'upi', r.amount,
      r.type, 'bench:repayment:' || b.id, r.principal, r.interest, r.fee, r.gst, r.penal, r.excess,
      j.id, r.business_date, (r.business_date + time '10:00') at time zone 'UTC', r.business_date,
      r.overdue_days_when_paid
    from bench_order b join bench_rep r on r.scn = b.scn
    join ledger_journals j on j.idempotency_key = 'bench:' || b.id || ':' || r.seq`),
  );

  await phaseLog('recovery_cases', () =>
    q(`insert into recovery_cases (kind, order_id, status, stage, due_date, owed_at_assignment_paise,
      priority, opened_date, opened_at)
    select case when o.status = 'OVERDUE' then 'collection' else 'pre' end, o.id, 'open',
      case when o.status = 'DUE' then 'S0' when o.overdue_days <= 7 then 'S1'
        when o.overdue_days <= 30 then 'S2' else 'S3' end,
      o.due_date, o.outstanding_principal_paise + o.outstanding_interest_paise + o.outstanding_penal_paise,
      2, least(o.due_date + 1, date '${TODAY}'),
      (least(o.due_date + 1, date '${TODAY}') + time '01:00') at time zone 'UTC'
    from loan_orders o where o.status in ('OVERDUE', 'DUE')`),
  );

  await generateExtras(client, { orders: N, customers: C, today: TODAY });

  const unbalanced = await q(`select count(*)::int as n from (select journal_id from ledger_entries
    group by journal_id having sum(amount_paise) <> 0) x`);
  if (unbalanced.rows[0].n !== 0) throw new Error(`${unbalanced.rows[0].n} unbalanced journals`);

  // Statistics and the visibility map first, as autovacuum keeps them on a live book: the
  // refresh's queries and every list plan on the statistics, and an index-only scan (a capped
  // count, decision 0051) reads the heap for each row until the map marks its pages all-visible
  // (1,000,000 orders, the order list's OVERDUE count: 98 ms by a sequential scan after a plain
  // ANALYZE, 19 ms by an index-only scan after VACUUM). Only this book's tables.
  await phaseLog('vacuum analyze', async () => {
    const tables = await q(`select tablename from pg_tables where schemaname = current_schema()`);
    for (const { tablename } of tables.rows) await q(`vacuum (analyze) "${tablename}"`);
  });

  // The report tables, by the server's own refresh over the generated days: the last 90 India
  // days' daily figures, and the due cohorts the night after YESTERDAY keeps fresh (its
  // settling window of 60 days and YESTERDAY itself).
  await phaseLog('report figures (server refresh, 90 days + 61 cohorts)', async () => {
    const refreshedAt = new Date(`${TODAY}T04:30:00Z`);
    const closed = (days) => ({ from: addDays(YESTERDAY, -days), to: YESTERDAY });
    await dailyOrderFigures.refreshClosedDays(db, closed(89), refreshedAt);
    await dueCohortFigures.refreshClosedDays(
      db,
      closed(dueCohortFigures.settlingDays),
      refreshedAt,
    );
  });
  const counts = await q(`select
    (select count(*) from customers)::int as customers, (select count(*) from loan_orders)::int as orders,
    (select count(*) from payouts)::int as payouts, (select count(*) from repayments)::int as repayments,
    (select count(*) from ledger_journals)::int as journals, (select count(*) from ledger_entries)::int as entries,
    (select count(*) from recovery_cases)::int as cases,
    (select count(*) from order_status_history)::int as history,
    pg_size_pretty(sum(pg_total_relation_size(c.oid))) as size
    from pg_class c where c.relnamespace = '${schema}'::regnamespace and c.relkind = 'r'`);
  return counts.rows[0];
}
