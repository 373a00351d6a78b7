// The first start's demo book (decision 0016): copying the simulator's committed snapshot
// into a fresh embedded database on disk, as `npm start` does, beside a baseline measured in
// the same run: simulating a book live on the same kind of database (the direct driver,
// BENCH_DEMO_BORROWERS × 30 days). Both in orders per second made ready for the console,
// ledger check included. Prints figures; never fails on time.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { register } from 'tsx/esm/api';

register();
const { openDatabase } = await import('../../apps/server/src/plugins/db.ts');
const { seedLikeFirstStart } = await import('../../apps/server/src/simulator/run-simulation.ts');
const { loadDemoBook, DEMO_BOOK_DEFAULTS } =
  await import('../../apps/server/src/simulator/demo-book.ts');
const { DEV_AADHAAR_HASH_KEY } = await import('../../apps/server/src/modules/loan-book/index.ts');

const today = '2026-11-22';
const liveBorrowers = Number(process.env.BENCH_DEMO_BORROWERS ?? 200);

async function firstStart(settings, snapshotFile) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-demo-'));
  const database = await openDatabase({ pgliteDir: path.join(dir, 'pglite') });
  try {
    await database.migrate();
    await seedLikeFirstStart(database.db, new Date());
    const started = performance.now();
    const loaded = await loadDemoBook({
      db: database.db,
      today,
      ...settings,
      aadhaarHashKey: DEV_AADHAAR_HASH_KEY,
      snapshotFile,
    });
    return { ...loaded, seconds: (performance.now() - started) / 1000 };
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const copied = await firstStart(DEMO_BOOK_DEFAULTS, undefined);
const live = await firstStart({ borrowers: liveBorrowers, days: 30, seed: 1 }, null);
const rate = (run) => run.orders / run.seconds;
for (const [name, run] of [
  ['snapshot', copied],
  ['live', live],
]) {
  console.log(
    `${name.padEnd(8)} ${String(run.orders).padStart(5)} orders in ${run.seconds.toFixed(1)} s: ` +
      `${rate(run).toFixed(1)} orders/s (${run.source}); ledger ${run.ledgerOk ? 'ok' : 'FAILED'}`,
  );
}
console.log(
  `demo book on first start: the snapshot makes ${rate(copied).toFixed(0)} orders/s ready = ` +
    `${(rate(copied) / rate(live)).toFixed(1)}× simulating live (${rate(live).toFixed(1)} orders/s)`,
);
