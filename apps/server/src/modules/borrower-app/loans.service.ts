import {
  addDays,
  aprForKeyFacts,
  clearingAmountOn,
  coolingOffDays,
  coolingOffExitAmount,
  dailyInterest,
  dueAmount,
  quoteDisbursal,
  rolloverQuote,
  type LoanProductTerms,
} from '@lending/lending';
import type { KeyFactStatement } from '@lending/contract';
import { AppError } from '../../shared/app-error.js';
import { indiaDateOf } from '../../shared/india-date.js';
import { paiseToApi } from '../../shared/paise.js';
import {
  ensureVirtualAccount,
  findVirtualAccount,
  openPaymentRequest,
  type PaymentPurpose,
} from '../collections/index.js';
import {
  acceptRevisedKeyFacts,
  balancesOf,
  listProducts,
  runMachineReview,
  submitApplication,
  termsFromJson,
  termsOfProduct,
  type LoanOrderRow,
} from '../loan-book/index.js';
import type { BorrowerAppDeps } from './borrower-app.deps.js';
import type { BorrowerAccountRow } from './borrowers.table.js';
import * as loansRepo from './loans.repository.js';
import { verifyOtp } from './otp.service.js';
import { mustFindBorrower } from './profile.service.js';

/** Orders that still hold the borrower: no second application while one is open. */
const OPEN_STATUSES = [
  'APPLIED',
  'MACHINE_REVIEW',
  'FIRST_REVIEW',
  'FINAL_REVIEW',
  'PENDING_DISBURSEMENT',
  'DISBURSING',
  'ACTIVE',
  'DUE',
  'OVERDUE',
  'OVERPAID',
];
const REPAYABLE = ['ACTIVE', 'DUE', 'OVERDUE'];

function customerIdOf(account: BorrowerAccountRow): number {
  if (account.customerId === null) throw new AppError('borrowerStepMissing', { field: 'profile' });
  return account.customerId;
}

/** First loans until the borrower has cleared one; re-loans after. */
async function productKindFor(deps: BorrowerAppDeps, account: BorrowerAccountRow) {
  if (account.customerId === null) return 'first' as const;
  return (await loansRepo.hasOrderIn(deps.db, account.customerId, ['CLEARED']))
    ? ('reloan' as const)
    : ('first' as const);
}

export async function availableProducts(deps: BorrowerAppDeps, borrowerId: number) {
  const account = await mustFindBorrower(deps, borrowerId);
  const kind = await productKindFor(deps, account);
  const { list } = await listProducts(deps.db, {
    page: 1,
    pageSize: 100,
    filters: { kind, status: 'available' },
  });
  return {
    kind,
    list: list.map((row) => {
      const terms = termsOfProduct(row);
      return {
        productId: row.id,
        name: row.name,
        kind: row.kind,
        minPrincipalPaise: paiseToApi(terms.minPrincipal),
        maxPrincipalPaise: paiseToApi(terms.maxPrincipal),
        tenorDays: terms.tenorDays,
        interestPerDayPpm: terms.interestPerDayPpm,
        processingFeePpm: terms.processingFeePpm,
      };
    }),
  };
}

async function productTerms(deps: BorrowerAppDeps, borrowerId: number, productId: number) {
  const available = await availableProducts(deps, borrowerId);
  if (!available.list.some((product) => product.productId === productId)) {
    throw new AppError('notFound', {
      field: 'productId',
      errors: [{ field: 'productId', message: 'not available to this borrower' }],
    });
  }
  const { list } = await listProducts(deps.db, {
    page: 1,
    pageSize: 100,
    filters: { status: 'available' },
  });
  return termsOfProduct(list.find((row) => row.id === productId)!);
}

