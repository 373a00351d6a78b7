import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './plugins/db.js';
import { seed } from './seed.js';
import { clockWithinIndiaHours, systemClock, type Clock } from './shared/clock.js';
import { createPasswordHasher } from './modules/user/index.js';
import { startJobs, type Job, type StopJobs } from './shared/jobs.js';
import { shutDown } from './shutdown.js';
import { dayEndJob } from './modules/day-end/index.js';
import { loadIntegrationsConfig } from './integrations/index.js';
import { loadPayoutsConfig } from './integrations/payouts/index.js';
import { loadBorrowerAppSettings, bankVerificationJob } from './modules/borrower-app/index.js';
import { marketingSmsJob } from './modules/marketing-sms/index.js';
import { demoBookSettings } from './simulator/demo-book.js';
import { loadLoanBookConfig } from './modules/loan-book/index.js';
import { ledgerRollupJob } from './modules/ledger/index.js';
import { walletJob } from './modules/wallet/index.js';
import { recoveryRefreshJob } from './modules/recovery/index.js';
import { creditRefundsJob, scheduledReconciliationJob } from './modules/finance/index.js';
import { exportQueueJob } from './modules/export/index.js';

/**
 * Every setting, read before the database is touched: a bad one stops the start at once with
 * a ConfigError naming it (printed without a stack trace below). Modules read their own again.
 */
function readSettings() {
  const config = loadConfig();
  loadIntegrationsConfig();
  loadBorrowerAppSettings();
  return {
    config,
    payouts: loadPayoutsConfig(),
    loanBook: loadLoanBookConfig(),
    demoBook: demoBookSettings(),
  };
}

async function main(): Promise<void> {
  const settings = readSettings();
  const { config } = settings;
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    searchPath: config.databaseSchema,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  const hasher = createPasswordHasher();
  const readiness = { ready: false };
  // Demo and browser journeys only (config refuses it otherwise): business hours at any hour,
  // and a business date the demo may move forward (decision 0066). The browser journeys read
  // its offset from the data directory (e2e/support.ts serverNow), rewritten at every move.
  const demoClockFile = path.join(config.dataDir, 'demo-clock.json');
  const writeOffset = (offsetMs: number) => {
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(demoClockFile, JSON.stringify({ offsetMs }));
  };
  const moved = config.demoClockWithin
    ? clockWithinIndiaHours(config.demoClockWithin, systemClock, writeOffset)
    : null;
  const clock: Clock = moved ?? systemClock;
  const app = await buildApp({
    config,
    db: database.db,
    database,
    hasher,
    readiness,
    clock,
    ...(moved ? { demoClock: moved } : {}),
  });
  if (moved) {
    writeOffset(moved.offsetMs);
    if (moved.offsetMs !== 0)
      app.log.warn(
        `DEMO_CLOCK_WITHIN: the server's clock runs ${Math.round(moved.offsetMs / 60_000)} minutes from the real one`,
      );
  }
  try {
    await database.migrate();
    await seed({
      db: database.db,
      clock,
      hasher,
      demoData: config.demoData,
      warn: (message) => app.log.warn(message),
      demoBook: {
        ...settings.demoBook,
        aadhaarHashKey: settings.loanBook.aadhaarHashKey,
        log: (message) => app.log.info(message),
      },
    });
  } catch (error) {
    app.log.fatal({ err: error }, 'database set-up failed');
    await database.close();
    process.exit(1);
  }
  app.log.info(
    { database: database.driver === 'pglite' ? path.join(config.dataDir, 'pglite') : 'postgres' },
    'database ready',
  );
  readiness.ready = true;

  let closing = false;
  // Replaced by the runner's stop once the jobs have started.
  let stopJobs: StopJobs = () => Promise.resolve([]);
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal, graceSeconds: config.shutdownGraceMs / 1000 }, 'shutting down');
    // Whatever hangs, the process ends a little after the grace period.
    setTimeout(
      () => {
        app.log.error({}, 'shutdown did not finish in time: exiting');
        process.exit(1);
      },
      config.shutdownDrainMs + config.shutdownGraceMs + 5_000,
    ).unref();
    try {
      await shutDown({
        readiness,
        stopJobs,
        closeApp: () => app.close(),
        dispatchesIdle: () => app.integrations.payouts.dispatcher.idle(),
        drainMs: config.shutdownDrainMs,
        closeDatabase: () => database.close(),
        graceMs: config.shutdownGraceMs,
        log: app.log,
      });
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const { db } = database;
  const { gateway } = app.integrations.payouts;
  const sweepMs = settings.payouts.sweepSeconds * 1000;
  const collectionsReconciliation = app.integrations.collectionsReconciliationJob();
  // The background jobs, each on the one runner (shared/jobs.ts): every pass's outcome and
  // duration go to the metrics, a failure to the log; shutdown asks each to stop and waits.
  // Expired exports are cleaned up by the export module itself, with the app's life.
  const jobs: Job[] = [
    // Day-end (accrual, DUE/OVERDUE) checks every minute whether the operations setting
    // day_end_time has passed; a lease makes it run once per business date.
    dayEndJob({
      db,
      clock,
      dayEndTime: () => app.opsSettings.get('day_end_time'),
      intervalMs: config.dayEnd.checkMs,
      leaseMs: config.dayEnd.leaseMs,
    }),
    // Payouts whose outcome is unknown or stale are resolved by status lookup (never a new key).
    app.integrations.payouts.dispatcher.sweepJob(sweepMs),
    // Bank accounts borrowers saved are penny-dropped before anything is paid to them.
    bankVerificationJob({ db, gateway, clock, intervalMs: sweepMs }),
    // Invitation rewards credited once the invitee repaid; withdrawals without a webhook looked up.
    walletJob({ db, clock, gateway }, { intervalMs: sweepMs }),
    // Refunds of unapplied credits in payment with no webhook: looked up, re-sent with their key.
    creditRefundsJob({ db, clock, payouts: gateway }, { intervalMs: sweepMs }),
    // Credits whose webhook was lost are found on the gateway's statement and applied once
    // (none when COLLECTION_RECONCILE_MINUTES is 0).
    ...(collectionsReconciliation ? [collectionsReconciliation] : []),
    // Each India day is reconciled once it is over, at the operations setting
    // reconciliation_daily_time, with missed days of the last week caught up (decision 0065).
    scheduledReconciliationJob(
      {
        db,
        clock,
        loanBook: app.loanBook,
        collections: app.integrations.collectionGateway,
        payouts: gateway,
      },
      { time: () => app.opsSettings.get('reconciliation_daily_time'), intervalMs: 60_000 },
    ),
    // Collection cases whose order moved on are closed, promises settled and the collectors'
    // order of work refreshed each minute (reads derive the same, never write: decision 0052).
    recoveryRefreshJob({ db, clock, intervalMs: 60_000 }),
    // The ledger's daily totals take the journals of every transaction finished since the last
    // rollup, so the trial balance, GST and cash flow read few raw entries (decision 0086).
    ledgerRollupJob({ db, clock, intervalMs: 60_000 }),
    // Marketing SMS campaigns go out at their rate, only inside TRAI's 10:00–21:00 India time.
    marketingSmsJob({ db, clock, sms: app.integrations.smsGateways, intervalMs: 60_000 }),
    // Exports queued through another server, or left by one that stopped, are claimed and run
    // here (each by one server at a time, decision 0091); this server's own start at once.
    exportQueueJob(app.exportRunner, config.exports.checkMs),
  ];
  stopJobs = startJobs(jobs, { metrics: app.metrics, log: app.log });
}

try {
  await main();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
