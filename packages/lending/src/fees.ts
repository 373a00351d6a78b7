import { applyRate, divRoundHalfUp, type Paise } from './money.js';
import type { LoanProductTerms } from './terms.js';

export interface DisbursalQuote {
  principal: Paise;
  processingFee: Paise;
  gstOnFee: Paise;
  /** What reaches the borrower's bank account; the borrower still owes the full principal. */
  netDisbursed: Paise;
}

export function quoteDisbursal(terms: LoanProductTerms, principal: Paise): DisbursalQuote {
  const processingFee = applyRate(principal, terms.processingFeePpm);
  // GST is computed on the rounded fee, as it is invoiced.
  const gstOnFee = applyRate(processingFee, terms.gstPpm);
  return { principal, processingFee, gstOnFee, netDisbursed: principal - processingFee - gstOnFee };
}

/** One day's interest on a principal: the amount each day-end posts. */
export function dailyInterest(terms: LoanProductTerms, principalOutstanding: Paise): Paise {
  return applyRate(principalOutstanding, terms.interestPerDayPpm);
}

/** What the borrower repays on the due date: principal + tenor × the daily posting. */
export function dueAmount(terms: LoanProductTerms, principal: Paise): Paise {
  return principal + BigInt(terms.tenorDays) * dailyInterest(terms, principal);
}

export interface RolloverFee {
  fee: Paise;
  gst: Paise;
}

export function rolloverFee(terms: LoanProductTerms, principalOutstanding: Paise): RolloverFee {
  const fee = applyRate(principalOutstanding, terms.rolloverFeePpm);
  return { fee, gst: applyRate(fee, terms.gstPpm) };
}

export interface AnnualPercentageRate {
  /** Hundredths of a percent, half-up: 274.53 % → 27453n. */
  basisPoints: bigint;
  /** Two decimals, for the key fact statement: `'274.53'`. */
  percent: string;
}

/**
 * All-inclusive APR for the key fact statement: (due / net − 1) × 365 / tenor, so the
 * processing fee and its GST count as cost. Computed as one exact fraction, rounded once.
 */
export function aprForKeyFacts(terms: LoanProductTerms, principal: Paise): AnnualPercentageRate {
  const { netDisbursed } = quoteDisbursal(terms, principal);
  if (netDisbursed <= 0n) throw new RangeError('Net disbursed amount must be positive');
  const cost = dueAmount(terms, principal) - netDisbursed;
  const basisPoints = divRoundHalfUp(cost * 365n * 10_000n, netDisbursed * BigInt(terms.tenorDays));
  return { basisPoints, percent: formatHundredths(basisPoints) };
}

function formatHundredths(value: bigint): string {
  const sign = value < 0n ? '-' : '';
  const abs = value < 0n ? -value : value;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}