/** The key fact statement, all from the engine (RBI: every charge and the APR, up front). */
export function keyFacts(
  productId: number,
  terms: LoanProductTerms,
  principal: bigint,
  today: string,
): KeyFactStatement {
  if (principal < terms.minPrincipal || principal > terms.maxPrincipal) {
    throw AppError.invalid(
      'principalPaise',
      `between ${paiseToApi(terms.minPrincipal)} and ${paiseToApi(terms.maxPrincipal)} paise`,
    );
  }
  const quote = quoteDisbursal(terms, principal);
  return {
    productId,
    principalPaise: paiseToApi(quote.principal),
    processingFeePaise: paiseToApi(quote.processingFee),
    gstOnFeePaise: paiseToApi(quote.gstOnFee),
    netDisbursedPaise: paiseToApi(quote.netDisbursed),
    totalInterestPaise: paiseToApi(BigInt(terms.tenorDays) * dailyInterest(terms, principal)),
    dueAmountPaise: paiseToApi(dueAmount(terms, principal)),
    tenorDays: terms.tenorDays,
    dueDate: addDays(today, terms.tenorDays),
    aprPercent: aprForKeyFacts(terms, principal).percent,
    interestPerDayPpm: terms.interestPerDayPpm,
    penalPerDayPaise:
      terms.penalPerDayPaise === undefined ? null : paiseToApi(terms.penalPerDayPaise),
    penalPerDayPpm: terms.penalPerDayPpm ?? null,
    penalCapPpm: terms.penalCapPpm,
    coolingOffDays: coolingOffDays(terms),
  };
}

export async function quoteLoan(
  deps: BorrowerAppDeps,
  borrowerId: number,
  input: { productId: number; principalPaise: number },
) {
  const terms = await productTerms(deps, borrowerId, input.productId);
  return keyFacts(
    input.productId,
    terms,
    BigInt(input.principalPaise),
    indiaDateOf(deps.clock.now()),
  );
}

/**
 * After a rejection the borrower may apply again only so many India days later: the system
 * configuration item `reapply_after_days` (read through the cached settings service: a change
 * applies to the next application without a restart), or the rejection code's own re-apply
 * days when the reviewer chose a code asking for longer.
 */
async function refuseBeforeReapplyDate(deps: BorrowerAppDeps, customerId: number) {
  const rejection = await loansRepo.lastRejection(deps.db, customerId);
  if (!rejection) return;
  const setting = deps.opsSettings ? await deps.opsSettings.getNumber('reapply_after_days') : 0;
  const days = Math.max(setting, rejection.codeDays);
  if (days <= 0) return;
  const from = addDays(indiaDateOf(rejection.at), days);
  if (indiaDateOf(deps.clock.now()) < from) {
    throw new AppError('conflict', { detail: `a new application is possible from ${from}` });
  }
}

/**
 * Apply: the quote is checked first (so a bad amount does not burn the code), then the OTP of
 * purpose `loanAcceptance` proves the borrower accepted the key fact statement; the loan book
 * records it as acceptance evidence and machine review runs at once, as for any application.
 */
export async function applyForLoan(
  deps: BorrowerAppDeps,
  borrowerId: number,
  input: { productId: number; principalPaise: number; otpCode: string },
) {
  const account = await mustFindBorrower(deps, borrowerId);
  const customerId = customerIdOf(account);
  if (account.bankVerification === 'none') {
    throw new AppError('borrowerStepMissing', { field: 'bank account' });
  }
  if (await loansRepo.hasOrderIn(deps.db, customerId, OPEN_STATUSES)) {
    throw new AppError('conflict', { detail: 'a loan is already open' });
  }
  await refuseBeforeReapplyDate(deps, customerId);
  await quoteLoan(deps, borrowerId, input);
  const otpId = await verifyOtp(deps, {
    phone: account.phone,
    purpose: 'loanAcceptance',
    code: input.otpCode,
  });
  const order = await submitApplication(
    deps.loanBook,
    {
      customerId,
      productId: input.productId,
      principalPaise: BigInt(input.principalPaise),
      acceptance: { acceptedAt: deps.clock.now(), channel: 'app', otpReference: `otp:${otpId}` },
      applicantFeatures: {
        monthlyIncomePaise:
          account.monthlyIncomePaise === null ? null : Number(account.monthlyIncomePaise),
        occupation: account.occupation,
        region: account.region,
        channel: account.channel,
      },
    },
    null,
  );
  const reviewed = await runMachineReview(deps.loanBook, order.id);
  return { orderId: order.id, orderNo: order.orderNo, status: reviewed.status };
}

/**
 * The review approved less than applied for: the borrower reads the recomputed key fact
 * statement (the loan list's amounts) and accepts it with an OTP of purpose `loanAcceptance`;
 * the loan book records the new evidence and the payout may go.
 */
