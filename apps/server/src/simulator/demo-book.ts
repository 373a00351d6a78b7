import { count } from 'drizzle-orm';
import { addDays } from '@lending/lending';
import { loanOrders } from '../modules/loan-book/index.js';
import type { Database } from '../plugins/db.js';
import { simulate, type SimulateResult } from './run-simulation.js';

export interface DemoBookOptions {
  db: Database;
  /** India business date of "today": the book runs the 90 days before it. */
  today: string;
  borrowers: number;
  days: number;
  seed: number;
  log?: (message: string) => void;
}

/**
 * The demo book: on first start on an empty book, the simulator runs the last `days` days up
 * to today on the server's database — registrations, reviews, payouts through the payout
 * sandbox, repayments through the collection sandbox, a day-end after each day — so the
 * console opens on a living book whose day-end is done through yesterday.
 */
export async function loadDemoBook(options: DemoBookOptions): Promise<SimulateResult | null> {
  const [existing] = await options.db.select({ n: count() }).from(loanOrders);
  if ((existing?.n ?? 0) > 0) return null;
  const result = await simulate({
    db: options.db,
    borrowers: options.borrowers,
    days: options.days,
    seed: options.seed,
    startDate: addDays(options.today, -options.days),
    transport: 'direct',
  });
  options.log?.(
    `Demo book: ${result.summary.orders} orders (${result.summary.loansDisbursed} loans) over ` +
      `${options.days} days to ${options.today} in ${result.seconds.toFixed(1)} s; ledger check ` +
      (result.ledger.ok ? 'passed' : 'FAILED'),
  );
  return result;
}

/** DEMO_BOOK_BORROWERS / DEMO_BOOK_DAYS / DEMO_BOOK_SEED, with the defaults of the demo. */
export function demoBookSettings(env: Record<string, string | undefined> = process.env) {
  const int = (name: string, fallback: number, max: number) => {
    const value = env[name];
    if (value === undefined || value === '') return fallback;
    const n = Number(value);
    if (!Number.isSafeInteger(n) || n < 0 || n > max) {
      throw new Error(`Invalid demo book setting ${name}: a whole number up to ${max}`);
    }
    return n;
  };
  return {
    borrowers: int('DEMO_BOOK_BORROWERS', DEMO_BOOK_BORROWERS, 100_000),
    days: int('DEMO_BOOK_DAYS', 90, 365),
    seed: int('DEMO_BOOK_SEED', 1, 1_000_000_000),
  };
}

export const DEMO_BOOK_BORROWERS = 400;
