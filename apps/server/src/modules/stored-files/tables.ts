/**
 * The stored files table other modules name in foreign keys (an export's file).
 * A surface of its own beside index.ts so that a table file can import it without loading the
 * module's services (decision 0059).
 */
export { storedFiles } from './stored-files.table.js';