export async function acceptRevisedLoan(
  deps: BorrowerAppDeps,
  borrowerId: number,
  input: { orderId: number; otpCode: string },
) {
  const { account, order } = await ownOrder(deps, borrowerId, input.orderId);
  if (order.revisedKfsPendingSince === null) {
    throw new AppError('conflict', { detail: 'no revised key fact statement awaits acceptance' });
  }
  const otpId = await verifyOtp(deps, {
    phone: account.phone,
    purpose: 'loanAcceptance',
    code: input.otpCode,
  });
  const accepted = await acceptRevisedKeyFacts(deps.loanBook, {
    orderId: order.id,
    acceptance: { acceptedAt: deps.clock.now(), channel: 'app', otpReference: `otp:${otpId}` },
  });
  return { orderId: order.id, orderNo: order.orderNo, status: accepted.status };
}

/**
 * What clears an order during `date`, per component (the engine's quote); null when the order
 * has nothing to repay (not disbursed yet, or closed). The borrower app and the console's
 * repayment query both price through this.
 */
export function clearingOfOrder(row: LoanOrderRow, date: string) {
  const loan = balancesOf(row);
  if (!loan || !REPAYABLE.includes(row.status)) return null;
  return clearingAmountOn(loan, termsFromJson(row.terms), date);
}

function amountToClearToday(row: LoanOrderRow, today: string): bigint {
  return clearingOfOrder(row, today)?.total ?? 0n;
}

export async function listLoans(deps: BorrowerAppDeps, borrowerId: number) {
  const account = await mustFindBorrower(deps, borrowerId);
  if (account.customerId === null) return { list: [] };
  const today = indiaDateOf(deps.clock.now());
  const rows = await loansRepo.ordersOfCustomer(deps.db, account.customerId);
  return {
    list: rows.map((row) => ({
      orderId: row.id,
      orderNo: row.orderNo,
      status: row.status,
      closureType: row.closureType,
      principalPaise: paiseToApi(row.principalPaise),
      netDisbursedPaise: paiseToApi(row.netDisbursedPaise),
      dueAmountPaise: paiseToApi(row.dueAmountPaise),
      appliedAt: row.appliedAt.toISOString(),
      disbursalDate: row.disbursalDate,
      dueDate: row.dueDate,
      overdueDays: row.overdueDays,
      amountToClearTodayPaise: paiseToApi(amountToClearToday(row, today)),
      awaitingAcceptance: row.revisedKfsPendingSince !== null,
    })),
  };
}

async function ownOrder(deps: BorrowerAppDeps, borrowerId: number, orderId: number) {
  const account = await mustFindBorrower(deps, borrowerId);
  const customerId = customerIdOf(account);
  // Another borrower's order id answers as not found (ids are checked, not trusted).
  const order = await loansRepo.orderOfCustomer(deps.db, customerId, orderId);
  if (!order) throw new AppError('notFound', { field: 'orderId' });
  return { account, customerId, order };
}

/**
 * Where the borrower pays: their own virtual account and UPI id (created on first need, so
 * only the borrower's own calls reach here: it may open an account at the gateway).
 */
export async function payTo(
  deps: Pick<BorrowerAppDeps, 'db' | 'clock' | 'collections'>,
  customerId: number,
) {
  const customer = await loansRepo.bankAccountOfCustomer(deps.db, customerId);
  const account = await ensureVirtualAccount(
    deps.db,
    deps.collections,
    { customerId, name: customer?.name ?? '' },
    deps.clock.now(),
  );
  return instructionsOf(account);
}

/**
 * The same instructions when the borrower's account is already open, else null: a read for the
 * console's repayment query, which never opens one (decision 0058).
 */
export async function payToIfOpened(
  deps: Pick<BorrowerAppDeps, 'db' | 'collections'>,
  customerId: number,
) {
  const account = await findVirtualAccount(deps.db, deps.collections.provider, customerId);
  return account ? instructionsOf(account) : null;
}

function instructionsOf(account: { accountNumber: string; ifsc: string; upiId: string }) {
  return {
    beneficiaryName: 'Lending Console collections',
    virtualAccount: { accountNumber: account.accountNumber, ifsc: account.ifsc },
    upiId: account.upiId,
  };
}

export async function repayInstructions(
  deps: BorrowerAppDeps,
  borrowerId: number,
  orderId: number,
) {
  const { customerId, order } = await ownOrder(deps, borrowerId, orderId);
  return {
    orderId: order.id,
    amountToClearTodayPaise: paiseToApi(amountToClearToday(order, indiaDateOf(deps.clock.now()))),
    ...(await payTo(deps, customerId)),
  };
}

/**
 * The borrower asks to renew or to exit in cooling-off: priced today by the engine (the same
 * quote the loan book checks when the money arrives), kept as an open payment request, and
 * answered with where to pay. A refusal (no rollover left, window closed, loan not open)
 * answers 409 with the loan book's own code.
 */
