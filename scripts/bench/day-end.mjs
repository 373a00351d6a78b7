// Day-end over 100,000 active loans on the local PostgreSQL server (its own schema, dropped
// afterwards), beside baselines measured in the same run: the same day-end over 10,000 loans,
// a plain set-based SQL pass over the 100,000 rows, and the day's writes (orders, journals,
// entries) in set-based SQL alone; then engine quote throughput
// (`clearingAmountOn` on day 17) beside `applyRate` alone. Prints figures; never fails on time.
// The book and the measurement are shared with the scale benchmark's `dayend` part
// (support/day-end-book.mjs), which runs it at 1,000,000 loans.
import { register } from 'tsx/esm/api';

register();
const { benchDatabaseUrl, measureDayEnd } = await import('./support/day-end-book.mjs');

const lending = await import('../../packages/lending/src/index.ts');
const D0 = '2025-01-15';
const fmt = (n) => Math.round(n).toLocaleString('en-US');

console.log(`database: ${benchDatabaseUrl.replace(/:[^:@/]*@/, ':***@')}`);
const base = await measureDayEnd({ loans: 10_000, plainPass: false });
console.log(
  `baseline  day-end over ${fmt(base.processed)} loans: ${base.seconds.toFixed(2)} s  → ${fmt(base.processed / base.seconds)} loans/s`,
);
const big = await measureDayEnd({ loans: 100_000 });
const rate = big.processed / big.seconds;
const plainRate = big.plain.rows / big.plain.seconds;
console.log(
  `day-end over ${fmt(big.processed)} loans: ${big.seconds.toFixed(2)} s  → ${fmt(rate)} loans/s (${(rate / (base.processed / base.seconds)).toFixed(2)}× the 10k baseline's rate)`,
);
const sqlRate = big.sqlWrites.rows / big.sqlWrites.seconds;
console.log(
  `baseline  plain SQL accrual pass over the same ${fmt(big.plain.rows)} rows: ${big.plain.seconds.toFixed(2)} s → ${fmt(plainRate)} rows/s (the day-end's rate is ${(rate / plainRate).toFixed(2)}× it: per-order engine, journals, entries, history)`,
);
console.log(
  `baseline  the day's writes in SQL alone (orders, journals, entries) over the same rows: ${big.sqlWrites.seconds.toFixed(2)} s → ${fmt(sqlRate)} orders/s (the day-end's rate is ${(rate / sqlRate).toFixed(2)}× it)`,
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
