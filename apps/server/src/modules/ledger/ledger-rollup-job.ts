import type { Database } from '../../plugins/db.js';
import type { Clock } from '../../shared/clock.js';
import { job, type Job } from '../../shared/jobs.js';
import { rollUpLedger, type LedgerRollup } from './ledger-rollup.repository.js';

/**
 * The rollup every minute (server.ts's job list) and at start; the day-end rolls up once more
 * after each run. Cheap when nothing is new: one index probe above the horizon.
 */
export function ledgerRollupJob(deps: {
  db: Database;
  clock: Clock;
  intervalMs: number;
}): Job<LedgerRollup | null> {
  return job({
    name: 'ledger_rollup',
    intervalMs: deps.intervalMs,
    runAtStart: true,
    pass: () => rollUpLedger(deps.db, deps.clock.now()),
    report: (report, log) => {
      if (report?.rebuilt)
        log.warn(
          { horizon: String(report.to) },
          'ledger daily totals rebuilt: the stored horizon was above this cluster',
        );
    },
  });
}
