import type { Database } from '../../plugins/db.js';
import type { Clock } from '../../shared/clock.js';
import type { SettingsService } from './settings.service.js';

export interface OpsConfigDeps {
  db: Database;
  clock: Clock;
  settings: SettingsService;
  /**
   * The environment's `SMS_GATEWAY` (decision 0079): `sandbox` lets only the sandbox be chosen
   * (and send); `live` lets smsConfig choose a built live provider.
   */
  smsGatewayMode: 'sandbox' | 'live';
}
