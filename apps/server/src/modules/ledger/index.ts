/**
 * The double-entry ledger (docs/domain.md, "The ledger"): journals and their entries, the daily
 * totals the reports read and their rollup, and the checks. Every module that moves money posts
 * its journals here, in its own transaction (`postJournals`); nothing else writes these tables.
 * The ledger knows no business module: a journal carries an order id, and the loan book's
 * `checkLedger` compares its orders with their postings. It also knows which business days are
 * closed (the day-end closes each, `closeBusinessDaysThrough`) and locked (finance's month
 * locks, `lockPeriodThrough`): a journal of a closed day is booked on the next open one, and
 * none may belong to a locked day (`ledger-period.repository.ts`, migration 0034).
 */

// What the other modules, the scripts and the tests call, by name (no `export *`).
export {
  accrualsInEffectFrom,
  entriesOfJournals,
  journalByKey,
  journalEventsFrom,
  journalIdByKey,
  journalIdsOfOrderFrom,
  journalsOfOrder,
  loadJournal,
  orderAccountBalances,
  postJournals,
  type JournalToPost,
} from './ledger.repository.js';
export {
  closeBusinessDaysThrough,
  closedThrough,
  ledgerPeriodForPosting,
  ledgerPeriodOf,
  lockedThrough,
  lockPeriodThrough,
  type LedgerPeriod,
  type PeriodLock,
} from './ledger-period.repository.js';
export {
  checkDailyTotals,
  checkJournals,
  type DailyTotalsCheck,
  type JournalsCheck,
} from './ledger-check.repository.js';
export { rollUpLedger, type LedgerRollup } from './ledger-rollup.repository.js';
export { ledgerRollupJob } from './ledger-rollup-job.js';
