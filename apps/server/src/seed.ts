import type { Database } from './plugins/db.js';
import type { Clock } from './shared/clock.js';
import { seedAccounts, type PasswordHasher } from './modules/user/index.js';
import { indiaDateOf } from './shared/india-date.js';
import { seedSmsTemplates } from './integrations/index.js';
import { seedOpsConfig } from './modules/ops-config/index.js';
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
  // The OTP templates first: a live demo simulation sends codes with them.
  await seedSmsTemplates(context.db, context.clock.now());
  if (firstStart && context.demoData && context.demoBook) {
    await loadDemoBook({
      db: context.db,
      today: indiaDateOf(context.clock.now()),
      warn: context.warn,
      ...context.demoBook,
    });
  }
  // Configuration items, app addresses, versions, SMS gateway, channels: into empty tables
  // only, after the demo book (its simulation runs with the defaults). Natural keys: the
  // demo snapshot's sequences do not move.
  await seedOpsConfig(context.db, context.clock.now());
}
