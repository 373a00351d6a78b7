// The simulator's throughput end to end (orders per second: registrations through the borrower
// API, reviews, payouts and repayments through the sandboxes, day-end every day) on embedded
// PGlite, beside baselines measured in the same run with the same seed: the same book over
// HTTP on loopback, and the same book straight through the services (no borrower API). The
// summaries must be equal (determinism across drivers is part of what this shows).
// Prints figures; never fails on time. BENCH_SIM_BORROWERS / BENCH_SIM_DAYS change the size.
import { register } from 'tsx/esm/api';

register();
const { simulate } = await import('../../apps/server/src/simulator/run-simulation.ts');

const borrowers = Number(process.env.BENCH_SIM_BORROWERS ?? 200);
const days = Number(process.env.BENCH_SIM_DAYS ?? 30);
const options = { borrowers, days, seed: 42, startDate: '2025-01-01' };

const runs = [];
for (const transport of ['inject', 'http', 'direct']) {
  const result = await simulate({ ...options, transport });
  runs.push({ transport, result });
  const { summary, simulationSeconds: seconds, ledger } = result;
  console.log(
    `${transport.padEnd(7)} ${String(summary.orders).padStart(5)} orders (${summary.loansDisbursed} loans) in ${seconds.toFixed(1)} s: ` +
      `${(summary.orders / seconds).toFixed(1)} orders/s; ledger ${ledger.ok ? 'ok' : 'FAILED'}`,
  );
}
const [inject, http, direct] = runs.map(
  (run) => run.result.summary.orders / run.result.simulationSeconds,
);
console.log(
  `simulator (${borrowers} borrowers × ${days} days): in-process API ${inject.toFixed(1)} orders/s = ` +
    `${(inject / http).toFixed(2)}× the HTTP driver, ${(inject / direct).toFixed(2)}× the direct-to-services driver`,
);
const same = (a, b) =>
  JSON.stringify(a, (_k, v) => (typeof v === 'bigint' ? String(v) : v)) ===
  JSON.stringify(b, (_k, v) => (typeof v === 'bigint' ? String(v) : v));
console.log(
  `same book over inject and HTTP: ${same(runs[0].result.summary, runs[1].result.summary) ? 'yes' : 'NO'}`,
);
