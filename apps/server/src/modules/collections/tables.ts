/**
 * The collections module's tables that other modules may name in their reads (today only
 * finance's tests, which set up credits; finance itself reads them through index.ts). A surface
 * of its own beside index.ts so that a table file can import it without loading the module's
 * services (decision 0059).
 */
export { collectionCredits } from './collections.table.js';
