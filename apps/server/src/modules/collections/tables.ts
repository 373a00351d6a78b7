/**
 * The collections module's tables that other modules may name in their reads (finance's
 * tests, which set up credits, and finance's list of unapplied credits and their refunds). A surface
 * of its own beside index.ts so that a table file can import it without loading the module's
 * services (decision 0059).
 */
export { collectionCredits, virtualAccounts } from './collections.table.js';
