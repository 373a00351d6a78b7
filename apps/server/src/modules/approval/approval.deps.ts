import type { CheckingStatus } from '@lending/contract';
import type { Database, Executor } from '../../plugins/db.js';
import type { Clock } from '../../shared/clock.js';
import type { LoanBookDeps } from '../loan-book/index.js';

/**
 * Each order's checking status (its latest verification call's result; decision 0078), for the
 * review queue's rows. The telemarketing module keeps the calls; app.ts wires its lookup, so
 * approval does not import telemarketing (which reads approval's review tasks for its scope).
 */
export type CheckingStatusLookup = (
  db: Executor,
  orderIds: readonly number[],
) => Promise<ReadonlyMap<number, CheckingStatus>>;

export interface ApprovalDeps {
  db: Database;
  clock: Clock;
  loanBook: LoanBookDeps;
  checkingStatusOf: CheckingStatusLookup;
}
