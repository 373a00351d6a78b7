import { zeroAmounts, totalOf, type Component, type ComponentAmounts } from './components.js';
import { postingsFor } from './ledger.js';
import type { LoanBalances, LoanStep } from './loan.js';
import type { Paise } from './money.js';

/**
 * What a coupon takes off: `interest`, or `charges` (the rollover fee, then the penal charge).
 * Never principal, and never GST (a tax owed on a fee already charged).
 */
export type CouponTarget = 'interest' | 'charges';

/** A coupon's face: a fixed amount, or a percent (in basis points) of the target, capped. */
export type CouponFace =
  { kind: 'amount'; amount: Paise } | { kind: 'percent'; basisPoints: number; cap: Paise };

export interface CouponTerms {
  target: CouponTarget;
  face: CouponFace;
  /** The loan amount (principal paid out) at least this much; 0 = no threshold. */
  threshold: Paise;
}

/** The components a target reaches, in the order the reduction takes them. */
export const COUPON_COMPONENTS: Readonly<Record<CouponTarget, readonly Component[]>> = {
  interest: ['interest'],
  charges: ['fee', 'penal'],
};

export type CouponResult =
  | ({ ok: true; amounts: ComponentAmounts } & LoanStep)
  | { ok: false; reason: 'BELOW_THRESHOLD' | 'PRINCIPAL_REPAID' | 'NOTHING_TO_REDUCE' };

/**
 * What the coupon takes off the loan as it stands: at most its face (a percent rounds down, then
 * the cap), at most what is owed of each targeted part, so no amount ever goes negative.
 */
export function couponReduction(loan: LoanBalances, terms: CouponTerms): ComponentAmounts {
  const parts = COUPON_COMPONENTS[terms.target];
  const base = parts.reduce((sum, c) => sum + loan.outstanding[c], 0n);
  let left =
    terms.face.kind === 'amount'
      ? terms.face.amount
      : minPaise((base * BigInt(terms.face.basisPoints)) / 10_000n, terms.face.cap);
  const amounts = zeroAmounts();
  for (const c of parts) {
    const take = minPaise(left, loan.outstanding[c]);
    amounts[c] = take;
    left -= take;
  }
  return amounts;
}

/**
 * Uses the coupon on the loan: the reduction and its balanced journal (marketing expense). It is
 * used before the payment that clears the loan, while principal is still owed, so it lowers what
 * that payment must be and never itself clears a loan (the order keeps its status).
 */
export function applyCoupon(loan: LoanBalances, terms: CouponTerms): CouponResult {
  if (loan.principalDisbursed < terms.threshold) return { ok: false, reason: 'BELOW_THRESHOLD' };
  if (loan.outstanding.principal === 0n) return { ok: false, reason: 'PRINCIPAL_REPAID' };
  const amounts = couponReduction(loan, terms);
  if (totalOf(amounts) === 0n) return { ok: false, reason: 'NOTHING_TO_REDUCE' };
  const outstanding = { ...loan.outstanding };
  for (const c of COUPON_COMPONENTS[terms.target]) outstanding[c] -= amounts[c];
  return {
    ok: true,
    amounts,
    loan: { ...loan, outstanding },
    journals: [postingsFor({ type: 'coupon', amounts })],
  };
}

function minPaise(a: Paise, b: Paise): Paise {
  return a < b ? a : b;
}
