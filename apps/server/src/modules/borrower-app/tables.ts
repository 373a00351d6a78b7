/**
 * The borrower app's tables other modules may name: in foreign keys and in the joins of their
 * reads (audiences, wallets, telemarketing leads).
 * A surface of its own beside index.ts so that a table file can import it without loading the
 * module's services (decision 0059).
 */
export { borrowerAccounts } from './borrowers.table.js';
