/**
 * Every table of every module, for tests that reach across modules to build or read their state.
 * The server itself never imports it: each query names its tables from the module that owns them,
 * and drizzle-kit finds the tables by glob (drizzle.config.ts).
 */
export * from '../modules/user/staff-users.table.js';
export * from '../modules/user/roles.table.js';
export * from '../modules/user/staff-sessions.table.js';
export * from '../modules/user/login-attempts.table.js';
export * from '../modules/loan-book/customers.table.js';
export * from '../modules/loan-book/loan-products.table.js';
export * from '../modules/loan-book/loan-orders.table.js';
export * from '../modules/ledger/ledger.table.js';
export * from '../modules/loan-book/payouts.table.js';
export * from '../modules/loan-book/repayments.table.js';
export * from '../modules/risk/risk.table.js';
export * from '../modules/loan-book/idempotency-records.table.js';
export * from '../modules/audit/audit-events.table.js';
export * from '../modules/day-end/day-end.table.js';
export * from '../modules/job-leases/job-leases.table.js';
export * from '../modules/approval/approval.table.js';
export * from '../integrations/webhooks/gateway-events.table.js';
export * from '../integrations/sms/sms.table.js';
export * from '../modules/collections/collections.table.js';
export * from '../modules/collections/payment-requests.table.js';
export * from '../modules/payouts/payout-dispatches.table.js';
export * from '../modules/borrower-app/borrowers.table.js';
export * from '../modules/finance/finance.table.js';
export * from '../integrations/sms/sms-templates.table.js';
export * from '../modules/ops-config/ops-config.table.js';
export * from '../modules/stored-files/stored-files.table.js';
export * from '../modules/export/export-jobs.table.js';
export * from '../modules/repay/offline.table.js';
export * from '../modules/repay/waiver-requests.table.js';
export * from '../modules/recovery/recovery.table.js';
export * from '../modules/reports/order-figures.table.js';
export * from '../modules/reports/channel-days.table.js';
export * from '../modules/marketing-sms/marketing-sms.table.js';
export * from '../modules/wallet/wallet.table.js';
export * from '../modules/coupon/coupon.table.js';
export * from '../modules/telemarketing/telemarketing.table.js';
export * from '../modules/telemarketing/verification.table.js';
