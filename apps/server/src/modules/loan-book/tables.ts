/**
 * The loan book's tables that other modules may name: in their own tables' foreign keys and in
 * the joins of their reads. Writes to them go through the book's commands (index.ts).
 * A surface of its own beside index.ts so that a table file can import it without loading the
 * module's services (decision 0059).
 */
export { customers } from './customers.table.js';
// Read by the repay module to tell a replayed request from a new one; written only here.
export { idempotencyRecords } from './idempotency-records.table.js';
export { type LoanOrderRow, loanOrders } from './loan-orders.table.js';
export { loanProducts } from './loan-products.table.js';
export { payouts } from './payouts.table.js';
export { repayments } from './repayments.table.js';
// The risk module's rule editor, backtests and analysis read and write these; the book's
// machine review runs on them (decision 0059: a visible widening, not a reach past the surface).
export {
  type BlacklistKind,
  riskBacktests,
  riskBlacklist,
  riskDecisions,
  riskRuleResults,
  riskRuleSets,
  riskRules,
  riskSettings,
  type RiskRuleSetRow,
} from './risk.table.js';
