/** Every table of every module: what drizzle-kit diffs and what the Database type knows. */
export * from './modules/user/staff-users.table.js';
export * from './modules/user/roles.table.js';
export * from './modules/user/staff-sessions.table.js';
export * from './modules/user/login-attempts.table.js';
export * from './modules/loan-book/customers.table.js';
export * from './modules/loan-book/loan-products.table.js';
export * from './modules/loan-book/loan-orders.table.js';
export * from './modules/loan-book/ledger.table.js';
export * from './modules/loan-book/payouts.table.js';
export * from './modules/loan-book/repayments.table.js';
export * from './modules/loan-book/risk.table.js';
export * from './modules/loan-book/audit-events.table.js';
export * from './modules/audit/audit-events.table.js';
export * from './modules/day-end/day-end.table.js';
