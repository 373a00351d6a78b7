import type { Database } from './plugins/db.js';
import type { Clock } from './shared/clock.js';
import { seedAccounts, type PasswordHasher } from './modules/user/index.js';
import { indiaDateOf } from './shared/india-date.js';
import { loadDemoBook, type DemoBookSettings } from './simulator/demo-book.js';

export interface SeedContext {
  db: Database;
  clock: Clock;
  hasher: PasswordHasher;
  demoData: boolean;
  warn: (message: string) => void;
  /**
   * Loads the simulator's demo book on first start when demo data is on (server.ts passes it;
   * tests leave it out: their databases start empty).
   */
  demoBook?: DemoBookSettings & { aadhaarHashKey: string; log: (message: string) => void };
}

/** First-start data of every module; each step is idempotent (never re-seeds). */
export async function seed(context: SeedContext): Promise<void> {
  const firstStart = await seedAccounts(context);
  if (firstStart && context.demoData && context.demoBook) {
    await loadDemoBook({
      db: context.db,
      today: indiaDateOf(context.clock.now()),
      warn: context.warn,
      ...context.demoBook,
    });
  }
}
