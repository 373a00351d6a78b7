// `npm run ledger:check`: opens the configured database (DATABASE_URL, or the embedded one in
// DATA_DIR — stop the server first, PGlite allows one process) and runs the ledger check:
// every journal sums to zero; each order's outstanding equals its receivable postings; the
// daily totals plus the journals above the rollup's horizon equal the entries per day and
// account (decision 0086).
import path from 'node:path';
import { loadConfig } from '../src/config.js';
import { checkDailyTotals } from '../src/modules/ledger/index.js';
import { checkLedger } from '../src/modules/loan-book/index.js';
import { openDatabase } from '../src/plugins/db.js';

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: path.join(config.dataDir, 'pglite'),
});
try {
  await database.migrate();
  const result = await checkLedger(database.db);
  const totals = await checkDailyTotals(database.db);
  console.log(
    JSON.stringify(
      { ...result, dailyTotals: totals },
      (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value),
      2,
    ),
  );
  console.log(result.ok ? 'ledger check: OK' : 'ledger check: FAILED');
  console.log(
    totals.ok
      ? 'daily totals check: OK (totals plus the unrolled journals equal the entries per day and account)'
      : 'daily totals check: FAILED',
  );
  process.exitCode = result.ok && totals.ok ? 0 : 1;
} finally {
  await database.close();
}
