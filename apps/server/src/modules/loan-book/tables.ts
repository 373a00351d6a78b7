/**
 * The loan book's tables that other modules may name: in their own tables' foreign keys and in
 * the joins of their reads. Writes to them go through the book's commands (index.ts).
 * A surface of its own beside index.ts so that a table file can import it without loading the
 * module's services (decision 0059).
 */
export { customers } from './customers.table.js';
export { type LoanOrderRow, loanOrders } from './loan-orders.table.js';
export { loanProducts } from './loan-products.table.js';
export { payouts } from './payouts.table.js';
export { repayments } from './repayments.table.js';
