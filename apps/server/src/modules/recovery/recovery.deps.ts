import type { RecoverySettings } from '@lending/contract';
import type { z } from 'zod';
import type { SmsGateways } from '../../integrations/index.js';
import type { Database } from '../../plugins/db.js';
import type { Clock } from '../../shared/clock.js';
import { indiaDateOf } from '../../shared/india-date.js';
import type { ContactRules } from './recovery.settings.js';

export interface RecoveryDeps {
  /** The module's database (joins an audited call's transaction). */
  db: Database;
  /** The plain database: a refused contact is recorded after the failed call's rollback. */
  rawDb: Database;
  clock: Clock;
  settings: RecoverySettings;
  /** The conduct guard's hours and cap, read at each contact (operations settings). */
  contactRules: () => Promise<ContactRules>;
  sms: SmsGateways;
}

export type Body<S extends z.ZodType> = z.output<S>;

/**
 * The instant and India date a read answers for. Reads never write (decision 0052): a case
 * whose order moved on since the refresh job last ran shows closed, and a promise met or
 * lapsed shows kept or broken, derived in the read's own query (casesNowSql, promisesNowSql).
 */
export function readNow(deps: RecoveryDeps): { now: Date; today: string } {
  const now = deps.clock.now();
  return { now, today: indiaDateOf(now) };
}
