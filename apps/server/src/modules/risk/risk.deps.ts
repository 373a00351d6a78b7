import type { Database } from '../../plugins/db.js';
import type { Clock } from '../../shared/clock.js';

export interface RiskDeps {
  db: Database;
  clock: Clock;
}