export async function requestPayment(
  deps: BorrowerAppDeps,
  borrowerId: number,
  orderId: number,
  purpose: PaymentPurpose,
) {
  const { customerId, order } = await ownOrder(deps, borrowerId, orderId);
  const today = indiaDateOf(deps.clock.now());
  const loan = balancesOf(order);
  if (!loan || !REPAYABLE.includes(order.status)) {
    throw new AppError('orderStateConflict', { field: order.orderNo, detail: order.status });
  }
  const terms = termsFromJson(order.terms);
  let amountPaise: bigint;
  if (purpose === 'rollover') {
    const quote = rolloverQuote(loan, terms, today);
    if (!quote.ok) {
      throw quote.reason === 'MAX_ROLLOVERS_REACHED'
        ? new AppError('rolloverLimitReached', {
            field: order.orderNo,
            detail: String(terms.maxRollovers),
          })
        : new AppError('rolloverNotAllowed', { field: order.orderNo, detail: quote.reason });
    }
    amountPaise = quote.total;
  } else {
    const quote = coolingOffExitAmount(loan, terms, today);
    if (!quote.ok) throw new AppError('coolingOffWindowClosed', { field: order.orderNo });
    amountPaise = quote.amount;
  }
  const where = await payTo(deps, customerId);
  const request = await openPaymentRequest(deps.db, {
    orderId: order.id,
    customerId,
    purpose,
    amountPaise,
    businessDate: today,
    at: deps.clock.now(),
  });
  return {
    requestId: request.id,
    orderId: order.id,
    purpose,
    amountPaise: paiseToApi(amountPaise),
    payOn: today,
    ...where,
  };
}

export async function quoteRollover(deps: BorrowerAppDeps, borrowerId: number, orderId: number) {
  const { order } = await ownOrder(deps, borrowerId, orderId);
  return { orderId, ...rolloverQuoteOfOrder(order, indiaDateOf(deps.clock.now())) };
}

/**
 * What renewing an order costs during `date` (the engine's quote, the price the loan book
 * checks when the money arrives), or why it cannot be renewed. Shared by the borrower app and
 * the console's repayment query.
 */
export function rolloverQuoteOfOrder(order: LoanOrderRow, date: string) {
  const loan = balancesOf(order);
  const none = {
    interestPaise: 0,
    feePaise: 0,
    gstPaise: 0,
    penalPaise: 0,
    totalPaise: 0,
    newDueDate: null,
    rolloverNumber: null,
  };
  if (!loan || !REPAYABLE.includes(order.status)) {
    return { ...none, available: false, reason: `ORDER_${order.status}` };
  }
  const quote = rolloverQuote(loan, termsFromJson(order.terms), date);
  if (!quote.ok) return { ...none, available: false, reason: quote.reason };
  return {
    available: true,
    reason: null,
    interestPaise: paiseToApi(quote.interest),
    feePaise: paiseToApi(quote.fee),
    gstPaise: paiseToApi(quote.gst),
    penalPaise: paiseToApi(quote.penal),
    totalPaise: paiseToApi(quote.total),
    newDueDate: quote.newDueDate,
    rolloverNumber: quote.rolloverNumber,
  };
}

export async function quoteCoolingOff(deps: BorrowerAppDeps, borrowerId: number, orderId: number) {
  const { order } = await ownOrder(deps, borrowerId, orderId);
  const loan = balancesOf(order);
  const none = { orderId, principalPaise: 0, interestPaise: 0, feesPaise: 0, amountPaise: 0 };
  if (!loan || !REPAYABLE.includes(order.status)) {
    return {
      ...none,
      available: false,
      reason: `ORDER_${order.status}`,
      daysUsed: 0,
      lastDate: null,
    };
  }
  const terms = termsFromJson(order.terms);
  const lastDate = addDays(loan.disbursalDate, coolingOffDays(terms));
  const quote = coolingOffExitAmount(loan, terms, indiaDateOf(deps.clock.now()));
  if (!quote.ok) {
    return { ...none, available: false, reason: quote.reason, daysUsed: quote.daysUsed, lastDate };
  }
  return {
    orderId,
    available: true,
    reason: null,
    daysUsed: quote.daysUsed,
    lastDate,
    principalPaise: paiseToApi(quote.principal),
    interestPaise: paiseToApi(quote.interest),
    feesPaise: paiseToApi(quote.fees),
    amountPaise: paiseToApi(quote.amount),
  };
}
