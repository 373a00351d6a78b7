/**
 * The collection tables other modules may name in their reads (remarketing leaves out orders
 * in collection).
 * A surface of its own beside index.ts so that a table file can import it without loading the
 * module's services (decision 0059).
 */
export { recoveryCases } from './recovery.table.js';
