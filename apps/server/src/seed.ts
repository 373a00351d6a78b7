import type { Database } from './plugins/db.js';
import type { Clock } from './shared/clock.js';
import { seedAccounts, type PasswordHasher } from './modules/user/index.js';

export interface SeedContext {
  db: Database;
  clock: Clock;
  hasher: PasswordHasher;
  demoData: boolean;
  warn: (message: string) => void;
}

/** First-start data of every module; each step is idempotent (never re-seeds). */
export async function seed(context: SeedContext): Promise<void> {
  await seedAccounts(context);
}
