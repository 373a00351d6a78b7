import { accrueThrough, type DayAccrual } from './accrual.js';
import { addDays, type IndiaDate } from './calendar-date.js';
import { COMPONENTS, totalOf, zeroAmounts, type ComponentAmounts } from './components.js';
import { allocateRepayment, type RepaymentAllocation } from './allocation.js';
import { coolingOffExitAmount } from './clearing.js';
import { postingsFor, type Journal } from './ledger.js';
import { isSettled, type LoanBalances, type LoanStep } from './loan.js';
import type { Paise } from './money.js';
import type { LoanProductTerms } from './terms.js';

export interface RepaymentStep extends LoanStep {
  /** Day-ends caught up before the payment (their journals come first in `journals`). */
  accruals: DayAccrual[];
  allocation: RepaymentAllocation;
  settled: boolean;
}

/**
 * A payment received during `date`: missed day-ends are accrued first (interest for the days
 * used), then the payment is allocated in the product's order; any excess is an overpayment.
 */
export function applyRepayment(
  loan: LoanBalances,
  terms: LoanProductTerms,
  date: IndiaDate,
  amount: Paise,
): RepaymentStep {
  const caughtUp = accrueThrough(loan, terms, addDays(date, -1));
  const allocation = allocateRepayment(caughtUp.loan.outstanding, amount, terms.allocationOrder);
  const next = { ...caughtUp.loan, outstanding: allocation.remaining };
  return {
    loan: next,
    accruals: caughtUp.accruals,
    allocation,
    settled: isSettled(next),
    journals: [
      ...caughtUp.journals,
      postingsFor({
        type: 'repayment',
        allocated: allocation.allocated,
        excess: allocation.excess,
      }),
    ],
  };
}

export type AmountsResult =
  | ({ ok: true; amounts: ComponentAmounts } & LoanStep)
  | { ok: false; reason: 'NEGATIVE_AMOUNT' | 'EXCEEDS_OUTSTANDING' | 'NOTHING_TO_WAIVE' };

function release(
  loan: LoanBalances,
  partial: Partial<ComponentAmounts>,
  type: 'waiver' | 'writeOff',
): AmountsResult {
  const amounts = { ...zeroAmounts(), ...partial };
  for (const c of COMPONENTS) {
    if (amounts[c] < 0n) return { ok: false, reason: 'NEGATIVE_AMOUNT' };
    if (amounts[c] > loan.outstanding[c]) return { ok: false, reason: 'EXCEEDS_OUTSTANDING' };
  }
  if (totalOf(amounts) === 0n) return { ok: false, reason: 'NOTHING_TO_WAIVE' };
  const outstanding = zeroAmounts();
  for (const c of COMPONENTS) outstanding[c] = loan.outstanding[c] - amounts[c];
  return {
    ok: true,
    amounts,
    loan: { ...loan, outstanding },
    journals: [postingsFor({ type, amounts })],
  };
}

/** Waives the given amounts (staff-approved); refuses more than is owed. */
export function applyWaiver(loan: LoanBalances, amounts: Partial<ComponentAmounts>): AmountsResult {
  return release(loan, amounts, 'waiver');
}

/** Settlement: the remainder after the borrower's last payment is waived. */
export function waiveRemaining(loan: LoanBalances): AmountsResult {
  return release(loan, loan.outstanding, 'waiver');
}

/** Writes off everything still owed (bad debt). */
export function writeOff(loan: LoanBalances): AmountsResult {
  return release(loan, loan.outstanding, 'writeOff');
}

export type CoolingOffExitStep =
  | ({ ok: true; amount: Paise; accruals: DayAccrual[] } & LoanStep)
  | { ok: false; reason: 'NOT_DISBURSED' | 'COOLING_OFF_WINDOW_CLOSED' };

/** The borrower exits within the cooling-off window, paying the quoted amount in full. */
export function applyCoolingOffExit(
  loan: LoanBalances,
  terms: LoanProductTerms,
  date: IndiaDate,
): CoolingOffExitStep {
  const quote = coolingOffExitAmount(loan, terms, date);
  if (!quote.ok) return { ok: false, reason: quote.reason };
  const caughtUp = accrueThrough(loan, terms, addDays(date, -1));
  const { penal, ...paid } = caughtUp.loan.outstanding;
  const journals: Journal[] = [
    ...caughtUp.journals,
    postingsFor({ type: 'repayment', allocated: { ...paid, penal: 0n }, excess: 0n }),
  ];
  if (penal > 0n)
    journals.push(postingsFor({ type: 'waiver', amounts: { ...zeroAmounts(), penal } }));
  return {
    ok: true,
    amount: quote.amount,
    accruals: caughtUp.accruals,
    loan: { ...caughtUp.loan, outstanding: zeroAmounts() },
    journals,
  };
}
