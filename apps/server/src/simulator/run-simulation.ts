import { addDays } from '@lending/lending';
import { openDatabase, type Database } from '../plugins/db.js';
import { seedSmsTemplates } from '../integrations/index.js';
import { seedAccounts, type PasswordHasher } from '../modules/user/index.js';
import { startOfIndiaDate } from '../shared/india-date.js';
import { createBorrowerDriver, httpTransport, injectTransport } from './borrower-driver.js';
import { createDirectDriver } from './direct-driver.js';
import { createPrng } from './prng.js';
import { runSimulation, type PhaseTimes, type SimulationCounters } from './simulation.js';
import { checkLedger, summarizeBook, type BookSummary } from './summary.js';
import { createSimulationWorld } from './world.js';
import type { LedgerCheckResult } from '../modules/loan-book/index.js';

export interface SimulateOptions {
  borrowers: number;
  days: number;
  seed: number;
  /** India date of the first day (the book's last day-end is start + days − 1). */
  startDate: string;
  /** An existing database (the demo book); otherwise a fresh in-memory one (or DATABASE_URL). */
  db?: Database;
  databaseUrl?: string;
  /**
   * How borrowers reach the book: the borrower API in-process (`inject`, the default) or over
   * HTTP (`http`, the app listens on loopback), or straight through the services (`direct`).
   */
  transport?: 'inject' | 'http' | 'direct';
  onDay?: (date: string, dayIndex: number) => void;
}

export interface SimulateResult {
  summary: BookSummary;
  ledger: LedgerCheckResult;
  counters: SimulationCounters;
  phases: PhaseTimes;
  /** Wall time, set-up (database, migrations, app) included. */
  seconds: number;
  /** The days themselves: what orders per second are measured on. */
  simulationSeconds: number;
}

/** Argon2 costs ~50 ms a hash: the simulator's own staff accounts never sign in. */
const cheapHasher = {
  hash: async () => '!',
  verify: async () => false,
  verifyDummy: async () => undefined,
} satisfies PasswordHasher;

/**
 * The staff accounts a first start with demo data creates (admin, reviewer, collector,
 * finance…): the simulator's reviewers and finance act as them.
 */
export async function seedLikeFirstStart(db: Database, at: Date): Promise<void> {
  await seedAccounts({
    db,
    clock: { now: () => at },
    hasher: cheapHasher,
    demoData: true,
    warn: () => undefined,
  });
  // The OTP texts are sent only with a registered, enabled template (SMSManagement).
  await seedSmsTemplates(db, at);
}

/** Sets up (or joins) a database, runs the simulation, and returns the book's summary. */
export async function simulate(options: SimulateOptions): Promise<SimulateResult> {
  const started = performance.now();
  const prng = createPrng(options.seed);
  const start = startOfIndiaDate(options.startDate);
  const handle = options.db ? undefined : await openDatabase({ databaseUrl: options.databaseUrl });
  const db = options.db ?? handle!.db;
  if (handle) {
    await handle.migrate();
    await seedLikeFirstStart(db, start);
  }
  const http = options.transport === 'http';
  const world = await createSimulationWorld({
    db,
    prng,
    start,
    // Over HTTP every borrower comes from loopback: their own address rides in X-Forwarded-For.
    ...(http ? { config: { trustProxy: true } } : {}),
  });
  try {
    let transport = injectTransport(world.app);
    if (http) {
      const address = await world.app.listen({ host: '127.0.0.1', port: 0 });
      transport = httpTransport(address);
    }
    const driver =
      options.transport === 'direct'
        ? createDirectDriver(world)
        : createBorrowerDriver(
            transport,
            (phone) => world.app.integrations.sms.lastTo(phone)?.params.code,
          );
    const phases: PhaseTimes = {
      register: 0,
      apply: 0,
      review: 0,
      disburse: 0,
      repay: 0,
      dayEnd: 0,
    };
    const simulationStarted = performance.now();
    const counters = await runSimulation(world, driver, prng, { ...options, phases });
    const simulationSeconds = (performance.now() - simulationStarted) / 1000;
    const asOf = addDays(options.startDate, options.days);
    const summary = await summarizeBook(db, asOf);
    const ledger = await checkLedger(db);
    return {
      summary,
      ledger,
      counters,
      phases,
      seconds: (performance.now() - started) / 1000,
      simulationSeconds,
    };
  } finally {
    await world.close();
    await handle?.close();
  }
}
