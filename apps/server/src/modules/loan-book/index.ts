/**
 * The loan book: customers, loan products (first loans and re-loans), orders and their state
 * machine, payouts, repayments, rollovers and the audit of every change. Money and state rules
 * come from packages/lending; this module stores them, and posts every money event through the
 * ledger (modules/ledger). Its review commands ask the approval module (review tasks) and the
 * risk module (machine review) through the ports of `LoanBookDeps` (review-ports.ts), which
 * app.ts wires.
 */
import type { ModuleRoutes } from '../../plugins/module.js';
import type { LoanBookDeps } from './order-command.js';
import { registerLoanBookRoutes } from './loan-book.routes.js';
import type { ApprovalRequestsOf } from './order-detail.service.js';
import { registerDisbursementRoutes } from './disbursement.routes.js';
import {
  createDisbursementLists,
  type DisbursementListDeps,
} from './disbursement-lists.service.js';

// What the other modules, the simulator, the seed and the tests call, by name (no `export *`:
// a new service function is the book's own until it is added here).
export {
  acceptRevisedKeyFacts,
  cancelOrder,
  finalReview,
  firstReview,
  referMachineRejection,
  rejectOrder,
  runMachineReview,
  submitApplication,
} from './applications.service.js';
export {
  createPayout,
  createRefund,
  markPayoutUnknown,
  openPayouts,
  payoutInstruction,
  recordPayoutResult,
  type PayoutInstruction,
  type PayoutOutcome,
} from './payouts.service.js';
export { coolingOffExit, postRepayment, rollover, waiver, writeOff } from './repayments.service.js';
export { reverseRepayment } from './repayment-reversal.service.js';
export {
  postCouponDiscount,
  type ClaimedCoupon,
  type CouponDiscountHooks,
} from './coupon-discount.service.js';
export {
  createCustomer,
  aadhaarHash,
  setCustomerBankAccount,
  type NewCustomer,
} from './customers.service.js';
// The customer's row (the audited unmask), and its bank account locked while a penny drop's
// outcome is saved (the borrower app).
export {
  customerIdOfPhone,
  findCustomer,
  lockCustomerBankAccount,
} from './customers.repository.js';
export {
  saveProduct,
  setProductStatus,
  termsOfProduct,
  loanConfigView,
} from './products.service.js';
export {
  disbursalChannelOf,
  ordersOfPayouts,
  payoutsByStatus,
  payoutsProcessedOn,
} from './payouts.repository.js';
export { repaymentsReceivedOn, repaymentWithOrder } from './repayments.repository.js';
// The book in figures (the simulator's summary).
export { bookTotals, orderStatusCounts, type BookTotals } from './book-summary.repository.js';
export { idempotencyKeyTaken } from './idempotency.repository.js';
// The ledger check over the book: the ledger's journals (modules/ledger) and each order
// against its postings.
export { checkLedger, type LedgerCheckResult } from './ledger-check.service.js';
export {
  orderDetail,
  type ApprovalRequestsOf,
  type OrderApprovalRequest,
} from './order-detail.service.js';
export {
  balancesOf,
  countOrders,
  findOrder,
  findOrderByNo,
  hasClearedOrder,
  insertStatusHistory,
  lockOrdersForDayEnd,
  machineRejectionsNotReferred,
  oldestDayEndDate,
  orderDueFirstOf,
  ordersInStatuses,
  outstandingTotalsOf,
  saveDayEndValues,
  statusesOfOrders,
  type DayEndOrder,
  type DayEndValues,
  type OrderChange,
  type OrderChangeSubscriber,
  type StatusChange,
} from './orders.repository.js';
export { catchUpAccruals } from './accruals.js';
export { periodLockBarrier, valueDateOutsideLock, type PeriodLockBarrier } from './period-lock.js';
export { classifyBorrowers, type BorrowerPass } from './asset-classification.service.js';
export { insertClassHistory, type ClassHistoryEntry } from './asset-classes.repository.js';
export type { LoanBookDeps } from './order-command.js';
export { termsFromJson } from './paise-json.js';
export type {
  MachineDecision,
  MachineReview,
  MachineVerdict,
  ReviewDecision,
  ReviewDecisionDetails,
  ReviewScope,
  ReviewStage,
  ReviewWork,
} from './review-ports.js';
export { listProducts } from './products.repository.js';
export { reviewScopeOf } from './review-scope.js';
export { loanOrders, type LoanOrderRow } from './loan-orders.table.js';
export { loadLoanBookConfig, DEV_AADHAAR_HASH_KEY } from './loan-book.config.js';

/**
 * `lookups`: what the /loan lists show from outside the book (gateway ids); staff names come
 * from `deps.staffOf`, the same lookup the order detail uses.
 */
export function createLoanBookModule(
  deps: LoanBookDeps,
  lookups: Omit<DisbursementListDeps, 'db' | 'staffNames'> & {
    /** The repay module's waiver and write-off requests of an order, for its detail. */
    approvalRequestsOf: ApprovalRequestsOf;
  },
) {
  const { staffOf } = deps;
  const { approvalRequestsOf, ...listLookups } = lookups;
  const disbursementLists = createDisbursementLists({
    db: deps.db,
    ...listLookups,
    ...(staffOf ? { staffNames: (ids) => staffNamesOf(ids, staffOf) } : {}),
  });
  return {
    deps,
    registerRoutes(routes: ModuleRoutes) {
      registerLoanBookRoutes(routes.admin, deps, { approvalRequestsOf });
      registerDisbursementRoutes(routes.admin, disbursementLists);
    },
  };
}

async function staffNamesOf(
  ids: readonly number[],
  staffOf: NonNullable<LoanBookDeps['staffOf']>,
): Promise<ReadonlyMap<number, string>> {
  const found = await Promise.all(ids.map(async (id) => [id, (await staffOf(id))?.name] as const));
  return new Map(found.filter((entry): entry is readonly [number, string] => !!entry[1]));
}
