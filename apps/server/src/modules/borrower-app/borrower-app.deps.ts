import type { Database } from '../../plugins/db.js';
import type { Clock } from '../../shared/clock.js';
import type { CollectionGateway, SmsGateway } from '../../integrations/index.js';
import type { LoanBookDeps } from '../loan-book/index.js';
import type { BorrowerAppSettings } from './borrower-app.config.js';

export interface BorrowerAppDeps {
  db: Database;
  clock: Clock;
  settings: BorrowerAppSettings;
  sms: SmsGateway;
  collections: CollectionGateway;
  loanBook: LoanBookDeps;
}
