import { addDays, daysBetween, isBefore, type IndiaDate } from './calendar-date.js';
import { postingsFor, type Journal, type SuspenseAmounts } from './ledger.js';
import type { Paise } from './money.js';

/**
 * Asset classification as the RBI's prudential norms have it (income recognition, asset
 * classification and provisioning, with the clarifications of 12 Nov 2021): every loan is
 * classified at every day-end by its days past due, the NPA class is the borrower's, and an NPA
 * is upgraded only when every arrear of every loan of the borrower is paid. docs/domain.md has
 * the worked example; decision 0098 the choices.
 */
export const ASSET_CLASSES = ['STANDARD', 'SMA-0', 'SMA-1', 'SMA-2', 'NPA'] as const;
export type AssetClass = (typeof ASSET_CLASSES)[number];

/** The first day past due of each class after SMA-0. */
export interface ClassThresholds {
  sma1From: number;
  sma2From: number;
  npaFrom: number;
}

/** The RBI's: SMA-0 up to 30 days past due, SMA-1 31–60, SMA-2 61–90, NPA more than 90. */
export const RBI_THRESHOLDS: ClassThresholds = { sma1From: 31, sma2From: 61, npaFrom: 91 };

/**
 * Thresholds a lender sets may only be stricter than the RBI's (each class reached no later),
 * and in order. Returns the name of the first threshold that is not, or null.
 */
export function looserThreshold(thresholds: ClassThresholds): keyof ClassThresholds | null {
  for (const key of ['sma1From', 'sma2From', 'npaFrom'] as const) {
    const value = thresholds[key];
    if (!Number.isInteger(value) || value < 2 || value > RBI_THRESHOLDS[key]) return key;
  }
  if (thresholds.sma2From <= thresholds.sma1From) return 'sma2From';
  if (thresholds.npaFrom <= thresholds.sma2From) return 'npaFrom';
  return null;
}

/**
 * The first day a loan is past due, kept while anything is owed: the due date once the day-end
 * of the due date finds something outstanding. A rollover of a loan already past due keeps it
 * (a rescheduling resets nothing); paid off, there is none.
 */
export function overdueSinceAtDayEnd(loan: {
  overdueSince: IndiaDate | null;
  dueDate: IndiaDate;
  outstanding: Paise;
  businessDate: IndiaDate;
}): IndiaDate | null {
  if (loan.outstanding <= 0n) return null;
  if (loan.overdueSince !== null) return loan.overdueSince;
  return isBefore(loan.businessDate, loan.dueDate) ? null : loan.dueDate;
}

/**
 * The RBI's days past due at the day-end of `businessDate`: the first overdue day counts as day
 * 1 (due 31 March and unpaid: 1 at the day-end of 31 March, 31 at that of 30 April).
 */
export function daysPastDue(overdueSince: IndiaDate | null, businessDate: IndiaDate): number {
  if (overdueSince === null || isBefore(businessDate, overdueSince)) return 0;
  return daysBetween(overdueSince, businessDate) + 1;
}

export function classByDaysPastDue(
  days: number,
  thresholds: ClassThresholds = RBI_THRESHOLDS,
): AssetClass {
  if (days <= 0) return 'STANDARD';
  if (days < thresholds.sma1From) return 'SMA-0';
  if (days < thresholds.sma2From) return 'SMA-1';
  if (days < thresholds.npaFrom) return 'SMA-2';
  return 'NPA';
}

/**
 * One loan's class at a day-end before the borrower is looked at: by its days past due, except
 * that an NPA stays NPA (only `borrowerClasses` upgrades, when the borrower owes no arrears).
 */
export function loanClassAtDayEnd(
  previous: AssetClass | null,
  days: number,
  thresholds: ClassThresholds = RBI_THRESHOLDS,
): AssetClass {
  return previous === 'NPA' ? 'NPA' : classByDaysPastDue(days, thresholds);
}

export interface BorrowerLoan {
  orderId: number;
  /** The loan's class after `loanClassAtDayEnd`. */
  assetClass: AssetClass;
  daysPastDue: number;
}

export type ClassReason = 'daysPastDue' | 'borrowerNpa' | 'arrearsPaid';

export interface ClassChange {
  orderId: number;
  to: AssetClass;
  reason: ClassReason;
}

