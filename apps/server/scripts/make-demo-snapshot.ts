// `npm run demo:snapshot [-- --borrowers N --days D --seed S --today YYYY-MM-DD --out FILE]`:
// runs the simulator on a fresh in-memory database set up as a first start is (migrations,
// the demo staff accounts), keeps what the run added as apps/server/demo/demo-book.json.gz,
// then proves the file: loads it into another fresh database dated to the real today and
// runs the ledger check there. Run it again after a migration changes the book's tables (a
// test says so). Decision 0016.
import { parseArgs } from 'node:util';
import { addDays } from '@lending/lending';
import { checkLedger, loadLoanBookConfig } from '../src/modules/loan-book/index.js';
import { openDatabase } from '../src/plugins/db.js';
import { indiaDateOf, startOfIndiaDate } from '../src/shared/india-date.js';
import { DEMO_BOOK_DEFAULTS } from '../src/simulator/demo-book.js';
import {
  defaultSnapshotPath,
  loadSnapshot,
  readSnapshot,
  takeBaseline,
  takeSnapshot,
  writeSnapshot,
} from '../src/simulator/demo-snapshot.js';
import { seedLikeFirstStart, simulate } from '../src/simulator/run-simulation.js';

const { values } = parseArgs({
  options: {
    borrowers: { type: 'string', default: String(DEMO_BOOK_DEFAULTS.borrowers) },
    days: { type: 'string', default: String(DEMO_BOOK_DEFAULTS.days) },
    seed: { type: 'string', default: String(DEMO_BOOK_DEFAULTS.seed) },
    // A fixed date keeps the file the same from run to run; loading moves it to today.
    today: { type: 'string', default: '2026-11-01' },
    out: { type: 'string', default: defaultSnapshotPath() },
  },
});
const settings = {
  borrowers: Number(values.borrowers),
  days: Number(values.days),
  seed: Number(values.seed),
};
const today = values.today!;
const { aadhaarHashKey } = loadLoanBookConfig();

const made = await openDatabase({});
try {
  await made.migrate();
  await seedLikeFirstStart(made.db, startOfIndiaDate(addDays(today, -settings.days)));
  const baseline = await takeBaseline(made.db);
  const result = await simulate({
    db: made.db,
    ...settings,
    startDate: addDays(today, -settings.days),
    transport: 'direct',
    onDay: (date, day) => {
      if (day % 10 === 0) process.stderr.write(`day ${day + 1}/${settings.days} (${date})\n`);
    },
  });
  if (!result.ledger.ok) throw new Error('the simulated book fails the ledger check');
  const snapshot = await takeSnapshot(made.db, baseline, {
    settings,
    today,
    orders: result.summary.orders,
    loans: result.summary.loansDisbursed,
    aadhaarHashKey,
  });
  await writeSnapshot(values.out!, snapshot);
  const rows = snapshot.tables.reduce((sum, table) => sum + table.rows.length, 0);
  console.log(
    `Simulated ${result.summary.orders} orders (${result.summary.loansDisbursed} loans) in ` +
      `${result.seconds.toFixed(1)} s; wrote ${rows} rows of ${snapshot.tables.length} tables ` +
      `to ${values.out}`,
  );
} finally {
  await made.close();
}

// The proof: what a first start does with the file, on the real today.
const proof = await openDatabase({});
try {
  await proof.migrate();
  const realToday = indiaDateOf(new Date());
  await seedLikeFirstStart(proof.db, new Date());
  const started = performance.now();
  const outcome = await loadSnapshot(proof.db, await readSnapshot(values.out!), {
    today: realToday,
    aadhaarHashKey,
  });
  if (!outcome.loaded) throw new Error(`the snapshot does not load: ${outcome.reason}`);
  const loadSeconds = (performance.now() - started) / 1000;
  const ledger = await checkLedger(proof.db);
  console.log(
    `Loaded for ${realToday} (moved ${outcome.shiftDays} days): ${outcome.rows} rows in ` +
      `${loadSeconds.toFixed(1)} s; ledger check ${ledger.ok ? 'passed' : 'FAILED'} ` +
      `(${ledger.journalsChecked} journals, ${ledger.ordersChecked} orders)`,
  );
  if (!ledger.ok) process.exitCode = 1;
} finally {
  await proof.close();
}
