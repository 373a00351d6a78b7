// The scale bench's results: timed phases, and the table of figures beside their budgets that
// every part adds rows to and the run prints at the end (also when a part fails).

export const fmt = (n) => Math.round(n).toLocaleString('en-US');

/** BENCH_ONLY: comma-separated texts; a list or report is measured when a name contains one. */
export function matches(only, ...names) {
  if (!only) return true;
  return only.split(',').some((text) => names.some((name) => name.includes(text.trim())));
}

/** Rows of the final table: {label, figure, budget, ratio?, met?}. */
export const table = [];
const phases = [];

/** Runs one timed phase of the bench, printing and keeping its time. */
export async function phase(name, fn) {
  const t0 = performance.now();
  const result = await fn();
  const seconds = (performance.now() - t0) / 1000;
  phases.push([name, seconds]);
  console.log(`  [${name}: ${seconds.toFixed(1)} s]`);
  return result;
}

/** A step inside a phase (one table of the book): printed, not kept. */
export async function phaseLog(name, fn) {
  const t0 = performance.now();
  await fn();
  console.log(`    ${name}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

export function printTable(orders) {
  console.log(
    `\nScale table (${fmt(orders)} orders). Lists: one client alone (median of 5) | 50 concurrent clients p50 / p99;\nratio = p99 (lists) or median (reports) ÷ the same-run baseline on GET /health/live under the same load;\nday-end: rate ÷ the plain SQL accrual pass's rate over the same rows; memory: RSS ÷ the server's without the demo book.`,
  );
  console.log(
    `${'figure'.padEnd(52)} ${'value'.padEnd(28)} ${'budget'.padEnd(16)} ${'ratio'.padStart(7)}  met`,
  );
  for (const row of table) {
    const ratio = row.ratio === undefined ? '' : `${row.ratio.toFixed(1)}×`;
    const met = row.met === undefined ? '-' : row.met ? 'met' : 'NOT MET';
    console.log(
      `${row.label.padEnd(52)} ${String(row.figure).padEnd(28)} ${row.budget.padEnd(16)} ${ratio.padStart(7)}  ${met}`,
    );
  }
  console.log('\nPhases');
  for (const [name, seconds] of phases) console.log(`  ${name.padEnd(48)} ${seconds.toFixed(1)} s`);
}
