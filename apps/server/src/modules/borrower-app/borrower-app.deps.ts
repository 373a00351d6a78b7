import type { Database } from '../../plugins/db.js';
import type { Clock } from '../../shared/clock.js';
import type { CollectionGateway, SmsGateways } from '../../integrations/index.js';
import type { LoanBookDeps } from '../loan-book/index.js';
import type { BorrowerAppSettings } from './borrower-app.config.js';

export interface BorrowerAppDeps {
  db: Database;
  clock: Clock;
  settings: BorrowerAppSettings;
  sms: SmsGateways;
  collections: CollectionGateway;
  loanBook: LoanBookDeps;
  /**
   * System configuration items (reapply_after_days); absent: their defaults. The borrower app
   * names only what it reads, so the configuration module (which lists borrowers) and this
   * one do not import each other; the composition root hands in the settings service.
   */
  opsSettings?: { getNumber(item: string): Promise<number> };
}
