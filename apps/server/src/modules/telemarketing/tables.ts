/**
 * The telemarketing tables other modules may name in their reads: the approval queues show
 * each order's checking status from the verification calls (decision 0078). Calls are
 * recorded through the telemarketing endpoints only.
 * A surface of its own beside index.ts so that a table file can import it without loading the
 * module's services (decision 0059).
 */
export { verificationChecks } from './verification.table.js';
