/**
 * The ledger's tables that other modules may name: in their own tables' foreign keys (a
 * repayment's or a wallet withdrawal's journal) and in the joins of their reads (finance's
 * reports, the loan book's orders against their postings). Writes go through `postJournals`
 * and the rollup (index.ts). A surface of its own beside index.ts so that a table file can
 * import it without loading the module's services (decision 0059).
 */
export {
  ledgerDailyTotals,
  ledgerEntries,
  ledgerJournals,
  ledgerRollupState,
} from './ledger.table.js';
