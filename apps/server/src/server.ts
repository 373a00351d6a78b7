import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './plugins/db.js';
import { seed } from './seed.js';
import { clockWithinIndiaHours, systemClock, type Clock } from './shared/clock.js';
import { createPasswordHasher } from './modules/user/index.js';
import { startDayEndJob } from './modules/day-end/index.js';
import { loadIntegrationsConfig } from './integrations/index.js';
import { loadPayoutsConfig } from './integrations/payouts/index.js';
import { loadBorrowerAppSettings, startBankVerificationJob } from './modules/borrower-app/index.js';
import { startMarketingSmsJob } from './modules/marketing-sms/index.js';
import { demoBookSettings } from './simulator/demo-book.js';
import { loadLoanBookConfig } from './modules/loan-book/index.js';
import { startWalletJob } from './modules/wallet/index.js';
import { startRecoveryRefreshJob } from './modules/recovery/index.js';
import { startScheduledReconciliationJob } from './modules/finance/index.js';

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
  const jobs: {
    stopDayEnd?: () => void;
    stopPayoutSweep?: () => void;
    stopBankVerification?: () => void;
    stopCollectionsReconciliation?: () => void;
    stopScheduledReconciliation?: () => void;
    stopMarketingSms?: () => void;
    stopWallets?: () => void;
    stopRecoveryRefresh?: () => void;
  } = {};
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // Out of the load balancer's rotation first; app.close() then finishes requests in flight.
    readiness.ready = false;
    jobs.stopDayEnd?.();
    jobs.stopPayoutSweep?.();
    jobs.stopBankVerification?.();
    jobs.stopCollectionsReconciliation?.();
    jobs.stopScheduledReconciliation?.();
    jobs.stopMarketingSms?.();
    jobs.stopWallets?.();
    jobs.stopRecoveryRefresh?.();
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close();
      await database.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  // Day-end (accrual, DUE/OVERDUE) checks every minute whether the operations setting
  // day_end_time has passed; a lease makes it run once per business date.
  jobs.stopDayEnd = startDayEndJob({
    db: database.db,
    clock,
    dayEndTime: () => app.opsSettings.get('day_end_time'),
    intervalMs: config.dayEnd.checkMs,
    leaseMs: config.dayEnd.leaseMs,
    onError: (error) => {
      app.metrics.jobRun('day_end', 'failure');
      app.log.error({ err: error }, 'day-end failed');
    },
    onRun: (report) => {
      app.metrics.jobRun('day_end', 'success');
      app.log.info({ dates: report.dates }, 'day-end completed');
    },
  });
  // Payouts whose outcome is unknown or stale are resolved by status lookup (never a new key).
  jobs.stopPayoutSweep = app.integrations.payouts.dispatcher.start(
    settings.payouts.sweepSeconds * 1000,
  );
  // Bank accounts borrowers saved are penny-dropped before anything is paid to them.
  jobs.stopBankVerification = startBankVerificationJob({
    db: database.db,
    gateway: app.integrations.payouts.gateway,
    clock,
    intervalMs: settings.payouts.sweepSeconds * 1000,
    onError: (error) => {
      app.metrics.jobRun('bank_verification', 'failure');
      app.log.error({ err: error }, 'bank account verification failed');
    },
  });
  // Invitation rewards credited once the invitee repaid; withdrawals without a webhook looked up.
  jobs.stopWallets = startWalletJob(
    { db: database.db, clock, gateway: app.integrations.payouts.gateway },
    {
      intervalMs: settings.payouts.sweepSeconds * 1000,
      onError: (error) => app.log.error({ err: error }, 'wallet job failed'),
    },
  );
  // Credits whose webhook was lost are found on the gateway's statement and applied once.
  jobs.stopCollectionsReconciliation = app.integrations.startCollectionsReconciliation({
    onReport: (report) => {
      app.metrics.jobRun('collections_reconciliation', 'success');
      const { recovered, breaks, notOnStatement } = report;
      const log = recovered.length + breaks.length + notOnStatement.length > 0 ? 'warn' : 'debug';
      app.log[log](report, 'collections reconciled with the gateway statement');
    },
    onError: (error) => {
      app.metrics.jobRun('collections_reconciliation', 'failure');
      app.log.error({ err: error }, 'collections reconciliation failed');
    },
  });
  // Each India day is reconciled once it is over, at the operations setting
  // reconciliation_daily_time, with missed days of the last week caught up (decision 0065).
  jobs.stopScheduledReconciliation = startScheduledReconciliationJob(
    {
      db: database.db,
      clock,
      loanBook: app.loanBook,
      collections: app.integrations.collectionGateway,
      payouts: app.integrations.payouts.gateway,
    },
    {
      time: () => app.opsSettings.get('reconciliation_daily_time'),
      intervalMs: 60_000,
      onRun: (report) => {
        if (report.reconciled.length === 0) return;
        app.metrics.jobRun('scheduled_reconciliation', 'success');
        app.log.info(report, 'days reconciled on schedule');
      },
      onError: (error) => {
        app.metrics.jobRun('scheduled_reconciliation', 'failure');
        app.log.error({ err: error }, 'scheduled reconciliation failed');
      },
    },
  );
  // Collection cases whose order moved on are closed, promises settled and the collectors' order
  // of work refreshed each minute (reads derive the same, never write: decision 0052).
  jobs.stopRecoveryRefresh = startRecoveryRefreshJob({
    db: database.db,
    clock,
    intervalMs: 60_000,
    onRun: (report) => {
      if (report) app.metrics.jobRun('recovery_refresh', 'success');
      if (report && report.closed > 0) app.log.info(report, 'collection cases closed');
    },
    onError: (error) => {
      app.metrics.jobRun('recovery_refresh', 'failure');
      app.log.error({ err: error }, 'collection refresh failed');
    },
  });
  // Marketing SMS campaigns go out at their rate, only inside TRAI's 10:00–21:00 India time.
  jobs.stopMarketingSms = startMarketingSmsJob({
    db: database.db,
    clock,
    sms: app.integrations.smsGateways,
    intervalMs: 60_000,
    onRun: (report) => {
      if (report.sent + report.skipped + report.failed > 0) {
        app.metrics.jobRun('marketing_sms', 'success');
        app.log.info(report, 'marketing SMS sent');
      }
    },
    onError: (error) => {
      app.metrics.jobRun('marketing_sms', 'failure');
      app.log.error({ err: error }, 'marketing SMS sending failed');
    },
  });
}

try {
  await main();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
