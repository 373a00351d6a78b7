import path from 'node:path';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openDatabase } from './plugins/db.js';
import { seed } from './seed.js';
import { systemClock } from './shared/clock.js';
import { createPasswordHasher } from './modules/user/index.js';
import { startDayEndJob } from './modules/day-end/index.js';
import { loadPayoutsConfig } from './integrations/payouts/index.js';
import { demoBookSettings } from './simulator/demo-book.js';
import { loadLoanBookConfig } from './modules/loan-book/index.js';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  const hasher = createPasswordHasher();
  const app = await buildApp({ config, db: database.db, hasher });
  try {
    await database.migrate();
    await seed({
      db: database.db,
      clock: systemClock,
      hasher,
      demoData: config.demoData,
      warn: (message) => app.log.warn(message),
      demoBook: {
        ...demoBookSettings(),
        aadhaarHashKey: loadLoanBookConfig().aadhaarHashKey,
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

  let closing = false;
  const jobs: { stopDayEnd?: () => void; stopPayoutSweep?: () => void } = {};
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    jobs.stopDayEnd?.();
    jobs.stopPayoutSweep?.();
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
  // Day-end (accrual, DUE/OVERDUE) checks every minute; a lease makes it run once per business date.
  jobs.stopDayEnd = startDayEndJob({
    db: database.db,
    clock: systemClock,
    onError: (error) => app.log.error({ err: error }, 'day-end failed'),
    onRun: (report) => app.log.info({ dates: report.dates }, 'day-end completed'),
  });
  // Payouts whose outcome is unknown or stale are resolved by status lookup (never a new key).
  jobs.stopPayoutSweep = app.integrations.payouts.dispatcher.start(
    loadPayoutsConfig().sweepSeconds * 1000,
  );
}

await main();