/**
 * The borrower level, over all of one borrower's open loans: when any is NPA, all are (reason
 * `borrowerNpa`); when none has arrears (no day past due on any), every NPA is upgraded to its
 * own class by days past due, standard (`arrearsPaid`). A part payment leaves days past due,
 * so it never upgrades. Returns the changes only.
 */
export function borrowerClasses(
  loans: readonly BorrowerLoan[],
  thresholds: ClassThresholds = RBI_THRESHOLDS,
): ClassChange[] {
  if (!loans.some((loan) => loan.assetClass === 'NPA')) return [];
  const inArrears = loans.some((loan) => loan.daysPastDue > 0);
  if (!inArrears)
    return loans
      .filter((loan) => loan.assetClass === 'NPA')
      .map((loan) => ({
        orderId: loan.orderId,
        to: classByDaysPastDue(loan.daysPastDue, thresholds),
        reason: 'arrearsPaid' as const,
      }));
  return loans
    .filter((loan) => loan.assetClass !== 'NPA')
    .map((loan) => ({ orderId: loan.orderId, to: 'NPA' as const, reason: 'borrowerNpa' as const }));
}

/** The day-end dates on which a loan unpaid from `dueDate` enters each class (the worked example). */
export function classDatesOfUnpaidLoan(
  dueDate: IndiaDate,
  thresholds: ClassThresholds = RBI_THRESHOLDS,
): Record<Exclude<AssetClass, 'STANDARD'>, IndiaDate> {
  return {
    'SMA-0': dueDate,
    'SMA-1': addDays(dueDate, thresholds.sma1From - 1),
    'SMA-2': addDays(dueDate, thresholds.sma2From - 1),
    NPA: addDays(dueDate, thresholds.npaFrom - 1),
  };
}

export const NO_SUSPENSE: SuspenseAmounts = { interest: 0n, penal: 0n };

/**
 * Where the income held in suspense of a loan must stand: on an NPA, every rupee of interest and
 * penal it owes (accrued and unpaid at the NPA day, and all accrued since); on a standard or SMA
 * loan, what is left there from an NPA time, never more than is still owed (a payment, a waiver
 * or a coupon that takes interest or penal off releases it: income recognised when received).
 * Fees are paid when charged in this book (deducted from the payout, or paid with the
 * rollover), so none is ever accrued and unpaid.
 */
export function suspenseTarget(
  owed: SuspenseAmounts,
  suspense: SuspenseAmounts,
  npa: boolean,
): SuspenseAmounts {
  if (npa) return { interest: owed.interest, penal: owed.penal };
  return {
    interest: owed.interest < suspense.interest ? owed.interest : suspense.interest,
    penal: owed.penal < suspense.penal ? owed.penal : suspense.penal,
  };
}

/**
 * The balanced journals that bring the suspense to its target: income into suspense for what
 * it lacks, suspense to income for what it holds beyond. Empty when it stands right.
 */
export function settleSuspense(
  owed: SuspenseAmounts,
  suspense: SuspenseAmounts,
  npa: boolean,
): { suspense: SuspenseAmounts; journals: Journal[] } {
  const target = suspenseTarget(owed, suspense, npa);
  const into = {
    interest: maxZero(target.interest - suspense.interest),
    penal: maxZero(target.penal - suspense.penal),
  };
  const out = {
    interest: maxZero(suspense.interest - target.interest),
    penal: maxZero(suspense.penal - target.penal),
  };
  const journals: Journal[] = [];
  if (!isZeroSuspense(into))
    journals.push(postingsFor({ type: 'incomeToSuspense', amounts: into }));
  if (!isZeroSuspense(out)) journals.push(postingsFor({ type: 'suspenseToIncome', amounts: out }));
  return { suspense: target, journals };
}

export function addSuspense(a: SuspenseAmounts, b: SuspenseAmounts): SuspenseAmounts {
  return { interest: a.interest + b.interest, penal: a.penal + b.penal };
}

export function subtractSuspense(a: SuspenseAmounts, b: SuspenseAmounts): SuspenseAmounts {
  return { interest: a.interest - b.interest, penal: a.penal - b.penal };
}

export function isZeroSuspense(amounts: SuspenseAmounts): boolean {
  return amounts.interest === 0n && amounts.penal === 0n;
}

function maxZero(value: Paise): Paise {
  return value > 0n ? value : 0n;
}
