import type { Database } from '../../plugins/db.js';
import type { Clock } from '../../shared/clock.js';
import type { PasswordHasher } from './passwords.js';
import type { LoginThrottleLimits } from './throttle-rules.js';

export interface UserModuleSettings {
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  loginThrottle: LoginThrottleLimits;
}

/** What the user module's services run on. */
export interface UserModuleDeps {
  db: Database;
  clock: Clock;
  hasher: PasswordHasher;
  settings: UserModuleSettings;
}

/** Who is calling and from where (recorded with sessions and sign-in attempts). */
export interface ClientInfo {
  ip: string;
  userAgent: string;
}
