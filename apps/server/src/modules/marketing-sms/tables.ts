/**
 * The marketing tables other modules may name in their reads (telemarketing never calls a
 * number that opted out, decision 0068). Opt-outs are written by this module only.
 * A surface of its own beside index.ts so that a table file can import it without loading the
 * module's services (decision 0059).
 */
export { marketingOptOuts } from './marketing-sms.table.js';
