import { existsSync } from 'node:fs';
import { addDays } from '@lending/lending';
import { checkLedger, countOrders } from '../modules/loan-book/index.js';
import type { Database } from '../plugins/db.js';
import { ConfigError } from '../shared/config-error.js';
import { defaultSnapshotPath, loadSnapshot, readSnapshot } from './demo-snapshot.js';
import { simulate } from './run-simulation.js';

export interface DemoBookSettings {
  borrowers: number;
  days: number;
  seed: number;
}

export interface DemoBookOptions extends DemoBookSettings {
  db: Database;
  /** India business date of "today": the book covers the `days` days before it. */
  today: string;
  /** The key the customers' Aadhaar hashes are made with (AADHAAR_HASH_KEY). */
  aadhaarHashKey: string;
  /** The simulator's snapshot; `null` always simulates live. Default: the committed file. */
  snapshotFile?: string | null;
  log?: (message: string) => void;
  warn?: (message: string) => void;
}

export interface DemoBookLoaded {
  source: 'snapshot' | 'simulation';
  orders: number;
  loans: number;
  seconds: number;
  ledgerOk: boolean;
}

/** The committed snapshot's settings: a first start with these loads it in seconds. */
export const DEMO_BOOK_DEFAULTS: DemoBookSettings = { borrowers: 3000, days: 120, seed: 1 };

/**
 * When the snapshot cannot be used, the size of book a first start can still simulate live
 * within about a minute on PGlite (~12 orders a second through the real commands).
 */
export const LIVE_FALLBACK_BORROWERS = 400;

/**
 * The demo book, on first start on an empty book: the simulator's book of the last `days`
 * days up to today — registrations, reviews, payouts through the payout sandbox, repayments
 * through the collection sandbox, a day-end after each day — so the console opens on a living
 * business whose day-end is done through yesterday. With the default settings it is copied
 * from the simulator's committed snapshot (decision 0016); other settings, or a database the
 * snapshot does not fit, are simulated live.
 */
export async function loadDemoBook(options: DemoBookOptions): Promise<DemoBookLoaded | null> {
  if ((await countOrders(options.db)) > 0) return null;
  const started = performance.now();
  let settings: DemoBookSettings = options;
  const file = options.snapshotFile === undefined ? defaultSnapshotPath() : options.snapshotFile;
  if (file && existsSync(file)) {
    const snapshot = await readSnapshot(file);
    if (sameSettings(snapshot.settings, options)) {
      const outcome = await loadSnapshot(options.db, snapshot, options);
      if (outcome.loaded) {
        const ledger = await checkLedger(options.db);
        const loaded: DemoBookLoaded = {
          source: 'snapshot',
          orders: outcome.orders,
          loans: outcome.loans,
          seconds: (performance.now() - started) / 1000,
          ledgerOk: ledger.ok,
        };
        report(options, loaded, `copied from the simulator's snapshot (seed ${options.seed})`);
        return loaded;
      }
      settings = { ...options, borrowers: Math.min(options.borrowers, LIVE_FALLBACK_BORROWERS) };
      options.warn?.(
        `Demo book: the simulator's snapshot cannot be used because ${outcome.reason}; ` +
          `simulating ${settings.borrowers} borrowers live instead.`,
      );
    }
  }
  const result = await simulate({
    db: options.db,
    borrowers: settings.borrowers,
    days: settings.days,
    seed: settings.seed,
    startDate: addDays(options.today, -settings.days),
    transport: 'direct',
  });
  const loaded: DemoBookLoaded = {
    source: 'simulation',
    orders: result.summary.orders,
    loans: result.summary.loansDisbursed,
    seconds: (performance.now() - started) / 1000,
    ledgerOk: result.ledger.ok,
  };
  report({ ...options, ...settings }, loaded, `simulated live (${settings.borrowers} borrowers)`);
  return loaded;
}

function sameSettings(a: DemoBookSettings, b: DemoBookSettings): boolean {
  return a.borrowers === b.borrowers && a.days === b.days && a.seed === b.seed;
}

function report(options: DemoBookOptions, loaded: DemoBookLoaded, how: string): void {
  options.log?.(
    `Demo book: ${loaded.orders} orders (${loaded.loans} loans) over ${options.days} days to ` +
      `${options.today}, ${how}, in ${loaded.seconds.toFixed(1)} s; ledger check ` +
      (loaded.ledgerOk ? 'passed' : 'FAILED'),
  );
}

/** DEMO_BOOK_BORROWERS / DEMO_BOOK_DAYS / DEMO_BOOK_SEED, with the defaults of the demo. */
export function demoBookSettings(
  env: Record<string, string | undefined> = process.env,
): DemoBookSettings {
  const int = (name: string, fallback: number, max: number) => {
    const value = env[name];
    if (value === undefined || value === '') return fallback;
    const n = Number(value);
    if (!Number.isSafeInteger(n) || n < 0 || n > max) {
      throw new ConfigError(`Invalid demo book setting ${name}: a whole number up to ${max}`);
    }
    return n;
  };
  return {
    borrowers: int('DEMO_BOOK_BORROWERS', DEMO_BOOK_DEFAULTS.borrowers, 100_000),
    days: int('DEMO_BOOK_DAYS', DEMO_BOOK_DEFAULTS.days, 365),
    seed: int('DEMO_BOOK_SEED', DEMO_BOOK_DEFAULTS.seed, 1_000_000_000),
  };
}
