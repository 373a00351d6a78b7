/**
 * The collections module's tables that other modules may name in their reads (finance's daily
 * reconciliation counts the credits). A surface of its own beside index.ts so that a table
 * file can import it without loading the module's services (decision 0059).
 */
export { collectionCredits } from './collections.table.js';
