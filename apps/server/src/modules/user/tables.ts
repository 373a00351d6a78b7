/**
 * The staff table other modules may name: in foreign keys (who did it) and in joins that show
 * a staff member's name.
 * A surface of its own beside index.ts so that a table file can import it without loading the
 * module's services (decision 0059).
 */
export { staffUsers } from './staff-users.table.js';
