/**
 * npm run simulate -- --borrowers N --days D --seed S [--start YYYY-MM-DD] [--http | --direct]
 *   [--json] [--quiet]
 *
 * Runs the loan book on a fresh in-memory database (or DATABASE_URL) day by day on the
 * simulated clock and prints its summary and the ledger check; exits 1 if the check fails.
 */
import { parseArgs } from 'node:util';
import { formatSummary } from './summary.js';
import { simulate } from './run-simulation.js';

const { values } = parseArgs({
  options: {
    borrowers: { type: 'string', default: '200' },
    days: { type: 'string', default: '30' },
    seed: { type: 'string', default: '1' },
    start: { type: 'string', default: '2025-01-01' },
    http: { type: 'boolean', default: false },
    direct: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
    quiet: { type: 'boolean', default: false },
  },
});

const positive = (name: string, value: string | undefined) => {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 0) {
    console.error(`--${name} must be a whole number`);
    process.exit(2);
  }
  return n;
};

const borrowers = positive('borrowers', values.borrowers);
const days = positive('days', values.days);
const seed = positive('seed', values.seed);
if (!/^\d{4}-\d{2}-\d{2}$/.test(values.start ?? '')) {
  console.error('--start must be a date YYYY-MM-DD');
  process.exit(2);
}

const result = await simulate({
  borrowers,
  days,
  seed,
  startDate: values.start!,
  transport: values.direct ? 'direct' : values.http ? 'http' : 'inject',
  ...(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : {}),
  onDay: values.quiet
    ? undefined
    : (date, day) => {
        if (day % 10 === 0) process.stderr.write(`day ${day + 1}/${days} (${date})\n`);
      },
});

if (values.json) {
  console.log(
    JSON.stringify(
      {
        ...result,
        summary: {
          ...result.summary,
          disbursedPaise: String(result.summary.disbursedPaise),
          collectedPaise: String(result.summary.collectedPaise),
          outstandingPaise: String(result.summary.outstandingPaise),
        },
        ledger: {
          ok: result.ledger.ok,
          journalsChecked: result.ledger.journalsChecked,
          ordersChecked: result.ledger.ordersChecked,
        },
      },
      null,
      2,
    ),
  );
} else {
  console.log(
    `Simulation: ${borrowers} borrowers, ${days} days, seed ${seed}, from ${values.start}`,
  );
  console.log(formatSummary(result.summary, result.ledger));
  console.log(
    `Took ${result.seconds.toFixed(1)} s (${result.simulationSeconds.toFixed(1)} s simulating): ` +
      `${(result.summary.orders / result.simulationSeconds).toFixed(1)} orders/s end to end`,
  );
  if (!values.quiet) {
    const phases = Object.entries(result.phases).map(
      ([name, ms]) => `${name} ${(ms / 1000).toFixed(1)} s`,
    );
    console.log(`Phases: ${phases.join(', ')}`);
  }
}
process.exit(result.ledger.ok ? 0 : 1);
